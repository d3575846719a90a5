// Small helpers shared by the SVG generators: colour maths, a seeded hash, symmetric paths and
// text measurement for the DejaVu fonts (advance widths measured once from the installed fonts).

export type Pt = readonly [number, number];

/** Parse "#rrggbb" into [r, g, b] (0..255). */
export function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex(r: number, g: number, b: number): string {
  const c = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, "0");
  return `#${c(r)}${c(g)}${c(b)}`;
}

/** Mix two colours: amount 0 → a, 1 → b. */
export function mix(a: string, b: string, amount: number): string {
  const [r1, g1, b1] = rgb(a);
  const [r2, g2, b2] = rgb(b);
  return toHex(r1 + (r2 - r1) * amount, g1 + (g2 - g1) * amount, b1 + (b2 - b1) * amount);
}

/** Relative luminance, 0 (black) .. 1 (white). */
export function luminance(hex: string): number {
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = rgb(hex);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The colour family used to paint one garment: flat fill plus tints for shading and details. */
export interface Tone {
  base: string;
  /** Darker tint for shading (folds, sides, undersides). */
  shade: string;
  /** Darkest tint: insides, openings. */
  deep: string;
  /** Lighter tint for highlights. */
  light: string;
  /** Outline colour. */
  line: string;
  /** Topstitching / seams, contrasting gently with the base. */
  stitch: string;
  /** Strong contrast for prints, logos and stripes. */
  accent: string;
  /** Luminance of the base colour. */
  lum: number;
}

export function tone(hex: string): Tone {
  const lum = luminance(hex);
  const dark = lum < 0.06;
  const veryLight = lum > 0.7;
  return {
    base: hex,
    shade: mix(hex, "#000000", dark ? 0.3 : veryLight ? 0.1 : 0.17),
    deep: mix(hex, "#000000", dark ? 0.45 : 0.42),
    light: mix(hex, "#ffffff", dark ? 0.1 : veryLight ? 0.6 : 0.2),
    line: dark ? mix(hex, "#000000", 0.55) : mix(hex, "#000000", veryLight ? 0.3 : 0.38),
    stitch: lum < 0.2 ? mix(hex, "#ffffff", 0.32) : mix(hex, "#000000", 0.3),
    accent: lum > 0.45 ? mix(hex, "#1b1b1f", 0.78) : mix(hex, "#ffffff", 0.85),
    lum,
  };
}

/** FNV-1a 32-bit hash: deterministic, seeds all "random" choices. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

const r1 = (n: number) => Math.round(n * 10) / 10;
const pt = (x: number, y: number) => `${r1(x)},${r1(y)}`;

/**
 * A closed path symmetric about x = axis. `segs` trace the right half from `start` (usually on the axis);
 * each entry is [x,y] (line), [cx,cy,x,y] (quadratic) or [c1x,c1y,c2x,c2y,x,y] (cubic). The left half is
 * the mirror image traced backwards.
 */
export function sym(start: Pt, segs: readonly (readonly number[])[], axis = 500): string {
  const m = (x: number) => 2 * axis - x;
  let d = `M${pt(start[0], start[1])}`;
  const ends: Pt[] = [start];
  for (const s of segs) {
    if (s.length === 2) d += `L${pt(s[0]!, s[1]!)}`;
    else if (s.length === 4) d += `Q${pt(s[0]!, s[1]!)} ${pt(s[2]!, s[3]!)}`;
    else d += `C${pt(s[0]!, s[1]!)} ${pt(s[2]!, s[3]!)} ${pt(s[4]!, s[5]!)}`;
    ends.push([s[s.length - 2]!, s[s.length - 1]!]);
  }
  const last = ends[ends.length - 1]!;
  if (Math.abs(last[0] - axis) > 0.01) d += `L${pt(m(last[0]), last[1])}`;
  for (let i = segs.length - 1; i >= 0; i--) {
    const s = segs[i]!;
    const to = ends[i]!;
    if (s.length === 2) d += `L${pt(m(to[0]), to[1])}`;
    else if (s.length === 4) d += `Q${pt(m(s[0]!), s[1]!)} ${pt(m(to[0]), to[1])}`;
    else d += `C${pt(m(s[2]!), s[3]!)} ${pt(m(s[0]!), s[1]!)} ${pt(m(to[0]), to[1])}`;
  }
  return `${d}Z`;
}

/** Mirror an open path's coordinates about x = axis (absolute commands with comma pairs only). */
export function mirrorPath(d: string, axis = 500): string {
  return d.replace(
    /(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)/g,
    (_, x: string, y: string) => `${r1(2 * axis - Number(x))},${y}`,
  );
}

/** Path through points with straight lines. */
export function poly(points: readonly Pt[], close = true): string {
  return `M${points.map(([x, y]) => pt(x, y)).join("L")}${close ? "Z" : ""}`;
}

// ---- Text measurement -------------------------------------------------------------------------------
// Advance widths (per 1000 em) of DejaVu Sans/Serif Book and Bold, measured by rendering with librsvg.
const CHARS = " ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-%&'.,!—$+/?:→";
const DIGIT: Record<FontKey, number> = { sans400: 636, sans700: 696, serif400: 637, serif700: 696 };
const TABLES = {
  sans400:
    "318,711,686,699,770,632,575,775,752,295,295,656,557,863,748,787,603,787,695,635,594,732,684,989,685,611,685,613,635,550,635,615,352,635,634,278,278,579,278,974,634,612,635,635,395,521,392,634,592,818,592,592,525,361,950,780,275,317,318,401,1000,636,838,337,531,337,838",
  sans700:
    "348,774,762,734,830,683,683,821,837,372,372,775,637,995,837,850,733,850,770,678,704,812,774,1103,771,724,725,675,716,593,716,678,435,716,712,343,343,665,343,1042,712,687,716,716,493,595,478,712,652,924,645,652,582,415,1002,872,306,380,380,456,1000,696,838,365,580,400,838",
  serif400:
    "318,723,735,766,802,730,694,799,872,395,401,747,664,1024,875,820,673,820,753,669,685,843,723,1028,712,661,695,597,641,560,641,592,371,641,644,320,310,606,320,949,644,602,641,641,478,514,402,644,565,856,564,565,527,338,951,891,275,318,318,402,1000,637,838,337,537,337,838",
  serif700:
    "348,776,845,796,867,762,710,854,945,468,473,869,703,1107,914,871,752,871,831,702,710,872,776,1123,776,714,730,648,699,609,699,636,430,699,727,380,362,693,380,1058,727,667,699,699,527,563,462,727,581,861,596,581,568,415,950,903,306,348,348,439,1000,696,838,365,586,369,838",
} as const;
export type FontKey = keyof typeof TABLES;

const WIDTHS: Record<FontKey, Map<string, number>> = {
  sans400: new Map(),
  sans700: new Map(),
  serif400: new Map(),
  serif700: new Map(),
};
for (const key of Object.keys(TABLES) as FontKey[]) {
  const values = TABLES[key].split(",").map(Number);
  [...CHARS].forEach((c, i) => {
    WIDTHS[key].set(c, values[i]!);
  });
}

/** Width in px of `text` at `size` px, including extra letter-spacing (px) between glyphs. */
export function textWidth(text: string, size: number, font: FontKey = "sans700", letterSpacing = 0): number {
  let units = 0;
  const table = WIDTHS[font];
  for (const c of text) {
    units += c >= "0" && c <= "9" ? DIGIT[font] : (table.get(c) ?? 700);
  }
  const glyphs = [...text].length;
  return (units / 1000) * size + Math.max(0, glyphs - 1) * letterSpacing;
}

/** Greedy word wrap so that each line fits `maxWidth`. */
export function wrap(text: string, size: number, maxWidth: number, font: FontKey = "sans700", spacing = 0) {
  const words = text.split(" ");
  const lines: string[] = [];
  let current = "";
  for (const word of words) {
    const next = current ? `${current} ${word}` : word;
    if (current && textWidth(next, size, font, spacing) > maxWidth) {
      lines.push(current);
      current = word;
    } else current = next;
  }
  if (current) lines.push(current);
  return lines;
}

export const SANS = "DejaVu Sans, sans-serif";
export const SERIF = "DejaVu Serif, serif";
