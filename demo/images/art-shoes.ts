// Footwear: sneakers, boots, sandals.

import type { Ctx, Draw } from "./art-common.ts";
import {
  band,
  glow,
  METAL,
  outlined,
  path,
  piece,
  rivet,
  SOLE_DARK,
  SOLE_WHITE,
  seam,
  stroke,
} from "./art-common.ts";
import { mix } from "./svg-kit.ts";

const sub = (c: Ctx, suffix: string): Ctx => ({ t: c.t, id: (n) => c.id(`${n}${suffix}`) });

function laceColor(c: Ctx): string {
  return c.t.lum > 0.75 ? "#ffffff" : "#f5f3ee";
}

// ---- Sneakers ---------------------------------------------------------------------------------------

function sneakerSide(c: Ctx): string {
  const { t } = c;
  const white = t.lum > 0.75;
  const sole = white ? "#ebe6dc" : SOLE_WHITE;
  const soleLine = "#a39c8f";
  const overlay = white ? "#dcd9d2" : t.shade;
  const upper =
    "M174,600 C160,530 162,456 184,398 Q204,380 240,392 C284,414 322,432 362,430 L420,398 L644,466 C770,484 858,528 876,600 Z";
  // tongue peeking out of the throat
  let out = outlined("M350,440 L374,352 Q410,326 450,342 L476,414 Z", overlay, t.line, 6);
  out += stroke("M380,362 Q410,342 442,352", t.light, 5, `opacity="0.6"`);
  let inner = "";
  // heel counter, toe cap, quarter panel
  inner += path("M174,600 C160,530 162,456 184,398 Q206,384 232,390 Q228,510 300,600 Z", overlay);
  inner += path("M706,478 C800,494 862,534 876,600 L730,600 Q694,550 706,478 Z", overlay);
  inner += path("M300,600 Q330,504 430,480 L600,516 Q560,556 566,600 Z", overlay, `opacity="0.75"`);
  inner += seam("M312,600 Q240,510 244,394", c) + seam("M742,600 Q708,550 718,482", c);
  inner += seam("M316,590 Q344,516 432,494 L580,526", c);
  // lace panel (eyestay)
  inner += stroke("M418,400 L648,468", overlay, 52);
  inner += seam("M410,430 L640,498", c);
  inner += path("M250,408 Q320,444 392,440 L390,464 Q320,470 244,434 Z", glow(t), `opacity="0.45"`);
  // brand mark: two side stripes sweeping back along the quarter (a shoe's stripes, not a glyph)
  inner += stroke("M250,540 Q330,470 430,470", t.accent, 16, `opacity="0.9"`);
  inner += stroke("M262,572 Q344,506 448,500", white ? t.shade : t.accent, 10, `opacity="0.8"`);
  out += piece(c, "snk", upper, inner);
  out += band("M186,398 Q206,382 240,392 C284,414 322,432 362,430", overlay, t.line, 16, 5);
  const lace = laceColor(c);
  for (let i = 0; i < 5; i++) {
    const x = 440 + i * 48;
    const y = 408 + i * 14.5;
    out += `<circle cx="${x}" cy="${y + 6}" r="7" fill="${METAL.silver}" stroke="${t.line}" stroke-width="3"/>`;
    out += band(`M${x},${y + 6} L${x - 22},${y - 22}`, lace, "#9d978b", 10, 4);
  }
  // heel pull tab
  out += band("M190,400 Q174,376 196,360", t.accent, t.line, 12, 4);
  // cupsole with toe spring, thin outsole
  out += outlined(
    "M158,592 L846,592 Q888,590 890,616 Q890,650 850,652 L190,652 Q152,648 152,620 Q152,594 158,592 Z",
    sole,
    soleLine,
    5,
  );
  out += stroke("M170,614 L872,614", soleLine, 3, `stroke-dasharray="10 8"`);
  out += outlined("M184,652 L852,652 Q846,676 820,678 L206,678 Q182,674 184,652 Z", SOLE_DARK, "#222126", 5);
  return out;
}

