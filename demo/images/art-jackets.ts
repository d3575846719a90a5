// Styles drawn as silhouettes of their own (docs/decisions/034-home-pictures-and-rails.md): the jackets
// (biker, trucker, puffer, field jacket, windbreaker; the bomber is `jacket` in art-tops.ts) and the
// sportswear joggers. Same 1000×1000 space as every garment.

import type { Ctx, Draw } from "./art-common.ts";
import { band, button, METAL, outlined, path, piece, rivet, seam, stroke } from "./art-common.ts";
import { mirrorPath, SANS, sym } from "./svg-kit.ts";

const both = (d: string, f: (d: string) => string) => f(d) + f(mirrorPath(d));

function zipper(x1: number, y1: number, x2: number, y2: number, c: Ctx): string {
  const d = `M${x1},${y1} L${x2},${y2}`;
  return (
    stroke(d, c.t.line, 14) +
    stroke(d, METAL.silver, 8, `stroke-dasharray="4 4"`) +
    `<rect x="${x1 - 9}" y="${y1 + 14}" width="18" height="44" rx="5" fill="${METAL.silver}" stroke="${METAL.silverDark}" stroke-width="3" transform="rotate(${((Math.atan2(y2 - y1, x2 - x1) * 180) / Math.PI - 90).toFixed(1)} ${x1} ${y1 + 14})"/>`
  );
}

/** Flap pocket: box with a flap and a button (field jacket, trucker). */
function flapPocket(c: Ctx, x: number, y: number, w: number, h: number, buttonR = 10): string {
  const { t } = c;
  return (
    outlined(`M${x},${y} L${x + w},${y} L${x + w},${y + h} L${x},${y + h} Z`, t.base, t.line, 5) +
    seam(
      `M${x + 10},${y + 14} L${x + 10},${y + h - 10} L${x + w - 10},${y + h - 10} L${x + w - 10},${y + 14}`,
      c,
    ) +
    outlined(
      `M${x - 6},${y - 8} L${x + w + 6},${y - 8} L${x + w + 6},${y + h * 0.3} L${x + w / 2},${y + h * 0.4} L${x - 6},${y + h * 0.3} Z`,
      t.shade,
      t.line,
      5,
    ) +
    button(x + w / 2, y + h * 0.3, buttonR, t.deep, t.line)
  );
}

function sleeveShade(c: Ctx): string {
  return both("M716,378 L790,740 L830,740 Q760,560 752,330 Z", (d) => path(d, c.t.shade));
}

// ---- Biker: cropped, asymmetric zip, wide lapels, belted hem ------------------------------------------

const BIKER = sym(
  [500, 196],
  [
    [566, 196, 596, 164],
    [724, 196],
    [800, 236, 846, 430, 872, 690],
    [790, 708],
    [718, 380],
    [716, 740],
    [500, 744],
  ],
);

const biker: Draw = (view, c) => {
  const { t } = c;
  let inner = sleeveShade(c) + both("M724,196 Q704,290 718,380", (p) => seam(p, c));
  inner += both("M868,640 L786,656", (p) => stroke(p, t.line, 4)); // sleeve zips
  inner += both("M846,560 L792,572", (p) => stroke(p, METAL.silver, 6));
  inner += band("M286,690 L714,690", t.shade, t.line, 40, 5); // belt
  inner += `<rect x="642" y="672" width="46" height="36" rx="4" fill="none" stroke="${METAL.silver}" stroke-width="7"/>`;
  let over = "";
  if (view === "back") {
    inner += seam("M300,430 Q500,470 700,430", c) + stroke("M500,196 L500,670", t.line, 3);
    return piece(c, "biker", BIKER, inner);
  }
  // asymmetric zip from the right collar to the left hem, with the flap folded open into lapels
  inner += stroke("M598,210 L420,670", t.line, 6);
  over += outlined("M596,168 L690,230 L620,420 L560,300 Z", t.shade, t.line, 6); // right lapel
  over += outlined("M404,168 L330,250 L420,380 L470,250 Z", t.shade, t.line, 6); // left lapel
  over += rivet(650, 250, 9, METAL.silver) + rivet(352, 262, 9, METAL.silver);
  over += zipper(586, 230, 420, 676, c);
  over += zipper(350, 470, 430, 580, c); // slanted chest pocket
  over += stroke("M620,520 L690,520", METAL.silver, 7) + stroke("M620,520 L690,520", t.line, 2);
  return piece(c, "biker", BIKER, inner) + over;
};

// ---- Trucker (denim): yoke seams, pointed collar, flap chest pockets, buttoned waistband -------------

const TRUCKER = sym(
  [500, 188],
  [
    [556, 188, 586, 160],
    [730, 206],
    [798, 246, 842, 440, 866, 706],
    [790, 720],
    [722, 396],
    [726, 742],
    [720, 790],
    [500, 790],
  ],
);

