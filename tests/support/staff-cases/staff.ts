import type { StaffCase } from "../staff-matrix.ts";

// Staff, customers and the audit log (server/api/staff.ts). The writes are refused with a 400 naming
// a field, so the matrix changes no account.
export const STAFF_CASES: StaffCase[] = [
  { method: "GET", path: "/staff", allowed: { status: 200 } },
  {
    method: "POST",
    path: "/staff",
    allowed: {
      status: 400,
      body: { email: "not-an-address", firstName: "Grace", lastName: "Hopper", role: "manager" },
      field: "email",
    },
  },
  {
    method: "PUT",
    path: "/staff/{id}",
    params: (f) => ({ id: f.managerId }),
    allowed: { status: 400, body: { role: "owner" }, field: "role" },
  },
  // A malformed id: the parameter's own 400, before any account is looked up.
  { method: "DELETE", path: "/staff/{id}", allowed: { status: 400, body: undefined, field: "id" } },
  { method: "GET", path: "/customers", query: "q=haddad", allowed: { status: 200 } },
  { method: "GET", path: "/audit", query: "entity=staff", allowed: { status: 200 } },
];
