// Tops and outerwear: t-shirt, shirt, polo, hoodie, sweater, jacket, coat.

import type { Ctx, Draw } from "./art-common.ts";
import {
  band,
  button,
  glow,
  knitPattern,
  METAL,
  outlined,
  path,
  piece,
  ribQuad,
  seam,
  stroke,
} from "./art-common.ts";
import { mirrorPath, SANS, sym } from "./svg-kit.ts";

const both = (d: string, f: (d: string) => string) => f(d) + f(mirrorPath(d));

/** Shading shared by short-sleeve tops (clipped to the body). */
function shortSleeveShading(c: Ctx): string {
  const { t } = c;
  return (
    both("M708,364 L714,860 L668,860 Q686,620 676,372 Z", (d) => path(d, t.shade)) +
    both("M708,364 L792,422 L812,398 Q760,384 738,330 Z", (d) => path(d, t.shade)) +
    path("M300,214 L408,170 Q424,222 452,246 Q370,262 318,330 L262,262 Z", glow(t), `opacity="0.45"`) +
    stroke("M410,660 Q430,740 414,840", t.shade, 8, `opacity="0.8"`) +
    stroke("M598,560 Q624,640 606,700", t.shade, 7, `opacity="0.7"`)
  );
}

/** Shading shared by long-sleeve tops. */
function longSleeveShading(c: Ctx, hemY = 870): string {
  const { t } = c;
  return (
    both(`M714,378 L716,${hemY} L672,${hemY} Q688,640 676,384 Z`, (d) => path(d, t.shade)) +
    both("M716,378 L790,760 L830,760 Q760,560 752,330 Z", (d) => path(d, t.shade)) +
    path("M300,210 L412,166 Q428,220 456,246 Q372,262 320,330 L250,300 Z", glow(t), `opacity="0.4"`) +
    stroke("M414,650 Q434,740 418,850", t.shade, 8, `opacity="0.8"`)
  );
}

/** Inside of a crew neck plus its rib band; `label` draws the size tag. */
function crewNeck(c: Ctx, back: boolean, neckY: number, label = true): string {
  const { t } = c;
  const neck = `M408,168 Q434,${neckY} 500,${neckY} Q566,${neckY} 592,168`;
  let out = "";
  if (!back) {
    out += path(`M408,168 Q500,200 592,168 Q566,${neckY} 500,${neckY} Q434,${neckY} 408,168 Z`, t.deep);
    if (label)
      out += `<rect x="484" y="188" width="32" height="${Math.min(24, neckY - 196)}" rx="3" fill="#ffffff" opacity="0.92"/>`;
  }
  out += band(neck, t.shade, t.line, 20, 7);
  out += seam(`M400,184 Q430,${neckY + 24} 500,${neckY + 24} Q570,${neckY + 24} 600,184`, c);
  return out;
}

/**
 * The tee's print: a varsity-style wordmark over two chest stripes. Text and stripes, never a framed
 * pictogram: a circle with a mountain in it reads as a broken-image glyph (docs/decisions/034-home-pictures-and-rails.md).
 */
function chestPrint(c: Ctx, cx = 500, cy = 420, s = 1): string {
  const a = c.t.accent;
  return (
    `<g transform="translate(${cx},${cy}) scale(${s})">` +
    `<text x="0" y="-6" text-anchor="middle" font-family="${SANS}" font-weight="700" font-size="54" letter-spacing="3" fill="${a}">NORTH</text>` +
    `<text x="0" y="30" text-anchor="middle" font-family="${SANS}" font-weight="700" font-size="20" letter-spacing="8" fill="${a}">EST. 1998</text>` +
    path("M-120,50 L120,50 L120,62 L-120,62 Z", a) +
    path("M-120,74 L120,74 L120,82 L-120,82 Z", a) +
    `</g>`
  );
}

// ---- T-shirt ----------------------------------------------------------------------------------------

const tshirt: Draw = (view, c) => {
  if (view === "folded") return folded(c, "crew");
  const back = view === "back";
  const neckY = back ? 194 : 234;
  const d = sym(
    [500, neckY],
    [
      [566, neckY, 592, 168],
      [722, 200],
      [870, 338],
      [792, 422],
      [708, 364],
      [712, 842],
      [610, 854, 500, 854],
    ],
  );
  let inner = shortSleeveShading(c);
  inner += both("M722,200 Q700,285 708,364", (p) => seam(p, c));
  inner += both("M855,324 L776,411", (p) => seam(p, c));
  inner += seam("M291,824 Q390,836 500,836 Q610,836 709,824", c);
  if (!back) inner += chestPrint(c);
  return piece(c, "tee", d, inner) + crewNeck(c, back, neckY);
};

