import type { TestShop } from "./app.ts";

/** What the matrix's fixtures hand each case: ids of records that exist in the test shop. */
export interface StaffFixtures {
  shop: TestShop;
  /** A product with two sizes (S, M), stock 5 each. */
  productId: string;
  /** An admin's and a manager's account ids. */
  adminId: string;
  managerId: string;
  /** A customer's account id. */
  customerId: string;
}

/**
 * One staff operation of the route table, as the authorization matrix calls it
 * (tests/integration/staff-authorization-matrix.test.ts). Whoever may call it gets `allowed`:
 * for a write, an invalid input whose 400 names `field` — so nothing changes — and for a read,
 * its success status.
 */
export interface StaffCase {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** As the route table writes it: `/products/{id}`. */
  path: string;
  /** The path's `{name}` values, from the fixtures. */
  params?: (fixtures: StaffFixtures) => Record<string, string>;
  /** A query string (without `?`). */
  query?: string;
  allowed: { status: 400; body: unknown; field: string } | { status: 200 | 201 | 204; body?: unknown };
}
