// Catalogue colours: slug → display name and the hex used to paint garments.
// Slightly muted "fashion" shades so that the illustrations look like real fabric.

export const COLORS = {
  black: { name: "Black", hex: "#26262a" },
  white: { name: "White", hex: "#f7f6f2" },
  navy: { name: "Navy", hex: "#1f2e52" },
  grey: { name: "Grey", hex: "#8e9299" },
  beige: { name: "Beige", hex: "#d9c7a7" },
  red: { name: "Red", hex: "#c9333b" },
  burgundy: { name: "Burgundy", hex: "#7c2035" },
  green: { name: "Green", hex: "#2f7f52" },
  olive: { name: "Olive", hex: "#6d6d3b" },
  blue: { name: "Blue", hex: "#2f6ec1" },
  sky: { name: "Sky Blue", hex: "#8ec4e6" },
  pink: { name: "Pink", hex: "#eeb0c3" },
  yellow: { name: "Yellow", hex: "#f2cf48" },
  mustard: { name: "Mustard", hex: "#cf9d2b" },
  brown: { name: "Brown", hex: "#7b5336" },
  purple: { name: "Purple", hex: "#6f4b9f" },
  orange: { name: "Orange", hex: "#e77a31" },
  teal: { name: "Teal", hex: "#1f8787" },
} as const satisfies Record<string, { name: string; hex: string }>;

export type ColorSlug = keyof typeof COLORS;

export function isColorSlug(value: string): value is ColorSlug {
  return Object.hasOwn(COLORS, value);
}