// ---- Polo -------------------------------------------------------------------------------------------

const polo: Draw = (view, c) => {
  if (view === "folded") return folded(c, "polo");
  const { t } = c;
  const back = view === "back";
  const d = sym(
    [500, 200],
    [
      [560, 198, 590, 166],
      [722, 198],
      [862, 330],
      [790, 414],
      [708, 366],
      [712, 850],
      [610, 860, 500, 860],
    ],
  );
  let inner = shortSleeveShading(c);
  inner += both("M722,198 Q700,285 708,366", (p) => seam(p, c));
  // ribbed sleeve bands
  inner += both("M843,312 L771,396", (p) => band(p, t.shade, t.line, 28, 5));
  inner += both("M843,312 L771,396", (p) =>
    stroke(p, t.accent, 4, `transform="translate(-8,-8)" opacity="0.7"`),
  );
  // side vents
  inner += both("M712,850 L712,800", (p) => stroke(p, t.line, 5));
  inner += seam("M291,828 Q500,842 709,828", c);
  let over = "";
  if (!back) {
    inner += path("M482,200 L518,200 L518,384 L482,384 Z", t.base, `stroke="${t.line}" stroke-width="4"`);
    inner += seam("M490,210 L490,376", c) + seam("M510,210 L510,376", c);
    inner += button(500, 280, 10, t.light, t.line) + button(500, 340, 10, t.light, t.line);
    // embroidered logo on the chest
    inner += `<g transform="translate(612,398)">${path("M-17,-20 L17,-20 L17,0 Q17,17 0,24 Q-17,17 -17,0 Z", t.accent)}${stroke("M-9,-6 L0,4 L9,-6", t.base, 4)}</g>`;
    over += path("M410,170 Q500,196 590,170 L520,206 L480,206 Z", t.deep);
    // spread collar leaves
    over += outlined("M500,206 Q540,176 590,164 Q628,206 612,262 Q560,238 500,206 Z", t.base, t.line, 5);
    over += outlined(
      mirrorPath("M500,206 Q540,176 590,164 Q628,206 612,262 Q560,238 500,206 Z"),
      t.base,
      t.line,
      5,
    );
    over += stroke("M520,208 Q560,232 604,250", t.accent, 4, `opacity="0.6"`);
    over += stroke(mirrorPath("M520,208 Q560,232 604,250"), t.accent, 4, `opacity="0.6"`);
  } else {
    over += outlined("M408,168 Q500,140 592,168 L596,204 Q500,180 404,204 Z", t.base, t.line, 5);
    over += stroke("M412,196 Q500,172 588,196", t.accent, 4, `opacity="0.6"`);
  }
  return piece(c, "polo", d, inner) + over;
};

// ---- Shirt ------------------------------------------------------------------------------------------

const SHIRT = sym(
  [500, 176],
  [
    [560, 176, 588, 160],
    [716, 196],
    [778, 226, 822, 420, 866, 742],
    [788, 758],
    [716, 380],
    [716, 860],
    [700, 906, 600, 916, 500, 916],
  ],
);

function shirtCuffs(c: Ctx): string {
  const { t } = c;
  return (
    both("M854,670 L866,742 L788,758 L774,690 Z", (d) => outlined(d, t.base, t.line, 5)) +
    button(835, 724, 8, t.light, t.line) +
    button(165, 724, 8, t.light, t.line)
  );
}

