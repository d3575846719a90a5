// Bottoms and dresses: jeans, trousers, shorts, skirt, dress.

import type { Ctx, Draw } from "./art-common.ts";
import { band, button, glow, METAL, outlined, path, piece, rivet, seam, stroke } from "./art-common.ts";
import { mirrorPath, mix, sym } from "./svg-kit.ts";

const both = (d: string, f: (d: string) => string) => f(d) + f(mirrorPath(d));

function beltLoops(c: Ctx, xs: number[], y1: number, y2: number): string {
  return xs
    .map((x) =>
      outlined(
        `M${x - 9},${y1 - 6} L${x + 9},${y1 - 6} L${x + 9},${y2 + 6} L${x - 9},${y2 + 6} Z`,
        c.t.base,
        c.t.line,
        4,
      ),
    )
    .join("");
}

// ---- Jeans & trousers -------------------------------------------------------------------------------

/** Long trousers are drawn wide for legibility of the details, then slimmed to realistic proportions. */
const slim = (markup: string) =>
  `<g transform="translate(500,520) scale(0.86,1.05) translate(-500,-520)">${markup}</g>`;

const JEANS = sym(
  [500, 150],
  [
    [690, 150],
    [694, 206],
    [714, 290, 716, 380],
    [690, 906],
    [520, 906],
    [506, 448],
    [503, 430, 500, 426],
  ],
);

const TROUSERS = sym(
  [500, 140],
  [
    [678, 140],
    [682, 194],
    [704, 280, 704, 360],
    [690, 918],
    [528, 918],
    [508, 440],
    [504, 424, 500, 420],
  ],
);

function denimStitch(c: Ctx): string {
  const { t } = c;
  if (t.lum > 0.35 && t.lum < 0.7 && t.base.startsWith("#c")) return mix(t.base, "#3a2a10", 0.6);
  return t.lum > 0.5 ? "#a2681f" : "#d8a349";
}

function legShading(c: Ctx, top: number, hem: number, crotch: number): string {
  const { t } = c;
  return (
    both(`M500,${crotch} L512,${hem} L560,${hem} Q530,${(crotch + hem) / 2} 520,${crotch} Z`, (d) =>
      path(d, t.shade),
    ) +
    both(`M716,${top} L692,${hem} L660,${hem} Q690,${(top + hem) / 2} 690,${top} Z`, (d) =>
      path(d, t.shade, `opacity="0.7"`),
    )
  );
}

const jeans: Draw = (view, c) => {
  const { t } = c;
  const back = view === "back";
  const thread = denimStitch(c);
  const st = (d: string) => seam(d, c, thread, 4);
  let inner = legShading(c, 380, 906, 430);
  // denim fading on the thighs and whiskers
  inner += both("M560,330 C640,330 660,440 640,560 C620,640 570,640 560,560 Z", (d) =>
    path(d, glow(c.t), `opacity="0.35"`),
  );
  inner += both("M522,446 Q560,440 590,420 M524,470 Q566,466 598,446 M526,494 Q560,494 588,480", (d) =>
    stroke(d, glow(c.t), 6, `opacity="0.6"`),
  );
  inner += st("M318,880 L482,880") + st("M518,880 L684,880");
  inner += both("M696,380 L680,880", (d) => st(d));
  inner += path("M306,150 L694,150 L694,206 L306,206 Z", t.base, `stroke="${t.line}" stroke-width="5"`);
  inner += st("M310,164 L690,164") + st("M310,194 L690,194");
  let over = "";
  if (back) {
    inner += stroke("M500,206 L500,426", t.line, 5) + st("M510,210 L510,420");
    inner += stroke("M306,260 L500,300 L694,260", t.line, 5) + st("M306,274 L500,314 L694,274");
    const pocket = "M560,330 L676,318 L680,450 L624,482 L566,458 Z";
    inner += both(pocket, (d) => outlined(d, t.base, t.line, 5));
    inner += both("M570,342 L672,332", (d) => st(d));
    inner += both("M582,400 Q602,380 624,410 Q646,380 664,398", (d) => st(d));
    inner += `<rect x="600" y="160" width="78" height="40" rx="4" fill="#8a5a34" stroke="#5b3a1f" stroke-width="4"/>`;
    over += beltLoops(c, [340, 500, 660], 150, 206);
  } else {
    // front pockets, coin pocket, fly
    inner += both(
      "M598,206 Q606,296 712,318",
      (d) => stroke(d, t.line, 6) + path(`${d}L714,206Z`, t.shade, `opacity="0.5"`),
    );
    inner += both("M610,206 Q620,284 712,304", (d) => st(d));
    inner += outlined("M368,212 L430,212 L432,262 L370,262 Z", t.base, t.line, 4) + st("M370,226 L430,226");
    inner += stroke("M500,206 L500,426", t.line, 5);
    inner += st("M506,210 L544,210 L544,360 Q544,400 506,412");
    inner += rivet(598, 214, 7) + rivet(402, 214, 7) + rivet(712, 316, 7) + rivet(288, 316, 7);
    over += beltLoops(c, [340, 460, 540, 660], 150, 206);
    over += rivet(500, 178, 16, METAL.silver);
  }
  return slim(piece(c, "jeans", JEANS, inner) + over);
};

