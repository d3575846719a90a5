// Accessories: cap, bag, scarf, belt, socks.

import type { Ctx, Draw } from "./art-common.ts";
import { band, glow, METAL, outlined, path, piece, rivet, seam, stroke } from "./art-common.ts";
import { mix, rgb, SERIF } from "./svg-kit.ts";

const sub = (c: Ctx, suffix: string): Ctx => ({ t: c.t, id: (n) => c.id(`${n}${suffix}`) });

// ---- Cap --------------------------------------------------------------------------------------------

/** Embroidered initials on the crown: letters, not a pictogram (docs/decisions/034-home-pictures-and-rails.md). */
function capLogo(c: Ctx, x: number, y: number, s = 1): string {
  const a = c.t.accent;
  return (
    `<g transform="translate(${x},${y}) scale(${s})">` +
    `<text x="0" y="16" text-anchor="middle" font-family="${SERIF}" font-weight="700" font-size="58" fill="${a}">NB</text>` +
    `<path d="M-40,28 L40,28" stroke="${a}" stroke-width="5" stroke-linecap="round"/></g>`
  );
}

const cap: Draw = (view, c) => {
  const { t } = c;
  if (view === "front") {
    const crown = "M262,600 C256,376 370,256 500,256 C630,256 744,376 738,600 Z";
    let inner = path("M262,600 C256,376 370,256 500,256 L500,600 Z", glow(t), `opacity="0.35"`);
    inner += path("M700,600 C700,420 640,300 560,268 C680,300 744,420 738,600 Z", t.shade);
    inner += stroke("M500,256 L500,600", t.line, 4) + seam("M488,266 L488,596 M512,266 L512,596", c);
    inner += stroke(
      "M500,256 C420,300 372,420 360,600 M500,256 C580,300 628,420 640,600",
      t.line,
      3,
      `opacity="0.6"`,
    );
    inner += `<circle cx="430" cy="330" r="7" fill="${t.deep}"/><circle cx="570" cy="330" r="7" fill="${t.deep}"/>`;
    inner += capLogo(c, 500, 470, 1.5);
    let out = piece(c, "capf", crown, inner);
    out += `<ellipse cx="500" cy="252" rx="24" ry="12" fill="${t.base}" stroke="${t.line}" stroke-width="5"/>`;
    out += outlined("M226,600 Q500,548 774,600 Q790,700 500,716 Q210,700 226,600 Z", t.base, t.line, 6);
    out += path("M226,600 Q500,548 774,600 Q776,620 770,636 Q500,590 230,636 Q224,620 226,600 Z", t.shade);
    out += seam("M250,650 Q500,616 750,650", c) + seam("M262,676 Q500,650 738,676", c);
    return out;
  }
  if (view === "back") {
    const crown = "M262,600 C256,376 370,256 500,256 C630,256 744,376 738,600 Z";
    let out = outlined("M200,612 Q500,560 800,612 Q500,668 200,612 Z", t.shade, t.line, 6);
    let inner = path("M700,600 C700,420 640,300 560,268 C680,300 744,420 738,600 Z", t.shade);
    inner += stroke("M500,256 L500,600", t.line, 4);
    inner += stroke(
      "M500,256 C420,300 372,420 360,600 M500,256 C580,300 628,420 640,600",
      t.line,
      3,
      `opacity="0.6"`,
    );
    inner += path("M408,604 Q408,496 500,496 Q592,496 592,604 Z", t.deep);
    inner += seam("M394,600 Q394,482 500,482 Q606,482 606,600", c);
    out += piece(c, "capb", crown, inner);
    out += outlined("M398,560 L602,560 L602,590 L398,590 Z", t.base, t.line, 5);
    out += `<rect x="520" y="554" width="40" height="42" rx="6" fill="${METAL.silver}" stroke="${METAL.silverDark}" stroke-width="4"/>`;
    out += `<ellipse cx="500" cy="252" rx="24" ry="12" fill="${t.base}" stroke="${t.line}" stroke-width="5"/>`;
    return out;
  }
  if (view === "top") {
    let out = outlined("M290,600 Q300,860 500,880 Q700,860 710,600 Z", t.base, t.line, 6);
    out += path("M300,700 Q330,846 500,864 Q670,846 700,700 Q690,800 500,820 Q310,800 300,700 Z", t.shade);
    out += seam("M320,660 Q340,830 500,846 Q660,830 680,660", c);
    let inner = path("M500,460 L500,200 A260,260 0 0 1 760,460 Z", glow(t), `opacity="0.3"`);
    inner += path("M500,460 L760,460 A260,260 0 0 1 500,720 Z", t.shade, `opacity="0.6"`);
    for (let i = 0; i < 6; i++) {
      const a = (Math.PI / 3) * i + Math.PI / 6;
      inner += stroke(
        `M500,460 L${(500 + Math.cos(a) * 270).toFixed(1)},${(460 + Math.sin(a) * 270).toFixed(1)}`,
        t.line,
        4,
      );
    }
    inner += `<circle cx="420" cy="400" r="7" fill="${t.deep}"/><circle cx="580" cy="400" r="7" fill="${t.deep}"/>`;
    out += piece(c, "capt", "M240,460 A260,260 0 1 1 760,460 A260,260 0 1 1 240,460 Z", inner);
    out += `<circle cx="500" cy="460" r="22" fill="${t.base}" stroke="${t.line}" stroke-width="5"/>`;
    return out;
  }
  // side (3/4) view, brim to the right
  const crown = "M236,600 C222,392 360,262 516,262 C676,262 772,380 774,560 Q500,650 236,600 Z";
  let inner = path("M236,600 C222,392 360,262 516,262 C420,300 340,440 350,620 Z", t.shade);
  inner += path(
    "M560,280 C660,300 740,400 740,540 L700,556 C700,420 640,320 560,280 Z",
    glow(t),
    `opacity="0.4"`,
  );
  inner += stroke("M516,262 C440,330 410,460 420,630 M516,262 C600,320 650,440 660,600", t.line, 4);
  inner += seam("M530,270 C610,330 664,446 674,596", c);
  inner += `<circle cx="396" cy="362" r="8" fill="${t.deep}"/><circle cx="612" cy="360" r="8" fill="${t.deep}"/>`;
  inner += capLogo(c, 560, 480, 1.3);
  inner += seam("M250,580 Q500,626 762,544", c);
  let out = path(
    "M650,596 Q800,600 934,640 Q940,662 914,668 Q790,648 640,626 Z",
    t.shade,
    `stroke="${t.line}" stroke-width="6" stroke-linejoin="round"`,
  );
  out += outlined("M640,560 Q800,556 934,640 Q800,610 650,598 Z", t.base, t.line, 6);
  out += seam("M680,574 Q800,580 900,626", c);
  out += piece(c, "caps", crown, inner);
  out += `<ellipse cx="516" cy="260" rx="26" ry="12" fill="${t.base}" stroke="${t.line}" stroke-width="5"/>`;
  return out;
};

