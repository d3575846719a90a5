import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { lowStockQuery } from "#contract/admin-stock.ts";
import { listLowStock } from "#core/inventory/low-stock.ts";
import { backOfficeSummary } from "#core/staff/summary.ts";
import { createCustomer } from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";
import { stockedItem } from "../support/shopping.ts";

// The dashboard's figures (app/components/admin/dashboard.tsx) agree with the lists they link to.

const shop = setUpTestShop();

it("counts low stock as the low-stock list does: no archived product, no removed size", async () => {
  const admin = await createCustomer(shop, { role: "admin" });
  const staff = { id: admin.id, email: admin.email, role: "admin" as const };
  await stockedItem(shop, { stock: 2 });
  const archived = await stockedItem(shop, { stock: 1 });
  const withRemovedSize = await stockedItem(shop, { stock: 3 });
  await stockedItem(shop, { stock: 1, sized: false });
  await stockedItem(shop, { stock: 50 });
  await shop.rows(sql`UPDATE products SET archived_at = now() WHERE id = ${archived.productId}`);
  await shop.rows(
    sql`UPDATE product_sizes SET removed_at = now() WHERE product_id = ${withRemovedSize.productId}`,
  );

  const summary = await backOfficeSummary(shop.ctx, staff);
  const list = await listLowStock(shop.ctx, staff, lowStockQuery.parse({}));
  expect(summary.lowStock).toBe(list.total);
  expect(summary.lowStock).toBeGreaterThan(0);
  const [counts] = await shop.rows<{ on_sale: number; archived: number }>(
    sql`SELECT count(*) FILTER (WHERE archived_at IS NULL)::int AS on_sale,
               count(*) FILTER (WHERE archived_at IS NOT NULL)::int AS archived FROM products`,
  );
  expect([summary.products, summary.archivedProducts]).toEqual([counts!.on_sale, counts!.archived]);
});

it("is for staff only", async () => {
  const customer = await createCustomer(shop);
  await expect(
    backOfficeSummary(shop.ctx, { id: customer.id, email: customer.email, role: "customer" as never }),
  ).rejects.toMatchObject({ kind: "forbidden" });
});