const trousers: Draw = (view, c) => {
  const { t } = c;
  const back = view === "back";
  let inner = legShading(c, 360, 918, 424);
  inner += both("M612,240 L602,918", (d) => stroke(d, glow(t), 5, `opacity="0.7"`));
  inner += both("M612,240 L602,918", (d) => stroke(d, t.shade, 2, `transform="translate(5,0)"`));
  inner += path("M318,140 L682,140 L682,194 L318,194 Z", t.base, `stroke="${t.line}" stroke-width="5"`);
  inner += seam("M322,184 L678,184", c);
  inner += seam("M324,900 L488,900", c) + seam("M512,900 L676,900", c);
  let over = "";
  if (back) {
    inner += stroke("M500,194 L500,420", t.line, 5);
    inner += both("M560,270 L650,266", (d) => band(d, t.shade, t.line, 10, 4));
    inner += button(605, 292, 9, t.shade, t.line) + button(395, 292, 9, t.shade, t.line);
    inner += both("M570,196 L574,250 M650,196 L646,246", (d) => stroke(d, t.line, 3));
    over += beltLoops(c, [340, 500, 660], 140, 194);
  } else {
    inner += both(
      "M630,194 L704,330",
      (d) => stroke(d, t.line, 6) + path(`${d}L704,194Z`, t.shade, `opacity="0.45"`),
    );
    inner += stroke("M500,194 L500,420", t.line, 5) + seam("M508,200 L540,200 L540,370 Q540,396 506,404", c);
    inner += both("M570,196 L572,240", (d) => stroke(d, t.line, 3));
    over += beltLoops(c, [350, 458, 542, 650], 140, 194);
    over += button(500, 167, 11, t.shade, t.line);
  }
  return slim(piece(c, "trousers", TROUSERS, inner) + over);
};

// ---- Shorts -----------------------------------------------------------------------------------------

const SHORTS = sym(
  [500, 250],
  [
    [682, 250],
    [688, 306],
    [716, 400, 722, 470],
    [752, 708],
    [526, 716],
    [508, 540],
    [504, 524, 500, 520],
  ],
);

const shorts: Draw = (view, c) => {
  const { t } = c;
  const back = view === "back";
  let inner = both("M500,520 L526,716 L572,716 Q540,620 524,520 Z", (d) => path(d, t.shade));
  inner += both("M722,470 L752,708 L716,708 Q716,580 700,470 Z", (d) => path(d, t.shade, `opacity="0.7"`));
  inner += path("M306,250 L694,250 L694,306 L306,306 Z", t.base, `stroke="${t.line}" stroke-width="5"`);
  inner += seam("M310,294 L690,294", c);
  let over = "";
  // rolled hems
  over += both("M526,716 L752,708 L758,660 L530,670 Z", (d) => outlined(d, t.base, t.line, 5));
  over += both("M530,690 L756,682", (d) => stroke(d, t.shade, 6, `opacity="0.8"`));
  if (back) {
    inner += stroke("M500,306 L500,520", t.line, 5);
    inner +=
      both("M568,378 L664,370", (d) => band(d, t.shade, t.line, 10, 4)) +
      button(616, 400, 9, t.shade, t.line);
    over += beltLoops(c, [340, 500, 660], 250, 306);
  } else {
    inner += both(
      "M636,306 L716,430",
      (d) => stroke(d, t.line, 6) + path(`${d}L716,306Z`, t.shade, `opacity="0.45"`),
    );
    inner += both("M650,306 L716,410", (d) => seam(d, c));
    inner += stroke("M500,306 L500,512", t.line, 5) + seam("M508,310 L538,310 L538,462 Q538,490 506,496", c);
    over += beltLoops(c, [350, 458, 542, 650], 250, 306);
    over += button(500, 278, 11, t.shade, t.line);
  }
  return piece(c, "shorts", SHORTS, inner) + over;
};

// ---- Skirt (pleated A-line) -------------------------------------------------------------------------

const SKIRT = sym(
  [500, 214],
  [
    [618, 214],
    [622, 276],
    [700, 520, 776, 812],
    [640, 840, 500, 842],
  ],
);