// ---- Bag --------------------------------------------------------------------------------------------

const BAG =
  "M292,430 L708,430 Q722,430 726,446 L762,812 Q764,846 730,846 L270,846 Q236,846 238,812 L274,446 Q278,430 292,430 Z";

const bag: Draw = (view, c) => {
  const { t } = c;
  if (view === "side") {
    let out = band("M470,436 C470,250 530,250 530,436", t.shade, t.line, 22, 6);
    const body = "M430,430 L570,430 L600,846 L400,846 Z";
    let inner = path("M500,430 L500,846 L600,846 L570,430 Z", t.shade);
    inner += stroke("M500,440 L500,846", t.line, 3, `opacity="0.5"`);
    inner += seam("M440,446 L414,832 M560,446 L586,832", c);
    out += piece(c, "bags", body, inner);
    out += outlined("M424,428 L470,428 L478,572 L432,566 Z", t.base, t.line, 5);
    out += rivet(470, 440, 8);
    out += rivet(530, 440, 8);
    return out;
  }
  let out = "";
  out += band("M388,438 C388,236 612,236 612,438", t.shade, t.line, 30, 6);
  out += stroke("M392,400 C396,270 604,270 608,400", t.light, 4, `opacity="0.4"`);
  let inner = path("M708,430 L726,446 L762,812 Q764,846 730,846 L690,846 L680,430 Z", t.shade);
  inner += path("M300,450 L320,450 L296,820 L270,820 Z", glow(t), `opacity="0.4"`);
  inner += seam("M296,452 L704,452 L738,820 L262,820 Z", c);
  const back = view === "back";
  if (back) {
    inner += stroke("M262,580 L738,580", t.line, 5) + seam("M262,596 L738,596", c);
  }
  out += piece(c, "bag", BAG, inner);
  // handle tabs
  for (const x of [388, 612]) {
    out += outlined(`M${x - 24},420 L${x + 24},420 L${x + 20},480 L${x - 20},480 Z`, t.shade, t.line, 5);
    out += rivet(x, 460, 9);
  }
  if (!back) {
    const flap = "M280,430 L720,430 L730,560 Q500,628 270,560 Z";
    out += outlined(flap, t.base, t.line, 6);
    out += path("M280,430 L720,430 L722,460 L278,460 Z", t.shade, `opacity="0.6"`);
    out += seam("M294,446 L706,446 L714,548 Q500,610 286,548 Z", c);
    out += `<rect x="466" y="560" width="68" height="54" rx="12" fill="${METAL.gold}" stroke="${METAL.goldDark}" stroke-width="6"/>`;
    out += `<ellipse cx="500" cy="587" rx="14" ry="18" fill="${METAL.goldDark}"/><ellipse cx="500" cy="587" rx="6" ry="12" fill="${METAL.gold}"/>`;
  }
  // feet
  for (const x of [300, 700])
    out += `<ellipse cx="${x}" cy="852" rx="16" ry="8" fill="${METAL.gold}" stroke="${METAL.goldDark}" stroke-width="4"/>`;
  return out;
};

