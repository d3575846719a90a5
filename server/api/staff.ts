import {
  auditListQuery,
  auditListResponse,
  changeStaffRoleBody,
  customerListQuery,
  customerListResponse,
  inviteStaffBody,
  staffInvitedResponse,
  staffListQuery,
  staffListResponse,
  staffMemberResponse,
  staffParams,
} from "#contract/admin-staff.ts";
import { listAuditEntries } from "#core/audit/audit-query.ts";
import { listCustomers } from "#core/staff/customers-list.ts";
import { changeStaffRole, demoteToCustomer, inviteStaff, listStaff } from "#core/staff/staff-management.ts";
import { defineOperation } from "./operation.ts";

// Staff, customers and the audit log (docs/back-office/staff.md#api): GET/POST /staff,
// PUT/DELETE /staff/{id}, GET /customers, GET /audit. The role is checked at the door
// (access) and again in core.

const page = <T extends { data: unknown[] }>(answer: T) => ({ results: answer.data.length, ...answer });

export const staffOperations = [
  defineOperation(
    {
      method: "get",
      path: "/staff",
      summary: "List the staff (admin)",
      description: "Managers and admins, searched by email or name (`q`), sorted by `sort`.",
      access: "admin",
      query: staffListQuery,
      ok: { status: "200", description: "A page of staff members.", schema: staffListResponse },
    },
    async (c, { query }, { ctx }) => c.json(page(await listStaff(ctx, c.get("staff"), query))),
  ),
  defineOperation(
    {
      method: "post",
      path: "/staff",
      summary: "Invite a staff member (admin)",
      description:
        "A new address gets an account with the role and a mailed one-time link to choose a password (72 hours); an existing customer is made staff (their sessions end) and is told by mail. Audited as `staff.invite`.",
      access: "admin",
      body: inviteStaffBody,
      ok: { status: "201", description: "Invited.", schema: staffInvitedResponse },
      fails: { "409": "The address belongs to a staff member already." },
    },
    async (c, { body }, { ctx, publicUrl }) => {
      const baseUrl = publicUrl ?? new URL(c.req.url).origin;
      const result = await inviteStaff(ctx, c.get("staff"), body, { baseUrl });
      return c.json({ data: result.member, created: result.created, mailed: result.mailed }, 201);
    },
  ),
  defineOperation(
    {
      method: "put",
      path: "/staff/{id}",
      summary: "Change a staff member's role (admin)",
      description: "Ends their sessions. Audited as `staff.role`.",
      access: "admin",
      params: staffParams,
      body: changeStaffRoleBody,
      ok: { status: "200", description: "The staff member with the new role.", schema: staffMemberResponse },
      fails: {
        "404": "No staff member has this id.",
        "409": "One's own role, or the last admin.",
      },
    },
    async (c, { params, body }, { ctx }) =>
      c.json({ data: await changeStaffRole(ctx, c.get("staff"), params.id, body.role) }),
  ),
  defineOperation(
    {
      method: "delete",
      path: "/staff/{id}",
      summary: "Demote a staff member to customer (admin)",
      description: "The account stays, as a customer's; their sessions end. Audited as `staff.demote`.",
      access: "admin",
      params: staffParams,
      ok: { status: "200", description: "The account, now a customer's.", schema: staffMemberResponse },
      fails: {
        "404": "No staff member has this id.",
        "409": "Oneself, or the last admin.",
      },
    },
    async (c, { params }, { ctx }) =>
      c.json({ data: await demoteToCustomer(ctx, c.get("staff"), params.id) }),
  ),
  defineOperation(
    {
      method: "get",
      path: "/customers",
      summary: "List the customers (manager)",
      description: "Read-only: name, email, verified, how many phone numbers and orders; searched by `q`.",
      access: "manager",
      query: customerListQuery,
      ok: { status: "200", description: "A page of customers.", schema: customerListResponse },
    },
    async (c, { query }, { ctx }) => c.json(page(await listCustomers(ctx, c.get("staff"), query))),
  ),
  defineOperation(
    {
      method: "get",
      path: "/audit",
      summary: "Read the audit log (admin)",
      description:
        "Every staff write, newest first, with the record before and after. Filters: `entity`, `entityId`, `action` (`product` or `product.update`), `actor` (email or part of it, or account id), `from` and `to` (days, UTC, both included).",
      access: "admin",
      query: auditListQuery,
      ok: { status: "200", description: "A page of entries.", schema: auditListResponse },
    },
    async (c, { query }, { ctx }) => c.json(page(await listAuditEntries(ctx, c.get("staff"), query))),
  ),
];