const SNEAKER_TOP =
  "M0,-330 C80,-330 118,-230 112,-120 C106,-20 84,40 90,150 C96,250 70,322 0,322 C-70,322 -98,250 -92,150 C-86,40 -110,-20 -112,-120 C-118,-230 -80,-330 0,-330 Z";

function sneakerTop(c: Ctx, x: number, y: number, skew: number): string {
  const { t } = c;
  const sole = t.lum > 0.75 ? "#ebe6dc" : SOLE_WHITE;
  let inner = path("M-120,-196 Q0,-236 120,-196 L120,-400 L-120,-400 Z", t.shade);
  inner += seam("M-112,-180 Q0,-220 112,-180", c);
  inner += path("M-130,150 Q0,120 130,150 L130,400 L-130,400 Z", t.shade);
  inner += path(
    "M-100,-120 C-96,-20 -80,60 -84,160 L-60,160 C-66,60 -76,-20 -78,-120 Z",
    glow(t),
    `opacity="0.45"`,
  );
  let out = `<g transform="translate(${x},${y}) skewX(${skew})">`;
  out += outlined(
    "M0,-348 C92,-348 134,-236 128,-120 C122,-20 100,40 106,150 C112,262 82,340 0,340 C-82,340 -114,262 -108,150 C-102,40 -126,-20 -128,-120 C-134,-236 -92,-348 0,-348 Z",
    sole,
    "#a7a195",
    5,
  );
  out += piece(c, `top${x}`, SNEAKER_TOP, inner);
  out += outlined("M-40,-150 L40,-150 L44,120 L-44,120 Z", t.shade, t.line, 5);
  out += stroke("M-52,-140 L-56,110 M52,-140 L56,110", t.line, 4, `opacity="0.5"`);
  for (let i = 0; i < 6; i++) {
    const yy = -130 + i * 46;
    out += `<circle cx="-54" cy="${yy}" r="7" fill="${METAL.silver}" stroke="${t.line}" stroke-width="3"/><circle cx="54" cy="${yy}" r="7" fill="${METAL.silver}" stroke="${t.line}" stroke-width="3"/>`;
    out += band(`M-54,${yy} L54,${yy}`, laceColor(c), "#9d978b", 10, 4);
  }
  out += outlined(
    "M0,136 C56,136 74,190 70,236 C64,292 30,312 0,312 C-30,312 -64,292 -70,236 C-74,190 -56,136 0,136 Z",
    t.deep,
    t.line,
    6,
  );
  out += outlined("M-30,146 L30,146 L34,230 L-34,230 Z", t.shade, t.line, 4);
  out += `</g>`;
  return out;
}

function sneakerSole(c: Ctx, x: number, y: number, skew: number): string {
  const id = c.id(`sole${x}`);
  let out = `<g transform="translate(${x},${y}) skewX(${skew})">`;
  out += outlined(
    "M0,-348 C92,-348 134,-236 128,-120 C122,-20 100,40 106,150 C112,262 82,340 0,340 C-82,340 -114,262 -108,150 C-102,40 -126,-20 -128,-120 C-134,-236 -92,-348 0,-348 Z",
    SOLE_WHITE,
    "#a7a195",
    5,
  );
  out += `<defs><clipPath id="${id}"><path d="${SNEAKER_TOP}"/></clipPath></defs>`;
  out += path(SNEAKER_TOP, SOLE_DARK);
  out += `<g clip-path="url(#${id})">`;
  for (let yy = -320; yy < 340; yy += 34) {
    out += stroke(
      `M-130,${yy} l26,14 l26,-14 l26,14 l26,-14 l26,14 l26,-14 l26,14 l26,-14 l26,14 l26,-14`,
      "#5d5b63",
      7,
    );
  }
  out += `<circle cx="0" cy="-150" r="52" fill="${SOLE_DARK}" stroke="#6d6b73" stroke-width="8"/><circle cx="0" cy="-150" r="28" fill="none" stroke="#6d6b73" stroke-width="6"/>`;
  out += `<ellipse cx="0" cy="60" rx="70" ry="26" fill="${c.t.base}" stroke="${c.t.line}" stroke-width="5"/>`;
  out += `</g>`;
  out += stroke(SNEAKER_TOP, "#222126", 5);
  out += `</g>`;
  return out;
}

