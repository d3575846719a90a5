// Promotional banners (3:1), drawn in a 1920×640 user space: eyebrow, headline, subline and a
// call-to-action pill on the left, garment illustrations on a decorative backdrop on the right.

import { type GarmentSlug, garmentArt, shadowFilter } from "./garments.ts";
import type { ColorSlug } from "./palette.ts";
import { escapeXml, mix, SANS, textWidth, wrap } from "./svg-kit.ts";

export const BANNER_COUNT = 11;

type Item = readonly [GarmentSlug, ColorSlug, string, number, number, number];

interface Banner {
  eyebrow: string;
  headline: string[];
  sub: string;
  cta: string;
  bg: string;
  ink: string;
  accent: string;
  ctaBg: string;
  ctaInk: string;
  deco: "circle" | "dots" | "stripes" | "rings" | "blob";
  items: readonly Item[];
  extra?: string;
}

function burst(
  cx: number,
  cy: number,
  r: number,
  fill: string,
  ink: string,
  top: string,
  big: string,
): string {
  let d = "";
  const n = 18;
  for (let i = 0; i < n * 2; i++) {
    const a = (i * Math.PI) / n;
    const rr = i % 2 ? r * 0.88 : r;
    d += `${i ? "L" : "M"}${(cx + rr * Math.cos(a)).toFixed(1)},${(cy + rr * Math.sin(a)).toFixed(1)}`;
  }
  return (
    `<g transform="rotate(-12 ${cx} ${cy})"><path d="${d}Z" fill="${fill}"/>` +
    `<text x="${cx}" y="${cy - r * 0.22}" text-anchor="middle" font-family="${SANS}" font-weight="700" font-size="${r * 0.26}" fill="${ink}">${escapeXml(top)}</text>` +
    `<text x="${cx}" y="${cy + r * 0.38}" text-anchor="middle" font-family="${SANS}" font-weight="700" font-size="${r * 0.56}" fill="${ink}">${escapeXml(big)}</text></g>`
  );
}

function parcel(x: number, y: number, s: number): string {
  const kraft = "#c99a61";
  const kraftDark = "#a87a45";
  const line = "#6e4c26";
  return (
    `<g transform="translate(${x},${y}) scale(${s})">` +
    `<path d="M0,120 L260,160 L260,460 L0,420 Z" fill="${kraft}" stroke="${line}" stroke-width="6" stroke-linejoin="round"/>` +
    `<path d="M260,160 L440,110 L440,400 L260,460 Z" fill="${kraftDark}" stroke="${line}" stroke-width="6" stroke-linejoin="round"/>` +
    `<path d="M0,120 L180,70 L440,110 L260,160 Z" fill="#dcb07a" stroke="${line}" stroke-width="6" stroke-linejoin="round"/>` +
    `<path d="M90,95 L350,135 L350,160 L90,120 Z" fill="#efe2c8" opacity="0.9"/>` +
    `<path d="M110,137 L150,143 L150,443 L110,437 Z" fill="#efe2c8" opacity="0.9"/>` +
    `<path d="M40,300 L200,324 L200,400 L40,376 Z" fill="#ffffff" stroke="${line}" stroke-width="4"/>` +
    `<path d="M60,330 L160,345 M60,352 L180,370" stroke="#9a8b77" stroke-width="8" stroke-linecap="round"/>` +
    `</g>`
  );
}