// ---- Scarf ------------------------------------------------------------------------------------------

function fringe(x1: number, y1: number, x2: number, y2: number, len: number, color: string, n = 9): string {
  let d = "";
  for (let i = 0; i <= n; i++) {
    const x = x1 + ((x2 - x1) * i) / n;
    const y = y1 + ((y2 - y1) * i) / n;
    d += `M${x.toFixed(1)},${y.toFixed(1)} l${(i % 2 ? 3 : -3).toFixed(0)},${len}`;
  }
  return stroke(d, color, 7);
}

function scarfEnd(
  c: Ctx,
  name: string,
  d: string,
  x1: number,
  x2: number,
  yTop: number,
  yEnd: number,
  lean: number,
) {
  const { t } = c;
  const stripe = t.lum > 0.45 ? t.deep : glow(t);
  let inner = "";
  for (let x = x1 + 16; x < x2; x += 18)
    inner += stroke(`M${x},${yTop} L${x + lean},${yEnd}`, t.shade, 3, `opacity="0.6"`);
  inner += path(`M0,${yEnd - 110} L1000,${yEnd - 110} L1000,${yEnd - 84} L0,${yEnd - 84} Z`, stripe);
  inner += path(`M0,${yEnd - 66} L1000,${yEnd - 66} L1000,${yEnd - 54} L0,${yEnd - 54} Z`, stripe);
  return fringe(x1 + lean + 6, yEnd, x2 + lean - 6, yEnd, 44, t.shade) + piece(c, name, d, inner);
}