const sneakers: Draw = (view, c) => {
  if (view === "pair") {
    return (
      `<g transform="translate(150,40) scale(0.82)">${sneakerSide(sub(c, "b"))}</g>` +
      `<g transform="translate(40,250) scale(0.82)">${sneakerSide(sub(c, "f"))}</g>`
    );
  }
  if (view === "top") return sneakerTop(c, 370, 500, 4) + sneakerTop(c, 630, 500, -4);
  if (view === "sole") return sneakerSole(c, 370, 500, 4) + sneakerSole(c, 630, 500, -4);
  return `<g transform="translate(0,-30)">${sneakerSide(c)}</g>`;
};

// ---- Boots ------------------------------------------------------------------------------------------

function bootSide(c: Ctx): string {
  const { t } = c;
  const welt = mix(t.base, "#000000", 0.45);
  const upper =
    "M214,700 C204,600 196,420 214,236 L432,222 C440,320 470,420 520,470 C600,520 760,540 842,610 C868,632 874,668 864,700 Z";
  let out = outlined("M424,232 L430,186 Q456,170 482,184 L474,320 Z", t.shade, t.line, 6);
  let inner = path("M214,700 C204,600 200,520 210,440 Q300,470 330,560 Q350,640 340,700 Z", t.shade);
  inner += seam("M222,450 Q300,478 322,560 Q340,640 330,700", c);
  inner +=
    stroke("M700,526 C674,580 684,646 716,704", t.line, 5) + seam("M716,526 C692,580 700,640 730,704", c);
  inner += stroke("M436,232 C446,330 476,430 528,474", t.shade, 56);
  inner += path(
    "M240,280 Q260,450 250,640 L290,640 Q300,450 280,280 Z",
    mix(t.base, "#ffffff", t.lum > 0.7 ? 0.7 : 0.28),
    `opacity="0.4"`,
  );
  inner += path(
    "M560,500 Q700,540 820,600 L800,620 Q690,570 560,530 Z",
    mix(t.base, "#ffffff", 0.25),
    `opacity="0.35"`,
  );
  out += piece(c, "boot", upper, inner);
  out += band("M214,240 L432,226", t.shade, t.line, 24, 5);
  const lace = t.lum < 0.3 ? "#d9b36c" : "#5b3a1f";
  const hooks: [number, number][] = [
    [446, 262],
    [454, 310],
    [466, 356],
    [482, 398],
    [500, 436],
  ];
  hooks.forEach(([x, y], i) => {
    out += band(`M${x},${y} L${x - 44},${y + 26}`, lace, mix(lace, "#000000", 0.4), 8, 4);
    out += rivet(x, y, i < 2 ? 9 : 7, METAL.silver);
  });
  out += band("M206,240 Q188,208 212,190", t.shade, t.line, 14, 4);
  out += outlined("M196,694 L880,694 L880,722 L194,722 Z", welt, mix(welt, "#000000", 0.4), 5);
  out += stroke("M204,708 L872,708", mix(welt, "#ffffff", 0.4), 3, `stroke-dasharray="8 7"`);
  out += outlined(
    "M192,722 L884,722 Q896,754 868,782 L366,782 L366,796 L198,796 Q186,760 192,722 Z",
    "#3e3c42",
    "#1f1e22",
    5,
  );
  let lugs = "";
  for (let x = 400; x < 860; x += 44) lugs += `M${x},782 L${x + 10},766 L${x + 24},766 L${x + 34},782 `;
  out += stroke(lugs, "#28272b", 5) + stroke("M366,782 L366,740", "#28272b", 5);
  return out;
}

