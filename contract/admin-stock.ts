import { z } from "zod";
import { paginationResults } from "./catalog.ts";
import { one, pageParams } from "./query.ts";

// Stock in the back office (docs/back-office/stock.md): adjusting a product's on-hand stock with a
// reason, its ledger and the low-stock list. One schema per payload, shared by the staff API and
// the pages' forms (which post text, so numbers are read from text too).

/** Why staff change on-hand stock: more arrived, a count found another number, units were spoiled. */
export const STOCK_REASONS = ["restock", "count", "damage"] as const;
export type StockReason = (typeof STOCK_REASONS)[number];
/** The ledger also names the stock a product was created with (`initial`). */
export const LEDGER_REASONS = [...STOCK_REASONS, "initial"] as const;

/** The most one size may hold, as the catalogue import allows (contract/catalogue-file.ts). */
export const MAX_STOCK = 1_000_000;
export const MAX_STOCK_NOTE = 500;

/** Form fields arrive as text and a left-empty field as ""; both mean the same as JSON's absent. */
const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const textToNumber = (v: unknown) => {
  const blank = blankToUndefined(v);
  return typeof blank === "string" && /^\s*-?\d+\s*$/.test(blank) ? Number(blank) : blank;
};

const units = (name: string, min: number) => {
  const message = `${name} must be a whole number from ${min} to ${MAX_STOCK}.`;
  return z.preprocess(
    textToNumber,
    z.number({ message }).int({ message }).min(min, { message }).max(MAX_STOCK, { message }).optional(),
  );
};

/**
 * POST /products/{id}/stock-adjustments. `restock` adds `quantity`, `damage` removes `quantity`,
 * `count` sets on-hand to `setTo` (what a count of the shelf found). `size` names one of the
 * product's sizes (ignoring case) and is left out for a product without sizes.
 */
export const stockAdjustmentBody = z
  .object({
    size: z.preprocess(
      blankToUndefined,
      z
        .string({ message: "size must be text." })
        .trim()
        .max(20, { message: "size must be at most 20 characters." })
        .optional(),
    ),
    reason: z.enum(STOCK_REASONS, { message: "reason must be restock, count or damage." }),
    quantity: units("quantity", 1),
    setTo: units("setTo", 0),
    note: z.preprocess(
      blankToUndefined,
      z
        .string({ message: "note must be text." })
        .trim()
        .max(MAX_STOCK_NOTE, { message: `note must be at most ${MAX_STOCK_NOTE} characters.` })
        .optional(),
    ),
  })
  .superRefine((body, ctx) => {
    if (body.reason === "count") {
      if (body.setTo === undefined)
        ctx.addIssue({
          code: "custom",
          path: ["setTo"],
          message: "setTo is required for a count: the number counted.",
        });
      if (body.quantity !== undefined)
        ctx.addIssue({
          code: "custom",
          path: ["quantity"],
          message: "quantity is not used by a count; give setTo.",
        });
    } else {
      if (body.quantity === undefined)
        ctx.addIssue({
          code: "custom",
          path: ["quantity"],
          message: `quantity is required for ${body.reason === "restock" ? "a restock" : "damage"}.`,
        });
      if (body.setTo !== undefined)
        ctx.addIssue({ code: "custom", path: ["setTo"], message: "setTo is only used by a count." });
    }
  });
export type StockAdjustmentBody = z.output<typeof stockAdjustmentBody>;

/** GET /products/{id}/stock: a page of the ledger below the sizes. */
export const productStockQuery = z.object({ ...pageParams });

export const LOW_STOCK_SORTS = ["onHand", "-onHand", "available", "-available", "title", "-title"] as const;
export type LowStockSort = (typeof LOW_STOCK_SORTS)[number];

/** GET /stock/low: sizes (and products without sizes) at or below the low-stock threshold. */
export const lowStockQuery = z.object({
  ...pageParams,
  sort: one(
    "sort",
    z.enum(LOW_STOCK_SORTS, { message: `sort must be one of ${LOW_STOCK_SORTS.join(", ")}` }),
  ).default("onHand"),
  q: one("q", z.string().trim().max(100, { message: "q must be at most 100 characters" })).optional(),
});
export type LowStockQuery = z.output<typeof lowStockQuery>;

// Answers.

const stockFigures = {
  onHand: z.number().int().describe("On the shelf: what sales have not taken"),
  held: z.number().int().describe("Held in shoppers' carts by holds that have not lapsed"),
  available: z.number().int().describe("What a shopper may still add: on hand − held, never below 0"),
};

export const sizeStock = z.object({
  size: z.string().nullable().describe("The size; null for a product without sizes"),
  ...stockFigures,
});
export type SizeStock = z.infer<typeof sizeStock>;

export const ledgerEntry = z.object({
  id: z.number().int(),
  at: z.string().describe("ISO 8601"),
  size: z.string().nullable(),
  reason: z.enum(LEDGER_REASONS),
  delta: z.number().int().describe("The change to on-hand: positive in, negative out"),
  stockAfter: z.number().int(),
  note: z.string().nullable(),
  actor: z.string().nullable().describe("The staff member's email, when the account still exists"),
});
export type LedgerEntry = z.infer<typeof ledgerEntry>;

export const ledgerPage = z.object({
  results: z.number().int(),
  total: z.number().int(),
  paginationResults,
  data: z.array(ledgerEntry),
});
export type LedgerPage = z.infer<typeof ledgerPage>;

export const productStock = z.object({
  productId: z.string(),
  title: z.string(),
  archived: z.boolean(),
  lowStockThreshold: z.number().int(),
  sizes: z.array(sizeStock),
  ledger: ledgerPage.describe("Newest first"),
});
export type ProductStock = z.infer<typeof productStock>;

export const productStockResponse = z.object({ data: productStock });

export const stockAdjustmentResponse = z.object({
  data: z.object({ ...sizeStock.shape, entry: ledgerEntry }),
});
export type StockAdjustmentResult = z.infer<typeof stockAdjustmentResponse>["data"];

export const lowStockItem = z.object({
  productId: z.string(),
  title: z.string(),
  size: z.string().nullable(),
  ...stockFigures,
});
export type LowStockItem = z.infer<typeof lowStockItem>;

export const lowStockResponse = z.object({
  results: z.number().int(),
  total: z.number().int(),
  threshold: z.number().int().describe("shop_settings.low_stock_threshold: on hand at or below it is low"),
  paginationResults,
  data: z.array(lowStockItem),
});
export type LowStockList = z.infer<typeof lowStockResponse>;