const shirt: Draw = (view, c) => {
  if (view === "folded") return folded(c, "collar");
  const { t } = c;
  const back = view === "back";
  let inner = longSleeveShading(c, 920);
  inner += both("M716,196 Q700,290 716,380", (p) => seam(p, c));
  inner += seam("M286,880 Q300,900 380,904 Q450,912 500,912 Q550,912 620,904 Q700,900 714,880", c);
  let over = "";
  if (back) {
    inner += path(
      "M284,268 Q500,288 716,268 L716,196 L588,160 Q500,176 412,160 L284,196 Z",
      t.light,
      `opacity="0.35"`,
    );
    inner += stroke("M284,268 Q500,288 716,268", t.line, 4) + seam("M286,280 Q500,300 714,280", c);
    inner += stroke("M470,285 L466,330", t.line, 4) + stroke("M530,285 L534,330", t.line, 4);
    over += outlined("M408,164 Q500,136 592,164 L596,200 Q500,174 404,200 Z", t.base, t.line, 5);
    over += seam("M414,188 Q500,164 586,188", c);
  } else {
    inner += path("M484,220 L516,220 L516,920 L484,920 Z", t.base, `stroke="${t.line}" stroke-width="4"`);
    inner += seam("M490,230 L490,912", c) + seam("M510,230 L510,912", c);
    for (const y of [300, 400, 500, 600, 700, 800]) inner += button(500, y, 10, t.light, t.line);
    // chest pocket
    inner += outlined("M562,372 L662,372 L662,478 L612,496 L562,478 Z", t.base, t.line, 4);
    inner += seam("M562,390 L662,390", c);
    over += outlined("M410,168 Q500,128 590,168 L584,188 Q500,160 416,188 Z", t.base, t.line, 5);
    over += path("M420,186 Q500,162 580,186 L504,226 L496,226 Z", t.deep);
    over += outlined("M502,226 Q545,180 592,162 Q612,218 582,276 Q540,248 502,226 Z", t.base, t.line, 5);
    over += outlined(
      mirrorPath("M502,226 Q545,180 592,162 Q612,218 582,276 Q540,248 502,226 Z"),
      t.base,
      t.line,
      5,
    );
    over += seam("M520,226 Q552,244 574,260", c) + seam(mirrorPath("M520,226 Q552,244 574,260"), c);
  }
  return piece(c, "shirt", SHIRT, inner) + shirtCuffs(c) + over;
};

// ---- Hoodie -----------------------------------------------------------------------------------------

const HOODIE = sym(
  [500, 200],
  [
    [566, 200, 596, 172],
    [720, 200],
    [790, 232, 832, 430, 872, 712],
    [790, 730],
    [718, 384],
    [722, 800],
    [500, 800],
  ],
);

function hoodieBands(c: Ctx): string {
  const { t } = c;
  return (
    ribQuad([282, 796], [292, 860], [708, 860], [718, 796], t.shade, t.line, t.line, 40) +
    ribQuad([872, 706], [882, 770], [802, 786], [790, 724], t.shade, t.line, t.line, 8) +
    ribQuad([128, 706], [118, 770], [198, 786], [210, 724], t.shade, t.line, t.line, 8)
  );
}

const hoodie: Draw = (view, c) => {
  if (view === "folded") return folded(c, "hood");
  const { t } = c;
  const back = view === "back";
  let inner = longSleeveShading(c, 800);
  inner += both("M720,200 Q700,292 718,384", (p) => seam(p, c));
  let over = "";
  if (back) {
    over += piece(
      c,
      "hoodback",
      "M394,186 Q500,150 606,186 C640,260 620,400 500,430 C380,400 360,260 394,186 Z",
      path("M500,150 L500,440", "none", `stroke="${t.line}" stroke-width="4"`) +
        path("M394,186 C370,270 400,360 470,410 L440,250 Z", t.shade, `opacity="0.6"`),
    );
    over += seam("M402,204 C392,280 410,380 500,412 C590,380 608,280 598,204", c);
  } else {
    // hood lying behind the neck: outer shell, lining, rim, drawstrings; then the kangaroo pocket
    over += outlined(
      "M352,236 C330,150 410,100 500,100 C590,100 670,150 648,236 Q580,206 500,206 Q420,206 352,236 Z",
      t.base,
      t.line,
    );
    over += path("M372,220 C360,160 420,124 500,124 C460,140 420,170 404,214 Z", glow(t), `opacity="0.4"`);
    over += outlined(
      "M384,222 C378,168 432,140 500,140 C568,140 622,168 616,222 C606,268 550,300 500,314 C450,300 394,268 384,222 Z",
      t.shade,
      t.line,
    );
    over += path("M420,224 Q500,196 580,224 C570,262 530,290 500,300 C470,290 430,262 420,224 Z", t.deep);
    over += band("M386,214 C384,268 452,300 500,316 C548,300 616,268 614,214", t.base, t.line, 24, 6);
    over +=
      stroke("M466,286 Q462,360 470,440", "#f1efe9", 8) + stroke("M534,286 Q540,360 528,450", "#f1efe9", 8);
    over += `<rect x="462" y="436" width="16" height="30" rx="5" fill="${METAL.silver}" stroke="${METAL.silverDark}" stroke-width="3"/>`;
    over += `<rect x="520" y="446" width="16" height="30" rx="5" fill="${METAL.silver}" stroke="${METAL.silverDark}" stroke-width="3"/>`;
    over += `<circle cx="466" cy="286" r="8" fill="${METAL.silver}" stroke="${METAL.silverDark}" stroke-width="3"/>`;
    over += `<circle cx="534" cy="286" r="8" fill="${METAL.silver}" stroke="${METAL.silverDark}" stroke-width="3"/>`;
    const pocket = "M396,600 L604,600 Q636,680 666,800 L334,800 Q364,680 396,600 Z";
    inner += outlined(pocket, t.base, t.line, 5);
    inner += path("M604,600 Q636,680 666,800 L690,800 Q650,680 618,600 Z", t.shade);
    inner += path(mirrorPath("M604,600 Q636,680 666,800 L690,800 Q650,680 618,600 Z"), t.shade);
    inner += stroke("M604,600 Q636,680 666,800", t.line, 6) + stroke("M396,600 Q364,680 334,800", t.line, 6);
    inner +=
      seam("M404,614 L596,614", c) +
      seam("M612,620 Q640,690 662,790", c) +
      seam("M388,620 Q360,690 338,790", c);
  }
  return piece(c, "hoodie", HOODIE, inner) + hoodieBands(c) + over;
};