const trucker: Draw = (view, c) => {
  const { t } = c;
  const copper = METAL.gold;
  let inner = sleeveShade(c) + both("M730,206 Q708,300 722,396", (p) => seam(p, c, copper));
  inner += band("M276,760 L724,760", t.shade, t.line, 56, 5); // waistband
  inner += seam("M280,742 L720,742 M280,778 L720,778", c, copper);
  inner += both("M866,690 L790,704", (p) => seam(p, c, copper)); // cuffs
  if (view === "back") {
    inner += seam("M276,330 L400,300 L500,360 L600,300 L724,330", c, copper);
    inner += seam("M360,400 L360,730 M640,400 L640,730", c, copper);
    return piece(c, "trucker", TRUCKER, inner) + stroke("M404,166 Q500,204 596,166", t.line, 6);
  }
  inner += seam("M290,340 L480,320 M520,320 L710,340", c, copper); // yoke
  inner += seam("M380,430 L380,740 M620,430 L620,740", c, copper); // front pleats
  inner += stroke("M500,200 L500,790", t.line, 5) + seam("M522,210 L522,780", c, copper);
  let over = flapPocket(c, 326, 350, 116, 110, 11) + flapPocket(c, 558, 350, 116, 110, 11);
  for (const y of [250, 420, 560, 700]) over += rivet(522, y, 11, copper);
  over += rivet(300, 760, 10, copper) + rivet(700, 760, 10, copper);
  // pointed shirt collar
  over += outlined("M410,160 L500,214 L440,280 L360,214 Z", t.shade, t.line, 6);
  over += outlined("M590,160 L500,214 L560,280 L640,214 Z", t.shade, t.line, 6);
  return piece(c, "trucker", TRUCKER, inner) + over;
};

// ---- Puffer: quilted baffles that bulge past the outline, tall collar --------------------------------

function pufferOutline(): string {
  // Sides bulge at each baffle: a scalloped outline is what says "quilted" at thumbnail size.
  const right: number[][] = [
    [560, 150, 600, 140],
    [736, 196],
  ];
  const seams = [330, 450, 570, 690];
  let y = 196;
  for (const next of seams) {
    right.push([790, (y + next) / 2, 744 + (next - 196) * 0.02, next]);
    y = next;
  }
  right.push([800, 770, 740, 810], [500, 820]);
  return sym([500, 150], right);
}
const PUFFER = pufferOutline();
const PUFFER_SLEEVE = "M736,196 C800,220 840,300 860,420 L904,700 L806,734 L760,420 Z";

const puffer: Draw = (view, c) => {
  const { t } = c;
  let out = "";
  for (const [name, d] of [
    ["pufsr", PUFFER_SLEEVE],
    ["pufsl", mirrorPath(PUFFER_SLEEVE)],
  ] as const) {
    let sleeveInner = "";
    let lines = "";
    for (const y of [330, 440, 550, 650])
      lines += stroke(`M700,${y} Q800,${y + 30} 920,${y - 10}`, t.line, 4);
    lines += stroke("M780,300 Q820,460 840,640", t.light, 12, `opacity="0.5"`);
    sleeveInner += name === "pufsr" ? lines : `<g transform="translate(1000,0) scale(-1,1)">${lines}</g>`;
    out += piece(c, name, d, sleeveInner);
  }
  let inner = "";
  for (const y of [330, 450, 570, 690]) inner += stroke(`M240,${y} Q500,${y + 36} 760,${y}`, t.line, 5);
  for (const y of [270, 390, 510, 630, 750])
    inner += stroke(`M320,${y} Q500,${y + 20} 680,${y}`, t.light, 14, `opacity="0.45"`);
  if (view !== "back") inner += zipper(500, 150, 500, 816, c);
  out += piece(c, "puffer", PUFFER, inner);
  out += outlined("M400,120 L600,120 L604,206 Q500,226 396,206 Z", t.shade, t.line, 6); // stand collar
  if (view !== "back") out += stroke("M500,120 L500,214", t.line, 6);
  return out;
};

// ---- Field jacket: long, four flap pockets, stand collar, drawcord waist ---------------------------

const FIELD = sym(
  [500, 180],
  [
    [556, 180, 586, 150],
    [716, 190],
    [786, 230, 828, 440, 858, 748],
    [778, 762],
    [712, 400],
    [740, 880],
    [500, 886],
  ],
);

