import type { Context } from "hono";
import { z } from "zod";
import {
  lowStockQuery,
  lowStockResponse,
  productStockQuery,
  productStockResponse,
  stockAdjustmentBody,
  stockAdjustmentResponse,
} from "#contract/admin-stock.ts";
import { errorResponse } from "#contract/catalog.ts";
import { adjustStock } from "#core/inventory/adjustments.ts";
import { listLowStock } from "#core/inventory/low-stock.ts";
import { productStockOf } from "#core/inventory/stock-view.ts";
import type { Staff } from "#core/staff/roles.ts";
import { defineOperation } from "./operation.ts";

// Stock for staff (docs/back-office/stock.md): a product's stock by size with its ledger, stock
// adjustments, and the low-stock list. Managers and admins.

const staff = (c: Context) => c.get("staff") as Staff;
const NO_PRODUCT = "`No product for this ID: {id}.`";
/** Any text is looked up: what is no product's id is a 404, as GET /products/{id} answers. */
const productParam = z.object({ id: z.string() });
const base = { access: "manager", errorBody: errorResponse, unparsedParams: productParam } as const;

export const stockAdminOperations = [
  defineOperation(
    {
      ...base,
      method: "get",
      path: "/products/{id}/stock",
      summary: "A product's stock by size, with its stock ledger",
      description:
        "Per size (or once for a product without sizes): on hand, held in shoppers' carts by holds that have not lapsed, and available (on hand − held). Below, a page of the stock ledger, newest first (`page`, `limit`).",
      query: productStockQuery,
      ok: { status: "200", description: "The product's stock.", schema: productStockResponse },
      fails: { "404": NO_PRODUCT },
    },
    async (c, { query }, { ctx }) =>
      c.json({ data: await productStockOf(ctx, staff(c), c.req.param("id") as string, query) }),
  ),
  defineOperation(
    {
      ...base,
      method: "post",
      path: "/products/{id}/stock-adjustments",
      summary: "Restock, count or write off a size's stock",
      description:
        "`restock` adds `quantity`; `damage` removes `quantity`; `count` sets on hand to `setTo`. `size` names one of the product's sizes (ignoring case), left out for a product without sizes; `note` is optional. The change, its ledger line and its audit entry commit together, under the same stock lock shoppers' holds and checkouts take.",
      body: stockAdjustmentBody,
      ok: {
        status: "201",
        description: "Adjusted: the size's stock now and the ledger line written.",
        schema: stockAdjustmentResponse,
      },
      fails: {
        "400":
          "A field is missing or wrong; `size` names no size of the product (or one is given for a product without sizes).",
        "404": NO_PRODUCT,
        "409":
          "The change would take on hand below what shoppers' carts hold (or below 0): the message says how many are held; `errors` names `quantity` or `setTo`. Nothing changed.",
      },
    },
    async (c, { body }, { ctx }) =>
      c.json({ data: await adjustStock(ctx, staff(c), c.req.param("id") as string, body) }, 201),
  ),
  defineOperation(
    {
      method: "get",
      path: "/stock/low",
      access: "manager",
      errorBody: errorResponse,
      summary: "Sizes and products at or below the low-stock threshold",
      description:
        "Products on sale (not archived) and their sizes (not removed) whose on-hand stock is at or below the shop's low-stock threshold (settings), with held and available stock. `q` filters by title; `sort` orders by `onHand` (default), `available` or `title` (`-` for descending).",
      query: lowStockQuery,
      ok: { status: "200", description: "A page of low-stock items.", schema: lowStockResponse },
    },
    async (c, { query }, { ctx }) => c.json(await listLowStock(ctx, staff(c), query)),
  ),
];
