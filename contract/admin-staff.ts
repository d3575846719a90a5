import { z } from "zod";
import { signupBody } from "./accounts.ts";
import { listResponse } from "./catalog.ts";
import { ID_PATTERN, one, pageParams } from "./query.ts";

// Staff, customers and the audit log in the back office (docs/back-office/staff.md): the bodies and
// query strings of the staff API, also read by the /admin pages' forms and tables.

/** The staff roles (core/staff/roles.ts: STAFF_ROLES holds the same two; contract imports no core). */
export const STAFF_ROLE_NAMES = ["manager", "admin"] as const;
export const ROLE_MESSAGE = "The role is admin or manager.";

const role = z.enum(STAFF_ROLE_NAMES, { message: ROLE_MESSAGE });

/** POST /staff: the names and address follow the sign-up form's rules and messages. */
export const inviteStaffBody = z.object({
  email: signupBody.shape.email,
  firstName: signupBody.shape.firstName,
  lastName: signupBody.shape.lastName,
  role,
});
export type InviteStaffBody = z.infer<typeof inviteStaffBody>;

/** PUT /staff/{id} */
export const changeStaffRoleBody = z.object({ role });
export type ChangeStaffRoleBody = z.infer<typeof changeStaffRoleBody>;

/** /staff/{id}: an account's id. */
export const staffParams = z.object({
  id: z.string().regex(ID_PATTERN, { message: "id must be a 24-character id" }),
});

export const SEARCH_MAX = 100;
const search = one(
  "q",
  z
    .string()
    .trim()
    .max(SEARCH_MAX, { message: `q must be at most ${SEARCH_MAX} characters` }),
);

/** `sort=email` or `sort=-createdAt`: one whitelisted column, `-` for descending. */
function sortOf<F extends string>(fields: readonly F[]) {
  const values = fields.flatMap((f) => [f, `-${f}`]) as [string, ...string[]];
  return one(
    "sort",
    z.enum(values, { message: `sort is one of ${fields.join(", ")}, with a leading - for descending` }),
  );
}

export const STAFF_SORTS = ["email", "name", "role", "createdAt"] as const;
export const DEFAULT_STAFF_SORT = "email";
/** GET /staff */
export const staffListQuery = z.object({
  page: pageParams.page,
  limit: pageParams.limit,
  sort: sortOf(STAFF_SORTS).default(DEFAULT_STAFF_SORT),
  q: search.optional(),
});
export type StaffListQuery = z.output<typeof staffListQuery>;

export const CUSTOMER_SORTS = ["email", "name", "orders", "createdAt"] as const;
export const DEFAULT_CUSTOMER_SORT = "-createdAt";
/** GET /customers */
export const customerListQuery = z.object({
  page: pageParams.page,
  limit: pageParams.limit,
  sort: sortOf(CUSTOMER_SORTS).default(DEFAULT_CUSTOMER_SORT),
  q: search.optional(),
});
export type CustomerListQuery = z.output<typeof customerListQuery>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day, `YYYY-MM-DD`, that exists (not 2026-02-30). */
export function day(name: string) {
  const message = `${name} must be a date (YYYY-MM-DD)`;
  return one(
    name,
    z
      .string()
      .trim()
      .regex(DAY, { message })
      .refine(
        (v) => {
          const date = new Date(`${v}T00:00:00Z`);
          return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === v;
        },
        { message },
      ),
  );
}

function word(name: string, max: number) {
  return one(
    name,
    z
      .string()
      .trim()
      .max(max, { message: `${name} must be at most ${max} characters` }),
  );
}

/** GET /audit: newest first; every filter optional; `from` and `to` are whole days (UTC), both included. */
export const auditListQuery = z
  .object({
    page: pageParams.page,
    limit: pageParams.limit,
    entity: word("entity", 40).optional(),
    entityId: word("entityId", 100).optional(),
    action: word("action", 60).optional(),
    actor: word("actor", 254).optional(),
    from: day("from").optional(),
    to: day("to").optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    path: ["to"],
    message: "to must be the same day as from or later",
  });
export type AuditListQuery = z.output<typeof auditListQuery>;

// ---- Answers ----

export const staffMember = z.object({
  _id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(["customer", "manager", "admin"]).describe("`customer` once demoted"),
  twoFactor: z.boolean().describe("Whether two-factor sign-in (TOTP) is on"),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMember>;

export const staffListResponse = listResponse(staffMember).extend({ total: z.number().int() });
export const staffMemberResponse = z.object({ data: staffMember });
export const staffInvitedResponse = z.object({
  data: staffMember,
  created: z.boolean().describe("A new account (true) or a customer promoted (false)"),
  mailed: z.boolean().describe("Whether the invitation mail was handed to the mail service"),
});

export const customerListItem = z.object({
  _id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  emailVerified: z.boolean(),
  phoneNumbers: z.number().int(),
  orders: z.number().int(),
  createdAt: z.string(),
});
export type CustomerListItem = z.infer<typeof customerListItem>;
export const customerListResponse = listResponse(customerListItem).extend({ total: z.number().int() });

export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actorId: z.string().nullable().describe("Null for the command line"),
  actorEmail: z.string().describe("As it was when the entry was written"),
  action: z.string().describe("`<entity>.<verb>`: `product.update`, `staff.role`…"),
  entity: z.string(),
  entityId: z.string(),
  before: z.unknown().describe("The record before the change; null for a creation"),
  after: z.unknown().describe("The record after the change; null for a removal"),
});
export type AuditEntryView = z.infer<typeof auditEntry>;
export const auditListResponse = listResponse(auditEntry).extend({ total: z.number().int() });