const BANNERS: readonly Banner[] = [
  {
    eyebrow: "JUST LANDED",
    headline: ["New Season", "Arrivals"],
    sub: "Fresh colours and easy shapes.",
    cta: "Shop new in",
    bg: "#e3ece4",
    ink: "#1f3d2f",
    accent: "#2f7f52",
    ctaBg: "#1f3d2f",
    ctaInk: "#ffffff",
    deco: "circle",
    items: [
      ["jacket", "olive", "front", 1040, 30, 0.58],
      ["tshirt", "white", "front", 1390, 60, 0.5],
      ["sneakers", "white", "side", 1380, 290, 0.42],
    ],
  },
  {
    eyebrow: "LIMITED TIME",
    headline: ["Summer Sale", "up to 60% off"],
    sub: "Hundreds of styles, while stocks last.",
    cta: "Shop the sale",
    bg: "#c9333b",
    ink: "#ffffff",
    accent: "#f2cf48",
    ctaBg: "#ffffff",
    ctaInk: "#a3242c",
    deco: "rings",
    items: [
      ["dress", "yellow", "front", 1120, 40, 0.58],
      ["sandals", "beige", "pair", 1430, 250, 0.38],
      ["cap", "white", "side", 1420, 40, 0.34],
    ],
    extra: burst(1760, 150, 110, "#f2cf48", "#7c1a22", "UP TO", "-60%"),
  },
  {
    eyebrow: "THE DENIM SHOP",
    headline: ["Denim Days"],
    sub: "Jeans, shorts and shirts in every wash.",
    cta: "Shop denim",
    bg: "#1f2e52",
    ink: "#f6f1e9",
    accent: "#e6b84a",
    ctaBg: "#e6b84a",
    ctaInk: "#1f2e52",
    deco: "stripes",
    items: [
      ["shirt", "sky", "front", 1060, 40, 0.56],
      ["jeans", "blue", "front", 1350, 30, 0.6],
      ["shorts", "navy", "front", 1590, 220, 0.4],
    ],
  },
  {
    eyebrow: "NEW PAIRS WEEKLY",
    headline: ["Sneaker Drop"],
    sub: "Fresh pairs just landed. Limited sizes.",
    cta: "Shop sneakers",
    bg: "#f2cf48",
    ink: "#1b1b1f",
    accent: "#c9333b",
    ctaBg: "#1b1b1f",
    ctaInk: "#ffffff",
    deco: "dots",
    items: [
      ["sneakers", "white", "side", 1360, -30, 0.5],
      ["sneakers", "teal", "side", 1040, 100, 0.5],
      ["sneakers", "red", "side", 1300, 220, 0.56],
    ],
  },
  {
    eyebrow: "LAYER UP",
    headline: ["The Outerwear", "Edit"],
    sub: "Coats and jackets made for colder days.",
    cta: "Shop outerwear",
    bg: "#eadfcd",
    ink: "#3d2a1c",
    accent: "#7b5336",
    ctaBg: "#5a3b24",
    ctaInk: "#ffffff",
    deco: "blob",
    items: [
      ["coat", "navy", "front", 1060, 20, 0.62],
      ["jacket", "olive", "front", 1380, 90, 0.54],
      ["scarf", "burgundy", "front", 1580, 170, 0.42],
    ],
  },
  {
    eyebrow: "FOR LITTLE ONES",
    headline: ["Kids Collection"],
    sub: "Playful pieces built for running around.",
    cta: "Shop kids",
    bg: "#d3e8f6",
    ink: "#1f2e52",
    accent: "#e77a31",
    ctaBg: "#e77a31",
    ctaInk: "#ffffff",
    deco: "dots",
    items: [
      ["tshirt", "yellow", "front", 1070, 70, 0.46],
      ["shorts", "red", "front", 1330, 100, 0.44],
      ["sneakers", "sky", "pair", 1500, 210, 0.38],
      ["socks", "green", "pair", 1560, 0, 0.3],
    ],
  },
  {
    eyebrow: "EVERY DAY",
    headline: ["Free shipping", "over 100 USD"],
    sub: "Fast delivery and free 30-day returns.",
    cta: "Start shopping",
    bg: "#1f8787",
    ink: "#ffffff",
    accent: "#f2cf48",
    ctaBg: "#ffffff",
    ctaInk: "#145e5e",
    deco: "circle",
    items: [
      ["bag", "mustard", "front", 1560, 110, 0.44],
      ["tshirt", "white", "folded", 1380, -20, 0.4],
    ],
    extra: parcel(1120, 90, 0.95),
  },
  {
    eyebrow: "COSY SEASON",
    headline: ["Knitwear", "Weekend"],
    sub: "Soft knits and scarves to wrap up in.",
    cta: "Shop knitwear",
    bg: "#f3e7d6",
    ink: "#7c2035",
    accent: "#cf9d2b",
    ctaBg: "#7c2035",
    ctaInk: "#ffffff",
    deco: "rings",
    items: [
      ["sweater", "mustard", "front", 1060, 40, 0.58],
      ["scarf", "burgundy", "front", 1370, 60, 0.5],
      ["socks", "grey", "pair", 1510, 230, 0.4],
    ],
  },
  {
    eyebrow: "FINISHING TOUCHES",
    headline: ["Accessories"],
    sub: "Bags, caps, belts and scarves.",
    cta: "Shop accessories",
    bg: "#f5dce3",
    ink: "#5c1a2b",
    accent: "#7c2035",
    ctaBg: "#7c2035",
    ctaInk: "#ffffff",
    deco: "blob",
    items: [
      ["bag", "brown", "front", 1060, 60, 0.56],
      ["cap", "navy", "side", 1360, 20, 0.44],
      ["belt", "black", "coiled", 1380, 270, 0.4],
      ["scarf", "teal", "front", 1580, 120, 0.42],
    ],
  },
  {
    eyebrow: "TRAIN  RUN  REST",
    headline: ["Sportswear"],
    sub: "Breathable pieces that move with you.",
    cta: "Shop sportswear",
    bg: "#232327",
    ink: "#ffffff",
    accent: "#e77a31",
    ctaBg: "#e77a31",
    ctaInk: "#1b1b1f",
    deco: "stripes",
    items: [
      ["hoodie", "grey", "front", 1060, 40, 0.58],
      ["shorts", "teal", "front", 1380, 80, 0.46],
      ["sneakers", "orange", "side", 1430, 270, 0.5],
    ],
  },
  {
    eyebrow: "FRIDAY TO SUNDAY",
    headline: ["Weekend Deals"],
    sub: "Extra 20% off selected styles.",
    cta: "Shop deals",
    bg: "#6f4b9f",
    ink: "#ffffff",
    accent: "#f2cf48",
    ctaBg: "#f2cf48",
    ctaInk: "#3e2a60",
    deco: "circle",
    items: [
      ["polo", "pink", "front", 1040, 60, 0.5],
      ["skirt", "white", "front", 1270, 90, 0.46],
      ["sneakers", "yellow", "pair", 1450, 190, 0.44],
    ],
    extra: burst(1770, 130, 96, "#f2cf48", "#3e2a60", "EXTRA", "-20%"),
  },
];