function bootSole(c: Ctx, x: number, y: number, skew: number): string {
  const outline =
    "M0,-330 C86,-330 124,-236 118,-130 C112,-30 90,40 94,140 C98,250 76,322 0,322 C-76,322 -98,250 -94,140 C-90,40 -112,-30 -118,-130 C-124,-236 -86,-330 0,-330 Z";
  const id = c.id(`bsole${x}`);
  let out = `<g transform="translate(${x},${y}) skewX(${skew})">`;
  out += `<defs><clipPath id="${id}"><path d="${outline}"/></clipPath></defs>`;
  out += path(outline, "#3e3c42");
  out += `<g clip-path="url(#${id})">`;
  for (let yy = -300; yy < -20; yy += 48) {
    out += outlined(`M-90,${yy} L-14,${yy + 14} L-14,${yy + 34} L-90,${yy + 20} Z`, "#55535a", "#28272b", 4);
    out += outlined(`M90,${yy} L14,${yy + 14} L14,${yy + 34} L90,${yy + 20} Z`, "#55535a", "#28272b", 4);
  }
  out += path("M-120,40 L120,40 L120,60 L-120,60 Z", "#28272b");
  for (let yy = 90; yy < 320; yy += 50) {
    out += outlined(`M-80,${yy} L80,${yy} L80,${yy + 28} L-80,${yy + 28} Z`, "#55535a", "#28272b", 4);
  }
  out += `</g>`;
  out += stroke(outline, mix(c.t.base, "#000000", 0.45), 10);
  out += `</g>`;
  return out;
}

const boots: Draw = (view, c) => {
  if (view === "pair") {
    return (
      `<g transform="translate(160,20) scale(0.8)">${bootSide(sub(c, "b"))}</g>` +
      `<g transform="translate(50,190) scale(0.8)">${bootSide(sub(c, "f"))}</g>`
    );
  }
  if (view === "sole") return bootSole(c, 370, 500, 4) + bootSole(c, 630, 500, -4);
  return `<g transform="translate(-10,-20)">${bootSide(c)}</g>`;
};

// ---- Sandals ----------------------------------------------------------------------------------------

const FOOTBED =
  "M0,-290 C70,-292 106,-232 102,-150 C98,-80 78,-30 82,40 C86,130 100,200 86,250 C70,298 -70,298 -86,250 C-100,200 -84,130 -80,40 C-76,-30 -96,-80 -102,-150 C-106,-232 -70,-292 0,-290 Z";
const CORK = "#c79a62";
const SUEDE = "#e6cfa6";

type SandalStraps = "buckle" | "slide" | "strappy" | "thong";

function sandalTop(
  c: Ctx,
  x: number,
  y: number,
  rot: number,
  flip: number,
  scale = 1,
  straps: SandalStraps = "buckle",
): string {
  const { t } = c;
  const id = c.id(`bed${x}`);
  let out = `<g transform="translate(${x},${y}) rotate(${rot}) scale(${flip * scale},${scale})">`;
  out += outlined(
    "M0,-306 C82,-308 122,-240 118,-150 C114,-80 94,-30 98,40 C102,130 116,206 100,260 C82,316 -82,316 -100,260 C-116,206 -100,130 -96,40 C-92,-30 -112,-80 -118,-150 C-122,-240 -82,-308 0,-306 Z",
    CORK,
    "#8d6535",
    5,
  );
  out += `<defs><clipPath id="${id}"><path d="${FOOTBED}"/></clipPath></defs>`;
  out += `${path(FOOTBED, SUEDE)}<g clip-path="url(#${id})">`;
  out += `<ellipse cx="0" cy="210" rx="60" ry="60" fill="#d8bd90"/>`;
  out += stroke("M-70,-210 Q0,-236 70,-210", "#d2b586", 8);
  out += `</g>${stroke(FOOTBED, "#b08a55", 4)}`;
  if (straps !== "buckle") return `${out}${sandalStraps(c, straps)}</g>`;
  // straps
  for (const [y1, h] of [
    [-150, 78],
    [-10, 78],
  ] as const) {
    const strap = `M-122,${y1} Q0,${y1 - 18} 122,${y1} L122,${y1 + h} Q0,${y1 + h - 18} -122,${y1 + h} Z`;
    out += outlined(strap, t.base, t.line, 6);
    out += path(
      `M-122,${y1} Q0,${y1 - 18} 122,${y1} L122,${y1 + 18} Q0,${y1} -122,${y1 + 18} Z`,
      mix(t.base, "#ffffff", t.lum > 0.7 ? 0.7 : 0.25),
      `opacity="0.55"`,
    );
    out +=
      seam(`M-118,${y1 + 12} Q0,${y1 - 6} 118,${y1 + 12}`, c) +
      seam(`M-118,${y1 + h - 12} Q0,${y1 + h - 30} 118,${y1 + h - 12}`, c);
    out += `<rect x="66" y="${y1 - 6}" width="44" height="${h + 8}" rx="8" fill="none" stroke="${METAL.goldDark}" stroke-width="13"/>`;
    out += `<rect x="66" y="${y1 - 6}" width="44" height="${h + 8}" rx="8" fill="none" stroke="${METAL.gold}" stroke-width="8"/>`;
    out += stroke(`M70,${y1 + h / 2 - 8} L106,${y1 + h / 2 - 8}`, METAL.goldDark, 6);
    out += `<circle cx="40" cy="${y1 + h / 2 - 8}" r="6" fill="${t.deep}"/><circle cx="14" cy="${y1 + h / 2 - 8}" r="6" fill="${t.deep}"/>`;
  }
  out += `</g>`;
  return out;
}