const skirt: Draw = (view, c) => {
  const { t } = c;
  const back = view === "back";
  let inner = "";
  const n = 8;
  for (let i = 0; i < n; i++) {
    const x1 = 380 + (240 * i) / n;
    const x2 = 380 + (240 * (i + 1)) / n;
    const b1 = 220 + (560 * i) / n;
    const b2 = 220 + (560 * (i + 1)) / n;
    const dd = `M${x1},276 L${x2},276 L${b2},860 L${b1},860 Z`;
    if (i % 2 === 1) inner += path(dd, t.shade);
    else inner += path(`M${x1},276 L${x1 + 8},276 L${b1 + 30},860 L${b1},860 Z`, glow(t), `opacity="0.5"`);
    inner += stroke(`M${x1},276 L${b1},860`, t.line, 3, `opacity="0.6"`);
  }
  inner += seam("M230,808 Q500,842 770,808", c);
  inner += path("M378,214 L622,214 L622,276 L378,276 Z", t.base, `stroke="${t.line}" stroke-width="5"`);
  inner += seam("M382,266 L618,266", c);
  let over = "";
  if (back) {
    inner += stroke("M500,214 L500,470", t.line, 6) + stroke("M500,214 L500,470", METAL.silver, 2);
    over += `<rect x="492" y="230" width="16" height="34" rx="4" fill="${METAL.silver}" stroke="${METAL.silverDark}" stroke-width="3"/>`;
  } else {
    over += button(580, 245, 12, t.shade, t.line);
  }
  return piece(c, "skirt", SKIRT, inner) + over;
};

// ---- Dress ------------------------------------------------------------------------------------------

const dress: Draw = (view, c) => {
  const { t } = c;
  const back = view === "back";
  const neckY = back ? 220 : 300;
  const d = sym(
    [500, neckY],
    [
      [560, neckY - 40, 580, 158],
      [646, 168],
      [700, 196, 738, 250, 730, 312],
      [660, 300],
      [632, 300, 612, 380, 604, 436],
      [700, 640, 804, 880],
      [650, 918, 500, 918],
    ],
  );
  let inner = "";
  // skirt folds
  for (const [x1, x2, w] of [
    [540, 600, 50],
    [600, 720, 60],
    [420, 360, 50],
    [460, 470, 40],
  ] as const) {
    inner += path(
      `M${x1},450 Q${(x1 + x2) / 2},700 ${x2},930 L${x2 + w},930 Q${(x1 + x2) / 2 + 30},700 ${x1 + 10},450 Z`,
      t.shade,
      `opacity="0.85"`,
    );
  }
  inner += both("M604,436 Q650,640 720,930 L800,930 Q700,640 612,436 Z", (dd) => path(dd, t.shade));
  inner += path("M380,250 Q420,320 440,430 L400,430 Q390,320 350,270 Z", glow(t), `opacity="0.45"`);
  // flutter sleeve edge and bodice darts
  inner += both("M646,168 Q700,196 730,312", (dd) => seam(dd, c));
  inner += both("M560,440 L566,360", (dd) => stroke(dd, t.shade, 5));
  inner += seam("M210,880 Q500,922 790,880", c);
  let over = "";
  over += band("M396,432 Q500,446 604,432", t.shade, t.line, 30, 6);
  if (back) {
    inner += stroke("M500,220 L500,620", t.line, 5);
    over += `<rect x="492" y="226" width="16" height="30" rx="4" fill="${METAL.silver}" stroke="${METAL.silverDark}" stroke-width="3"/>`;
    inner += seam("M420,168 Q500,230 580,168", c);
  } else {
    inner += path(`M420,160 Q470,230 500,${neckY} Q530,230 580,160 Q500,190 420,160 Z`, t.deep);
    inner += seam(`M428,170 Q470,240 500,${neckY - 14} Q530,240 572,170`, c);
    // bow
    over += outlined("M500,440 C470,400 420,400 424,440 C420,480 470,482 500,440 Z", t.shade, t.line, 5);
    over += outlined(
      mirrorPath("M500,440 C470,400 420,400 424,440 C420,480 470,482 500,440 Z"),
      t.shade,
      t.line,
      5,
    );
    over += outlined("M490,450 L470,540 L488,530 L500,548 L508,450 Z", t.shade, t.line, 5);
    over += outlined("M510,450 L540,536 L522,532 L516,548 L500,450 Z", t.shade, t.line, 5);
    over += `<circle cx="500" cy="440" r="14" fill="${t.shade}" stroke="${t.line}" stroke-width="5"/>`;
  }
  return piece(c, "dress", d, inner) + over;
};

export const BOTTOMS = { jeans, trousers, shorts, skirt, dress } satisfies Record<string, Draw>;