function decoration(b: Banner): string {
  const soft = mix(b.bg, b.ink, 0.08);
  const softer = mix(b.bg, "#ffffff", 0.18);
  switch (b.deco) {
    case "circle":
      return `<circle cx="1450" cy="330" r="400" fill="${softer}"/><circle cx="1040" cy="560" r="90" fill="${soft}"/>`;
    case "rings":
      return (
        `<circle cx="1460" cy="320" r="380" fill="${softer}" opacity="0.7"/>` +
        `<circle cx="1460" cy="320" r="470" fill="none" stroke="${softer}" stroke-width="26" opacity="0.6"/>`
      );
    case "dots": {
      let dots = "";
      for (let x = 1000; x < 1920; x += 48) for (let y = 24; y < 640; y += 48) dots += `M${x},${y}h0.1`;
      return `<path d="${dots}" stroke="${soft}" stroke-width="12" stroke-linecap="round"/><circle cx="1460" cy="330" r="330" fill="${softer}"/>`;
    }
    case "stripes": {
      let d = "";
      for (let x = 980; x < 2200; x += 90) d += `M${x},660 L${x + 300},-20 `;
      return `<path d="${d}" stroke="${softer}" stroke-width="34" opacity="0.35"/><circle cx="1470" cy="320" r="330" fill="${softer}" opacity="0.55"/>`;
    }
    default:
      return `<path d="M1100,80 C1260,-40 1600,0 1760,120 C1920,240 1880,520 1700,600 C1520,680 1220,640 1110,500 C1000,360 960,180 1100,80 Z" fill="${softer}"/>`;
  }
}