/**
 * The other sandal styles' straps (docs/decisions/034-home-pictures-and-rails.md): a slide's one wide
 * moulded band, a strappy sandal's thin crossing straps, a flat thong's V from a toe post.
 */
function sandalStraps(c: Ctx, straps: Exclude<SandalStraps, "buckle">): string {
  const { t } = c;
  const light = mix(t.base, "#ffffff", t.lum > 0.7 ? 0.7 : 0.25);
  if (straps === "slide") {
    const band = "M-126,-170 Q0,-214 126,-170 L126,-20 Q0,-50 -126,-20 Z";
    return (
      outlined(band, t.base, t.line, 6) +
      path("M-126,-170 Q0,-214 126,-170 L126,-146 Q0,-188 -126,-146 Z", light, `opacity="0.55"`) +
      seam("M-116,-150 Q0,-190 116,-150", c) +
      seam("M-116,-40 Q0,-70 116,-40", c) +
      // moulded ridges (symmetric: the left foot is the right one mirrored, so no lettering)
      [-60, -20, 20, 60].map((x) => stroke(`M${x},-150 L${x},-50`, t.deep, 10, `opacity="0.5"`)).join("")
    );
  }
  if (straps === "strappy") {
    let out = "";
    for (const d of [
      "M-118,-200 L118,-110",
      "M118,-200 L-118,-110",
      "M-120,-40 L120,-40",
      "M-110,120 Q0,90 110,120",
    ]) {
      out += band(d, t.base, t.line, 22, 5);
    }
    return (
      out +
      `<circle cx="0" cy="-155" r="14" fill="${METAL.gold}" stroke="${METAL.goldDark}" stroke-width="4"/>`
    );
  }
  return (
    band("M0,-230 Q-70,-160 -120,-60", t.base, t.line, 30, 5) +
    band("M0,-230 Q70,-160 120,-60", t.base, t.line, 30, 5) +
    `<circle cx="0" cy="-232" r="18" fill="${t.deep}" stroke="${t.line}" stroke-width="5"/>`
  );
}

function sandalPair(straps: SandalStraps): Draw {
  return (view, c) => {
    if (view === "single") return sandalTop(c, 500, 500, 14, 1, 1.3, straps);
    return sandalTop(c, 372, 500, -7, -1, 1, straps) + sandalTop(c, 628, 500, 7, 1, 1, straps);
  };
}

const sandals = sandalPair("buckle");

export const SHOES = { sneakers, boots, sandals } satisfies Record<string, Draw>;

/** Sandal styles with straps of their own (the buckled pair is `sandals`). */
export const SANDAL_STYLES = {
  slide: sandalPair("slide"),
  strappy: sandalPair("strappy"),
  thong: sandalPair("thong"),
} satisfies Record<string, Draw>;