// ---- Sweater ----------------------------------------------------------------------------------------

const SWEATER = sym(
  [500, 226],
  [
    [566, 226, 592, 168],
    [716, 196],
    [784, 226, 826, 430, 866, 712],
    [786, 728],
    [716, 384],
    [720, 800],
    [500, 800],
  ],
);

function cable(x: number, y1: number, y2: number, color: string, w = 6): string {
  let d = "";
  for (let y = y1; y < y2; y += 56) {
    d += `M${x - 18},${y} C${x - 18},${y + 28} ${x + 18},${y + 28} ${x + 18},${y + 56}`;
    d += `M${x + 18},${y} C${x + 18},${y + 20} ${x + 6},${y + 24} ${x + 3},${y + 26}`;
    d += `M${x - 3},${y + 31} C${x - 6},${y + 34} ${x - 18},${y + 38} ${x - 18},${y + 56}`;
  }
  return stroke(d, color, w);
}

const sweater: Draw = (view, c) => {
  if (view === "folded") return folded(c, "knit");
  const { t } = c;
  const back = view === "back";
  const neckY = back ? 196 : 226;
  const d = back
    ? sym(
        [500, 196],
        [
          [566, 196, 592, 168],
          [716, 196],
          [784, 226, 826, 430, 866, 712],
          [786, 728],
          [716, 384],
          [720, 800],
          [500, 800],
        ],
      )
    : SWEATER;
  const [defs, fill] = knitPattern(c, t.lum < 0.12 ? t.light : t.shade, 0.5);
  let inner = `${defs}<rect x="0" y="0" width="1000" height="1000" fill="${fill}"/>${longSleeveShading(c, 800)}`;
  inner += both("M716,196 Q694,300 716,384", (p) => seam(p, c));
  if (!back) {
    const col = t.lum < 0.12 ? t.light : t.shade;
    inner += cable(500, 270, 790, col, 9) + cable(390, 300, 790, col, 9) + cable(610, 300, 790, col, 9);
    inner += both("M440,290 L440,800 M560,290 L560,800", (p) => stroke(p, col, 4, `opacity="0.8"`));
  }
  const bands =
    ribQuad([280, 796], [284, 866], [716, 866], [720, 796], t.base, t.line, t.line, 44) +
    ribQuad([866, 706], [876, 776], [798, 792], [786, 722], t.base, t.line, t.line, 8) +
    ribQuad([134, 706], [124, 776], [202, 792], [214, 722], t.base, t.line, t.line, 8);
  let neck = "";
  if (!back)
    neck += path(`M408,168 Q500,200 592,168 Q566,${neckY} 500,${neckY} Q434,${neckY} 408,168 Z`, t.deep);
  neck += band(`M408,168 Q434,${neckY} 500,${neckY} Q566,${neckY} 592,168`, t.base, t.line, 26, 7);
  neck += stroke(
    `M408,168 Q434,${neckY} 500,${neckY} Q566,${neckY} 592,168`,
    t.line,
    2,
    `stroke-dasharray="2 8" opacity="0.7"`,
  );
  return piece(c, "sweater", d, inner) + bands + neck;
};

// ---- Jacket (bomber) --------------------------------------------------------------------------------

