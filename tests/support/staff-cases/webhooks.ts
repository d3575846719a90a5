import type { StaffCase } from "../staff-matrix.ts";

// Webhook endpoints (server/api/webhooks-admin.ts): admins only. Each write is refused for its
// input before it changes anything: a URL that is no https address, or an id that is no id.

const NOT_AN_ID = { id: "not-an-id" };
const NO_SUCH_ENDPOINT = { id: "0".repeat(24) };

export const STAFF_CASES: StaffCase[] = [
  { method: "GET", path: "/webhook-endpoints", allowed: { status: 200 } },
  {
    method: "POST",
    path: "/webhook-endpoints",
    allowed: { status: 400, body: { url: "ftp://hooks.example.test/shop" }, field: "url" },
  },
  {
    method: "PATCH",
    path: "/webhook-endpoints/{id}",
    params: () => NOT_AN_ID,
    allowed: { status: 400, body: { enabled: false }, field: "id" },
  },
  {
    method: "DELETE",
    path: "/webhook-endpoints/{id}",
    params: () => NOT_AN_ID,
    allowed: { status: 400, body: undefined, field: "id" },
  },
  {
    method: "POST",
    path: "/webhook-endpoints/{id}/rotate-secret",
    params: () => NOT_AN_ID,
    allowed: { status: 400, body: {}, field: "id" },
  },
  {
    method: "POST",
    path: "/webhook-endpoints/{id}/ping",
    params: () => NOT_AN_ID,
    allowed: { status: 400, body: {}, field: "id" },
  },
  {
    method: "GET",
    path: "/webhook-endpoints/{id}/deliveries",
    params: () => NO_SUCH_ENDPOINT,
    query: "status=lost",
    allowed: { status: 400, body: undefined, field: "status" },
  },
];
