// Brand logos: a wordmark of the title-cased slug with a style picked deterministically from a hash of
// the slug (palette, serif or sans, weight, case, letter-spacing, optional emblem and "Est." line).
// Square images, drawn in a 1000×1000 user space.

import type { FontKey } from "./svg-kit.ts";
import { escapeXml, hash, SANS, SERIF, textWidth } from "./svg-kit.ts";

export const BRAND_SLUG = /^[a-z0-9-]{1,40}$/;

/** [background, text, accent] */
const PALETTES: readonly (readonly [string, string, string])[] = [
  ["#f6f1e9", "#1f1f24", "#c9333b"],
  ["#1f2e52", "#f6f1e9", "#e6b84a"],
  ["#ffffff", "#26262a", "#2f7f52"],
  ["#e9efe9", "#1f3d2f", "#1f3d2f"],
  ["#26262a", "#f7f6f2", "#e77a31"],
  ["#f4e3d7", "#7c2035", "#7c2035"],
  ["#7c2035", "#f8ede4", "#e9c9a4"],
  ["#eef3f8", "#1b3a5c", "#2f6ec1"],
  ["#f5eccf", "#3d2f1f", "#cf9d2b"],
  ["#1f8787", "#ffffff", "#f2cf48"],
  ["#efe7f5", "#3e2a60", "#6f4b9f"],
  ["#fafafa", "#111111", "#111111"],
];

type Emblem = "none" | "circle" | "diamond" | "square" | "bar" | "arch" | "star";
const EMBLEMS: readonly Emblem[] = ["none", "circle", "diamond", "square", "bar", "arch", "star", "none"];

export function brandName(slug: string): string {
  return slug
    .split("-")
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(" ");
}

function emblemSvg(
  kind: Emblem,
  cx: number,
  cy: number,
  r: number,
  initial: string,
  ink: string,
  accent: string,
  bg: string,
  font: string,
) {
  const letter = `<text x="${cx}" y="${cy + r * 0.36}" text-anchor="middle" font-family="${font}" font-weight="700" font-size="${r}" fill="${bg}">${escapeXml(initial)}</text>`;
  switch (kind) {
    case "circle":
      return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${accent}"/>${letter}`;
    case "diamond":
      return `<rect x="${cx - r * 0.72}" y="${cy - r * 0.72}" width="${r * 1.44}" height="${r * 1.44}" rx="${r * 0.12}" transform="rotate(45 ${cx} ${cy})" fill="${accent}"/>${letter}`;
    case "square":
      return `<rect x="${cx - r}" y="${cy - r}" width="${2 * r}" height="${2 * r}" rx="${r * 0.3}" fill="none" stroke="${accent}" stroke-width="${r * 0.12}"/><text x="${cx}" y="${cy + r * 0.36}" text-anchor="middle" font-family="${font}" font-weight="700" font-size="${r}" fill="${ink}">${escapeXml(initial)}</text>`;
    case "arch":
      return `<path d="M${cx - r},${cy + r * 0.7} L${cx - r},${cy} A${r},${r} 0 0 1 ${cx + r},${cy} L${cx + r},${cy + r * 0.7} Z" fill="${accent}"/><path d="M${cx - r * 0.45},${cy + r * 0.7} L${cx - r * 0.45},${cy + r * 0.1} A${r * 0.45},${r * 0.45} 0 0 1 ${cx + r * 0.45},${cy + r * 0.1} L${cx + r * 0.45},${cy + r * 0.7} Z" fill="${bg}"/>`;
    case "star": {
      let d = "";
      for (let i = 0; i < 10; i++) {
        const a = -Math.PI / 2 + (i * Math.PI) / 5;
        const rr = i % 2 ? r * 0.45 : r;
        d += `${i ? "L" : "M"}${(cx + rr * Math.cos(a)).toFixed(1)},${(cy + rr * Math.sin(a)).toFixed(1)}`;
      }
      return `<path d="${d}Z" fill="${accent}"/>`;
    }
    case "bar":
      return `<rect x="${cx - r * 1.2}" y="${cy - r * 0.12}" width="${r * 2.4}" height="${r * 0.24}" rx="${r * 0.12}" fill="${accent}"/>`;
    default:
      return "";
  }
}