const JACKET = sym(
  [500, 190],
  [
    [560, 190, 590, 160],
    [728, 200],
    [806, 236, 850, 440, 880, 700],
    [796, 720],
    [724, 380],
    [730, 790],
    [500, 790],
  ],
);

const jacket: Draw = (view, c) => {
  const { t } = c;
  const back = view === "back";
  let inner = longSleeveShading(c, 800);
  inner += both("M728,200 Q706,300 724,380", (p) => seam(p, c));
  // puffy highlights
  inner += both("M330,420 Q360,520 350,640", (p) => stroke(p, t.light, 10, `opacity="0.45"`));
  inner += both("M770,330 Q800,470 820,600", (p) => stroke(p, t.light, 10, `opacity="0.45"`));
  const stripe = t.lum > 0.45 ? t.deep : t.light;
  const bands =
    ribQuad([268, 786], [274, 860], [726, 860], [732, 786], t.shade, t.line, t.line, 44) +
    stroke("M272,812 L728,812 M273,830 L727,830", stripe, 6) +
    ribQuad([880, 694], [892, 764], [810, 782], [796, 714], t.shade, t.line, t.line, 8) +
    ribQuad([120, 694], [108, 764], [190, 782], [204, 714], t.shade, t.line, t.line, 8);
  let over = "";
  if (back) {
    inner += stroke("M500,200 L500,790", t.line, 4) + seam("M510,210 L510,780", c);
    over += ribQuad([408, 160], [404, 206], [596, 206], [592, 160], t.shade, t.line, t.line, 30);
    over += stroke("M406,180 L594,180", stripe, 6);
  } else {
    // welt pockets
    inner += both("M600,560 L648,690", (p) => band(p, t.shade, t.line, 20, 5));
    // sleeve zip pocket
    inner +=
      outlined("M772,330 L826,320 L836,380 L782,392 Z", t.shade, t.line, 4) +
      stroke("M778,340 L826,331", METAL.silverDark, 4);
    over += path("M414,164 Q500,196 586,164 L520,214 L480,214 Z", t.deep);
    over += ribQuad([408, 150], [420, 200], [500, 214], [500, 170], t.shade, t.line, t.line, 8);
    over += ribQuad([592, 150], [580, 200], [500, 214], [500, 170], t.shade, t.line, t.line, 8);
    over += stroke("M412,172 L500,190 L588,172", stripe, 6);
    // zipper
    over +=
      stroke("M500,206 L500,858", t.line, 14) +
      stroke("M500,206 L500,858", METAL.silver, 8, `stroke-dasharray="4 4"`);
    over += `<rect x="491" y="224" width="18" height="46" rx="5" fill="${METAL.silver}" stroke="${METAL.silverDark}" stroke-width="3"/>`;
  }
  return piece(c, "jacket", JACKET, inner) + bands + over;
};

// ---- Coat -------------------------------------------------------------------------------------------

const COAT = sym(
  [500, 176],
  [
    [556, 176, 582, 150],
    [712, 184],
    [772, 212, 810, 420, 846, 772],
    [770, 786],
    [712, 400],
    [744, 918],
    [620, 928, 500, 928],
  ],
);

const coat: Draw = (view, c) => {
  const { t } = c;
  const back = view === "back";
  let inner = longSleeveShading(c, 930);
  inner += both("M712,184 Q694,300 712,400", (p) => seam(p, c));
  inner += both("M770,706 L843,692", (p) => stroke(p, t.shade, 14));
  let over = "";
  if (back) {
    inner += stroke("M500,190 L500,760", t.line, 4);
    inner +=
      path("M500,760 L540,760 L540,930 L500,930 Z", t.shade) +
      stroke("M500,760 L540,760 L540,930", t.line, 4);
    inner += stroke("M440,480 Q500,500 560,480", t.shade, 8);
    over += outlined("M400,160 Q500,126 600,160 L610,214 Q500,190 390,214 Z", t.base, t.line, 5);
  } else {
    // sweater visible in the V
    over +=
      path("M430,164 Q500,190 570,164 L500,440 Z", "#e9e4da") +
      stroke("M446,176 Q500,206 554,176", "#cfc8bb", 10);
    // lapels and collar
    const lapel = "M562,156 L628,206 L612,240 L672,258 L516,470 L500,470 Q520,300 562,156 Z";
    over +=
      outlined(lapel, t.base, t.line, 5) +
      path("M562,156 L628,206 L612,240 L600,236 Q590,200 562,156 Z", t.shade);
    over +=
      outlined(mirrorPath(lapel), t.base, t.line, 5) +
      path(mirrorPath("M562,156 L628,206 L612,240 L600,236 Q590,200 562,156 Z"), t.shade);
    over += seam("M528,450 L650,268", c) + seam(mirrorPath("M528,450 L650,268"), c);
    inner += stroke("M516,470 L516,930", t.line, 5);
    for (const y of [520, 630, 740])
      over += button(440, y, 13, t.shade, t.line) + button(580, y, 13, t.shade, t.line);
    // flap pockets and breast welt
    inner += both("M606,760 L700,752 L702,800 L608,808 Z", (p) => outlined(p, t.base, t.line, 4));
    inner += outlined("M588,398 L662,390 L664,408 L590,416 Z", t.base, t.line, 4);
  }
  return piece(c, "coat", COAT, inner) + over;
};