const scarf: Draw = (view, c) => {
  const { t } = c;
  if (view === "flat") {
    const body = "M-380,-90 L380,-90 L380,90 L-380,90 Z";
    const stripe = t.lum > 0.45 ? t.deep : glow(t);
    let inner = "";
    for (let y = -76; y < 90; y += 18) inner += stroke(`M-380,${y} L380,${y}`, t.shade, 3, `opacity="0.6"`);
    for (const x of [-300, -270, 270, 300])
      inner += path(`M${x - 10},-100 L${x + 10},-100 L${x + 10},100 L${x - 10},100 Z`, stripe);
    inner += path("M-380,-90 L380,-90 L380,-50 L-380,-50 Z", glow(t), `opacity="0.35"`);
    let fr = "";
    for (let y = -84; y <= 84; y += 21)
      fr += `M-380,${y} l-46,${y % 2 ? 3 : -3} M380,${y} l46,${y % 2 ? 3 : -3} `;
    return `<g transform="translate(500,500) rotate(-24)">${stroke(fr, t.shade, 7)}${piece(c, "scarff", body, inner)}</g>`;
  }
  // looped around an (invisible) neck, two ends hanging
  let out = band("M340,290 C340,200 660,200 660,290", t.shade, t.line, 84, 6);
  out += scarfEnd(c, "scarfl", "M372,300 L498,300 L486,792 L352,792 Z", 352, 498, 300, 792, -12);
  out += scarfEnd(c, "scarfr", "M506,320 L626,314 L650,702 L526,712 Z", 506, 640, 320, 708, 18);
  out += band("M338,280 Q500,420 662,280", t.base, t.line, 92, 6);
  out += stroke("M350,300 Q500,420 650,300", t.shade, 4, `opacity="0.6"`);
  out += stroke("M346,256 Q500,380 654,256", glow(t), 8, `opacity="0.5"`);
  return out;
};

// ---- Belt -------------------------------------------------------------------------------------------

function metalFor(c: Ctx): [string, string] {
  const [r, , b] = rgb(c.t.base);
  return r > b + 20 && c.t.lum > 0.03 ? [METAL.gold, METAL.goldDark] : [METAL.silver, METAL.silverDark];
}

function buckle(c: Ctx, x: number, y: number, rot: number): string {
  const [m, md] = metalFor(c);
  return (
    `<g transform="translate(${x},${y}) rotate(${rot})">` +
    `<rect x="-56" y="-62" width="100" height="124" rx="20" fill="none" stroke="${md}" stroke-width="24"/>` +
    `<rect x="-56" y="-62" width="100" height="124" rx="20" fill="none" stroke="${m}" stroke-width="16"/>` +
    stroke("M-56,-50 Q-62,0 -56,50", "#ffffff", 4, `opacity="0.5"`) +
    `<rect x="-14" y="-6" width="74" height="12" rx="6" fill="${m}" stroke="${md}" stroke-width="3"/>` +
    `</g>`
  );
}

function spiral(cx: number, cy: number, r0: number, k: number, t0: number, t1: number, dr = 0): string {
  let d = "";
  for (let a = t0; a <= t1 + 1e-9; a += 0.08) {
    const r = r0 + k * a + dr;
    d += `${d ? "L" : "M"}${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`;
  }
  return d;
}

