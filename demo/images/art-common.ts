// Drawing primitives shared by the garment illustrations. Every garment is drawn in a 1000×1000
// user space (roughly within 110..890 on both axes) and returned as SVG markup without the <svg> root.

import type { Pt, Tone } from "./svg-kit.ts";
import { mix } from "./svg-kit.ts";

export interface Ctx {
  t: Tone;
  /** Unique id for clip paths / patterns within one document. */
  id: (name: string) => string;
}

export type Draw = (view: string, c: Ctx) => string;

export const METAL = { gold: "#c8a24e", goldDark: "#8f6f27", silver: "#c3c8cf", silverDark: "#80868f" };
export const SOLE_WHITE = "#f4f2ec";
export const SOLE_DARK = "#3b3a3f";

export function path(d: string, fill: string, extra = ""): string {
  return `<path d="${d}" fill="${fill}"${extra ? ` ${extra}` : ""}/>`;
}

/** Stroked, unfilled line. */
export function stroke(d: string, color: string, width: number, extra = ""): string {
  return `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"${extra ? ` ${extra}` : ""}/>`;
}

/** Filled shape with the garment outline. */
export function outlined(d: string, fill: string, line: string, width = 6, extra = ""): string {
  return `<path d="${d}" fill="${fill}" stroke="${line}" stroke-width="${width}" stroke-linejoin="round"${extra ? ` ${extra}` : ""}/>`;
}

/** Dashed topstitching. */
export function seam(d: string, c: Ctx, color = c.t.stitch, width = 3.5): string {
  return stroke(d, color, width, `stroke-dasharray="9 8"`);
}

/** A silhouette: flat fill, `inner` clipped to it (shading, texture), then the outline on top. */
export function piece(
  c: Ctx,
  name: string,
  d: string,
  inner: string,
  fill = c.t.base,
  lineWidth = 6,
): string {
  const id = c.id(name);
  return (
    `<defs><clipPath id="${id}"><path d="${d}"/></clipPath></defs>` +
    path(d, fill) +
    `<g clip-path="url(#${id})">${inner}</g>` +
    stroke(d, c.t.line, lineWidth)
  );
}

/** A band drawn as a thick stroke with an outline on both sides (rib collars, straps, handles). */
export function band(d: string, fill: string, line: string, width: number, outline = 6): string {
  return stroke(d, line, width + outline) + stroke(d, fill, width);
}

/** Sewn-through button. */
export function button(x: number, y: number, r: number, fill: string, line: string): string {
  const h = r * 0.32;
  return (
    `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}" stroke="${line}" stroke-width="${Math.max(2, r * 0.22)}"/>` +
    `<circle cx="${x - h}" cy="${y - h}" r="${r * 0.14}" fill="${line}"/><circle cx="${x + h}" cy="${y - h}" r="${r * 0.14}" fill="${line}"/>` +
    `<circle cx="${x - h}" cy="${y + h}" r="${r * 0.14}" fill="${line}"/><circle cx="${x + h}" cy="${y + h}" r="${r * 0.14}" fill="${line}"/>`
  );
}

/** Metal rivet / eyelet. */
export function rivet(x: number, y: number, r: number, metal = METAL.gold): string {
  const dark = metal === METAL.gold ? METAL.goldDark : METAL.silverDark;
  return `<circle cx="${x}" cy="${y}" r="${r}" fill="${metal}" stroke="${dark}" stroke-width="${Math.max(1.5, r * 0.25)}"/><circle cx="${x - r * 0.3}" cy="${y - r * 0.3}" r="${r * 0.3}" fill="#ffffff" opacity="0.55"/>`;
}

const lerp = (a: Pt, b: Pt, f: number): Pt => [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f];

/**
 * A ribbed quad (cuffs, waistbands): corners a→b along one edge, d→c along the other; rib lines run from
 * edge a-d to edge b-c.
 */
export function ribQuad(a: Pt, b: Pt, cc: Pt, d: Pt, fill: string, line: string, rib: string, n: number) {
  let out = outlined(`M${a}L${b}L${cc}L${d}Z`, fill, line, 5);
  for (let i = 1; i < n; i++) {
    const f = i / n;
    const p = lerp(a, d, f);
    const q = lerp(b, cc, f);
    out += stroke(`M${p[0].toFixed(1)},${p[1].toFixed(1)}L${q[0].toFixed(1)},${q[1].toFixed(1)}`, rib, 2.5);
  }
  return out;
}

/** Knit "v" texture as a pattern; returns [defs, fill reference]. */
export function knitPattern(c: Ctx, color: string, opacity = 0.35, scale = 1): [string, string] {
  const id = c.id("knit");
  const w = 22 * scale;
  const h = 20 * scale;
  return [
    `<defs><pattern id="${id}" patternUnits="userSpaceOnUse" width="${w}" height="${h}"><path d="M${3 * scale},${3 * scale} L${11 * scale},${15 * scale} L${19 * scale},${3 * scale}" fill="none" stroke="${color}" stroke-width="${2.4 * scale}" stroke-linecap="round" opacity="${opacity}"/></pattern></defs>`,
    `url(#${id})`,
  ];
}

/** Gentle soft highlight colour for a tone. */
export function glow(t: Tone): string {
  return mix(t.base, "#ffffff", t.lum > 0.7 ? 0.7 : 0.28);
}