/** Banner n (1..BANNER_COUNT) as an SVG of width × height px (designed for 3:1), or null. */
export function bannerSvg(n: number, width: number, height: number): string | null {
  if (!Number.isInteger(n) || n < 1 || n > BANNER_COUNT) return null;
  const b = BANNERS[n - 1]!;
  const left = 120;
  const maxText = 860;

  // Headline: largest size (≤ 100) at which every line fits; overly long lines are re-wrapped.
  let size = 100;
  let lines = b.headline;
  while (size > 60 && lines.some((l) => textWidth(l, size, "sans700") > maxText)) {
    size -= 4;
    lines = b.headline.flatMap((l) => wrap(l, size, maxText, "sans700"));
  }
  const subSize = 42;
  const subLines = wrap(b.sub, subSize, maxText, "sans400");
  const ctaSize = 36;
  const ctaText = textWidth(b.cta, ctaSize, "sans700");
  const ctaW = ctaText + 46 + 26 + 30 + 44;
  const ctaH = 84;

  const eyebrowH = 44;
  const headLineH = size * 1.08;
  const blockH = eyebrowH + 16 + lines.length * headLineH + 18 + subLines.length * subSize * 1.3 + 40 + ctaH;
  let y = Math.max(48, 320 - blockH / 2);

  let text = "";
  text += `<rect x="${left}" y="${y + 6}" width="44" height="6" rx="3" fill="${b.accent}"/>`;
  text += `<text x="${left + 60}" y="${y + 18}" font-family="${SANS}" font-weight="700" font-size="28" letter-spacing="5" fill="${b.accent}">${escapeXml(b.eyebrow)}</text>`;
  y += eyebrowH + 16;
  for (const line of lines) {
    text += `<text x="${left}" y="${(y + size * 0.8).toFixed(1)}" font-family="${SANS}" font-weight="700" font-size="${size}" fill="${b.ink}">${escapeXml(line)}</text>`;
    y += headLineH;
  }
  y += 18;
  for (const line of subLines) {
    text += `<text x="${left}" y="${(y + subSize).toFixed(1)}" font-family="${SANS}" font-size="${subSize}" fill="${b.ink}" opacity="0.85">${escapeXml(line)}</text>`;
    y += subSize * 1.3;
  }
  y += 40;
  text += `<rect x="${left}" y="${y}" width="${ctaW.toFixed(1)}" height="${ctaH}" rx="${ctaH / 2}" fill="${b.ctaBg}"/>`;
  text += `<text x="${left + 46}" y="${y + ctaH / 2 + ctaSize * 0.36}" font-family="${SANS}" font-weight="700" font-size="${ctaSize}" fill="${b.ctaInk}">${escapeXml(b.cta)}</text>`;
  const ax = left + 46 + ctaText + 26 + 15;
  const ay = y + ctaH / 2;
  text += `<path d="M${ax - 14},${ay} L${ax + 14},${ay} M${ax + 2},${ay - 12} L${ax + 14},${ay} L${ax + 2},${ay + 12}" fill="none" stroke="${b.ctaInk}" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>`;

  let art = "";
  b.items.forEach(([garment, color, view, x, yy, scale], i) => {
    art += `<g transform="translate(${x},${yy}) scale(${scale})"><g filter="url(#bs)">${garmentArt(garment, color, view, `b${i}`)}</g></g>`;
  });
  const extra = b.extra ? `<g filter="url(#bs)">${b.extra}</g>` : "";

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1920 640" preserveAspectRatio="xMidYMid slice">` +
    `<defs>${shadowFilter("bs", 1.3)}<linearGradient id="bgl" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${mix(b.bg, "#ffffff", 0.06)}"/><stop offset="1" stop-color="${mix(b.bg, "#000000", 0.06)}"/></linearGradient></defs>` +
    `<rect width="1920" height="640" fill="url(#bgl)"/>` +
    decoration(b) +
    (b.extra && b.items.length < 3 ? extra + art : art + extra) +
    text +
    `</svg>`
  );
}

/** What banner n says ("Summer Sale up to 60% off", "Hundreds of styles, …"): its slide's title and subtitle. */
export function bannerCopy(n: number): { title: string; subtitle: string } | null {
  const b = BANNERS[n - 1];
  return b ? { title: b.headline.join(" "), subtitle: b.sub } : null;
}