/** Square brand logo (size × size px) for a slug matching BRAND_SLUG, otherwise null. */
export function brandSvg(slug: string, size: number): string | null {
  if (!BRAND_SLUG.test(slug) || !/[a-z0-9]/.test(slug)) return null;
  const h = hash(`brand:${slug}`);
  const pick = (n: number, shift: number) => (h >>> shift) % n;
  const [bg, ink, accent] = PALETTES[pick(PALETTES.length, 0)]!;
  const serif = pick(2, 4) === 1;
  const bold = pick(3, 5) !== 0;
  const upper = pick(2, 7) === 1;
  const emblem = EMBLEMS[pick(EMBLEMS.length, 8)]!;
  const showYear = pick(3, 11) === 0;
  const year = 1950 + pick(70, 13);
  const fontKey = `${serif ? "serif" : "sans"}${bold ? 700 : 400}` as FontKey;
  const family = serif ? SERIF : SANS;

  const name = brandName(slug) || slug;
  const display = upper ? name.toUpperCase() : name;
  const spacingEm = upper ? [0.04, 0.12, 0.22][pick(3, 20)]! : [0, 0.02][pick(2, 20)]!;
  const initial = name[0]!.toUpperCase();

  // Fit the wordmark: one line if it can stay large enough, otherwise wrap words onto two lines.
  const maxWidth = 800;
  const fitSize = (text: string, cap: number) => {
    const w = textWidth(text, 100, fontKey, 100 * spacingEm);
    return Math.min(cap, (100 * maxWidth) / w);
  };
  let lines = [display];
  let fontSize = fitSize(display, 190);
  const words = display.split(" ");
  if (fontSize < 110 && words.length > 1) {
    let best: string[] = lines;
    let bestSize = fontSize;
    for (let i = 1; i < words.length; i++) {
      const l = [words.slice(0, i).join(" "), words.slice(i).join(" ")];
      const s = Math.min(fitSize(l[0]!, 170), fitSize(l[1]!, 170));
      if (s > bestSize) {
        best = l;
        bestSize = s;
      }
    }
    lines = best;
    fontSize = bestSize;
  }
  fontSize = Math.round(fontSize);
  const lineH = fontSize * 1.12;
  const hasEmblem = emblem !== "none";
  const emblemR = 80;
  const blockH = (hasEmblem ? emblemR * 2 + 60 : 0) + lineH * lines.length + (showYear ? 90 : 0);
  let y = 500 - blockH / 2;
  let out = "";
  if (hasEmblem) {
    out += emblemSvg(emblem, 500, y + emblemR, emblemR, initial, ink, accent, bg, family);
    y += emblemR * 2 + 60;
  }
  for (const line of lines) {
    out += `<text x="500" y="${(y + fontSize * 0.86).toFixed(1)}" text-anchor="middle" font-family="${family}" font-weight="${bold ? 700 : 400}" font-size="${fontSize}" letter-spacing="${(fontSize * spacingEm).toFixed(1)}" fill="${ink}">${escapeXml(line)}</text>`;
    y += lineH;
  }
  if (showYear) {
    out += `<rect x="420" y="${y + 24}" width="160" height="4" fill="${accent}"/>`;
    out += `<text x="500" y="${y + 84}" text-anchor="middle" font-family="${SANS}" font-size="40" letter-spacing="10" fill="${ink}" opacity="0.75">EST. ${year}</text>`;
  }
  const frame =
    pick(3, 26) === 0
      ? `<rect x="40" y="40" width="920" height="920" rx="24" fill="none" stroke="${ink}" stroke-opacity="0.18" stroke-width="6"/>`
      : "";
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 1000 1000">` +
    `<rect width="1000" height="1000" fill="${bg}"/>${frame}${out}</svg>`
  );
}