// ---- Folded tops ------------------------------------------------------------------------------------

type FoldKind = "crew" | "collar" | "polo" | "hood" | "knit";

function folded(c: Ctx, kind: FoldKind): string {
  const { t } = c;
  const body =
    "M290,318 L324,266 L424,240 Q500,258 576,240 L676,266 L710,318 L710,776 Q710,800 686,800 L314,800 Q290,800 290,776 Z";
  let inner = "";
  if (kind === "knit") {
    const [defs, fill] = knitPattern(c, t.lum < 0.12 ? t.light : t.shade, 0.5);
    inner += `${defs}<rect width="1000" height="1000" fill="${fill}"/>`;
    inner += cable(500, 300, 740, t.lum < 0.12 ? t.light : t.shade, 9);
  }
  inner +=
    path("M290,300 L340,300 L340,800 L290,800 Z", t.shade) +
    path("M660,300 L710,300 L710,800 L660,800 Z", t.shade);
  inner += stroke("M340,300 L340,800 M660,300 L660,800", t.line, 3, `opacity="0.5"`);
  inner += path("M290,300 L324,266 L424,240 L440,262 L340,300 Z", glow(t), `opacity="0.5"`);
  inner +=
    path("M290,740 L710,740 L710,800 L290,800 Z", t.shade, `opacity="0.6"`) +
    stroke("M290,740 L710,740", t.line, 4);
  if (kind === "knit")
    inner += ribQuad([290, 740], [290, 800], [710, 800], [710, 740], t.base, t.line, t.line, 40);
  let over = "";
  if (kind === "crew" || kind === "knit") {
    over += path("M424,240 Q500,262 576,240 Q562,300 500,302 Q438,300 424,240 Z", t.deep);
    over += band(
      "M424,240 Q438,300 500,302 Q562,300 576,240",
      kind === "knit" ? t.base : t.shade,
      t.line,
      20,
      6,
    );
    if (kind === "crew") inner += chestPrint(c, 500, 500, 1.1);
  } else if (kind === "hood") {
    over += outlined(
      "M400,252 C390,180 440,150 500,150 C560,150 610,180 600,252 Q500,232 400,252 Z",
      t.shade,
      t.line,
    );
    over += band("M418,248 Q500,320 582,248", t.base, t.line, 20, 6);
    over += stroke("M470,294 L466,430 M530,294 L534,430", "#f1efe9", 8);
    inner += stroke("M380,600 L620,600", t.line, 5) + seam("M384,614 L616,614", c);
  } else {
    over += path("M424,242 Q500,262 576,242 L520,290 L480,290 Z", t.deep);
    const leaf = "M500,290 Q540,250 580,238 Q604,284 584,330 Q540,310 500,290 Z";
    over += outlined(leaf, t.base, t.line, 5) + outlined(mirrorPath(leaf), t.base, t.line, 5);
    const placketEnd = kind === "polo" ? 460 : 800;
    inner += path(
      `M484,290 L516,290 L516,${placketEnd} L484,${placketEnd} Z`,
      t.base,
      `stroke="${t.line}" stroke-width="4"`,
    );
    for (const y of kind === "polo" ? [350, 420] : [370, 470, 570, 670])
      inner += button(500, y, 10, t.light, t.line);
    if (kind === "collar")
      inner += outlined("M560,400 L640,400 L640,486 L600,500 L560,486 Z", t.base, t.line, 4);
  }
  return `<g transform="translate(500,520) scale(1.22) translate(-500,-520)">${piece(c, "fold", body, inner)}${over}</g>`;
}

export const TOPS = { tshirt, shirt, polo, hoodie, sweater, jacket, coat } satisfies Record<string, Draw>;