const field: Draw = (view, c) => {
  const { t } = c;
  let inner = sleeveShade(c) + both("M716,190 Q698,300 712,400", (p) => seam(p, c));
  inner += seam("M292,590 Q500,606 708,590", c) + seam("M292,614 Q500,630 708,614", c); // drawcord channel
  inner += both("M850,700 L782,714", (p) => band(p, t.shade, t.line, 18, 4)); // cuff tabs
  if (view === "back") {
    inner += seam("M268,300 Q500,340 732,300", c) + stroke("M500,180 L500,880", t.line, 3);
    return piece(c, "field", FIELD, inner) + band("M412,152 Q500,176 588,152", t.shade, t.line, 40, 6);
  }
  inner += stroke("M500,190 L500,886", t.line, 5);
  let over = flapPocket(c, 330, 330, 120, 120) + flapPocket(c, 550, 330, 120, 120);
  over += flapPocket(c, 300, 660, 150, 160) + flapPocket(c, 550, 660, 150, 160);
  for (const y of [260, 480, 560])
    over += `<circle cx="522" cy="${y}" r="9" fill="${METAL.silver}" stroke="${t.line}" stroke-width="3"/>`;
  over += stroke("M480,600 Q470,650 486,680 M520,600 Q530,650 514,680", t.deep, 5); // cord ends
  over += band("M412,152 Q500,176 588,152", t.shade, t.line, 40, 6);
  return piece(c, "field", FIELD, inner) + over;
};

// ---- Windbreaker: half-zip pullover, colour-blocked chevron, hood folded in the collar, elastic hem -----

const WIND = sym(
  [500, 210],
  [
    [570, 206, 612, 160],
    [740, 214],
    [820, 260, 870, 470, 894, 716],
    [808, 736],
    [742, 420],
    [754, 800],
    [700, 830, 500, 830],
  ],
);

const windbreaker: Draw = (view, c) => {
  const { t } = c;
  const block = t.lum > 0.55 ? t.deep : t.accent;
  let inner = sleeveShade(c);
  // colour-blocked chevron across chest and sleeves: the windbreaker's signature
  inner += path("M100,470 L500,590 L900,470 L900,560 L500,680 L100,560 Z", block);
  inner += path("M100,560 L500,680 L900,560 L900,590 L500,710 L100,590 Z", "#ffffff", `opacity="0.85"`);
  inner += band("M262,806 Q500,850 738,806", t.shade, t.line, 30, 4); // elastic hem
  inner += both("M890,700 L806,718", (p) => band(p, t.shade, t.line, 22, 4));
  let over = "";
  if (view !== "back") {
    over += zipper(500, 214, 500, 440, c);
    over += `<text x="620" y="330" font-family="${SANS}" font-weight="700" font-size="34" fill="${block}" letter-spacing="2">TRAIL</text>`;
    over += outlined("M580,520 L660,500 L670,560 L590,580 Z", t.shade, t.line, 4); // kangaroo pocket zip
  }
  over += band("M400,176 Q500,226 600,176", t.shade, t.line, 44, 6); // rolled hood in the collar
  over += stroke("M470,210 Q466,260 476,290 M530,210 Q534,260 524,290", t.deep, 5);
  return piece(c, "wind", WIND, inner) + over;
};

// ---- Joggers: elastic waist with a drawcord, tapered legs gathered into rib cuffs, a side stripe ------

const JOGGERS = sym(
  [500, 150],
  [
    [676, 150],
    [680, 214],
    [716, 300, 712, 390],
    [660, 850],
    [664, 912],
    [546, 912],
    [548, 850],
    [508, 450],
    [504, 434, 500, 430],
  ],
);

const joggers: Draw = (view, c) => {
  const { t } = c;
  const stripe = t.lum > 0.55 ? t.deep : "#f4f2ec";
  let inner = both("M500,430 L520,850 L556,850 Q530,640 522,430 Z", (d) => path(d, t.shade));
  inner += both("M712,390 L660,850 L640,850 Q680,620 690,380 Z", (d) => path(d, t.shade));
  inner += both("M700,250 L652,850", (d) => stroke(d, stripe, 16)); // side stripes
  inner += both("M420,460 Q460,560 470,700", (d) => stroke(d, t.light, 10, `opacity="0.4"`)); // knee folds
  let over = "";
  // gathered waistband and rib cuffs
  over += band("M326,182 L674,182", t.shade, t.line, 60, 5);
  for (let x = 340; x <= 660; x += 16) over += stroke(`M${x},160 L${x},204`, t.line, 2, `opacity="0.5"`);
  over += both("M548,882 L664,882", (d) => band(d, t.shade, t.line, 56, 5));
  if (view !== "back") {
    over += stroke("M484,204 Q470,270 486,300 M516,204 Q530,270 514,300", "#f4f2ec", 7); // drawcord
    over += both("M620,230 Q660,300 690,330", (d) => seam(d, c)); // slant pockets
  } else {
    over += outlined("M560,280 L650,280 L646,370 L564,370 Z", t.base, t.line, 4); // back pocket
  }
  return piece(c, "jog", JOGGERS, inner) + over;
};

export const STYLE_ART = {
  joggers,
  biker,
  trucker,
  puffer,
  fieldjacket: field,
  windbreaker,
} satisfies Record<string, Draw>;