const belt: Draw = (view, c) => {
  const { t } = c;
  const holeCol = mix(t.base, "#000000", 0.55);
  if (view === "flat")
    return `<g transform="rotate(-14 500 500) translate(500,500) scale(1.12) translate(-500,-500)">${belt("detail", c)}</g>`;
  if (view === "detail") {
    const strap = "M250,466 L800,466 L870,500 L800,534 L250,534 Z";
    let inner = path("M250,466 L870,466 L870,478 L250,478 Z", glow(t), `opacity="0.4"`);
    inner += seam("M256,478 L800,478 L850,500 M256,522 L800,522 L850,500", c);
    let out = piece(c, "beltf", strap, inner);
    for (let i = 0; i < 5; i++) out += `<circle cx="${640 + i * 36}" cy="500" r="7" fill="${holeCol}"/>`;
    out += `<path d="M160,470 L250,470 L250,530 L160,530 Z" fill="${t.base}" stroke="${t.line}" stroke-width="5"/>`;
    out += buckle(c, 200, 500, 0);
    out += outlined("M284,456 L312,456 L312,544 L284,544 Z", t.shade, t.line, 5);
    return out;
  }
  // coiled
  const cx = 530;
  const cy = 470;
  const k = 76 / (2 * Math.PI);
  const t1 = 2 * Math.PI * 2 + Math.PI / 2;
  const main = spiral(cx, cy, 60, k, 0, t1);
  const end = 60 + k * t1;
  const ex = cx;
  const ey = cy + end;
  const full = `${main}L${ex - 150},${ey}`;
  let out = stroke(full, t.line, 72) + stroke(full, t.base, 62);
  out += stroke(spiral(cx, cy, 60, k, 0.4, t1, -21), t.stitch, 3.5, `stroke-dasharray="9 8"`);
  out += stroke(spiral(cx, cy, 60, k, 0.4, t1, 21), t.stitch, 3.5, `stroke-dasharray="9 8"`);
  out += stroke(spiral(cx, cy, 60, k, 0, t1, -26), glow(t), 6, `opacity="0.35"`);
  for (let i = 0; i < 5; i++) {
    const a = 0.55 + i * 0.3;
    const r = 60 + k * a;
    out += `<circle cx="${(cx + r * Math.cos(a)).toFixed(1)}" cy="${(cy + r * Math.sin(a)).toFixed(1)}" r="7" fill="${holeCol}"/>`;
  }
  out += outlined(
    `M${ex - 96},${ey - 40} L${ex - 70},${ey - 40} L${ex - 70},${ey + 40} L${ex - 96},${ey + 40} Z`,
    t.shade,
    t.line,
    5,
  );
  out += buckle(c, ex - 190, ey, 0);
  return out;
};

// ---- Socks ------------------------------------------------------------------------------------------

const SOCK =
  "M380,170 L530,170 L532,540 Q540,600 600,610 L762,616 C822,620 848,662 834,702 C820,738 782,744 740,744 L470,744 C402,744 370,702 376,640 Z";

function sock(c: Ctx): string {
  const { t } = c;
  const patch = t.lum > 0.45 ? t.shade : t.light;
  const stripe = t.accent;
  let inner = path("M370,600 C366,700 404,750 470,750 L500,750 Q486,680 446,656 Q410,634 410,600 Z", patch);
  inner += path("M744,610 C830,614 860,664 842,706 C826,748 782,752 740,752 Q770,690 744,610 Z", patch);
  inner += path(
    "M500,250 L532,250 L532,540 Q540,600 600,610 L600,650 Q520,640 500,560 Z",
    t.shade,
    `opacity="0.7"`,
  );
  inner += path("M390,250 L420,250 L420,560 L390,560 Z", glow(t), `opacity="0.35"`);
  inner +=
    path("M370,282 L540,282 L540,302 L370,302 Z", stripe) +
    path("M370,316 L540,316 L540,328 L370,328 Z", stripe);
  let rib = "";
  for (let x = 392; x < 530; x += 14) rib += `M${x},176 L${x},256 `;
  inner +=
    path("M370,170 L540,170 L540,258 L370,258 Z", t.base) +
    stroke(rib, t.shade, 4) +
    stroke("M370,258 L540,258", t.line, 4);
  inner += seam("M420,744 Q440,700 480,690", c, t.shade);
  return (
    piece(c, "sock", SOCK, inner) +
    `<ellipse cx="455" cy="170" rx="75" ry="10" fill="${t.deep}" stroke="${t.line}" stroke-width="5"/>`
  );
}

const socks: Draw = (view, c) => {
  if (view === "single") return `<g transform="translate(-110,-10) scale(1.12)">${sock(c)}</g>`;
  return (
    `<g transform="translate(-30,30) scale(0.92)">${sock(sub(c, "b"))}</g>` +
    `<g transform="translate(90,120) scale(0.92)">${sock(sub(c, "f"))}</g>`
  );
};

export const ACCESSORIES = { cap, bag, scarf, belt, socks } satisfies Record<string, Draw>;
