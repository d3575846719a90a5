import type { Context } from "hono";
import {
  orderTransitionBody,
  orderTransitionResponse,
  staffOrderListQuery,
  staffOrderListResponse,
  staffOrderParams,
  staffOrderResponse,
} from "#contract/staff-orders.ts";
import { listStaffOrders, moveStaffOrder, staffOrder } from "#core/orders/staff-orders.ts";
import type { Staff } from "#core/staff/roles.ts";
import { defineOperation } from "./operation.ts";

// The staff's orders (docs/back-office/orders.md#api): every customer's orders, one order with its
// timeline, refunds and messages, and a move through the order workflow (core/orders/order-workflow.ts).

const actor = (c: Context) => c.get("staff") as Staff;
const NO_ORDER = "No order has this id.";

export const orderAdminOperations = [
  defineOperation(
    {
      method: "get",
      path: "/orders",
      access: "manager",
      summary: "List every customer's orders (staff)",
      description:
        "Newest first. Filters, all optional: `status` (one or several: repeated, `status[]=` or comma-separated), `paymentMethod`, `from` and `to` (days `YYYY-MM-DD`, UTC, both included), `customer` (an account id, or an email address, whole and ignoring case), `q` (an order number such as `1042` or `#1042`, part of the customer's email address, or part of the phone number the order ships to). Each order as its customer reads it, with `customer`.",
      query: staffOrderListQuery,
      ok: { status: "200", description: "A page of orders.", schema: staffOrderListResponse },
    },
    async (c, { query }, { ctx }) => {
      const page = await listStaffOrders(ctx, actor(c), query);
      return c.json({ results: page.data.length, ...page });
    },
  ),
  defineOperation(
    {
      method: "get",
      path: "/orders/{id}",
      access: "manager",
      summary: "Read an order (staff)",
      description:
        "The order with its customer, its timeline with the staff member who made each move, its refunds, the messages its changes queued and how each delivery stands, and `nextMoves`: the moves staff may make now, with their button labels.",
      params: staffOrderParams,
      ok: { status: "200", description: "The order.", schema: staffOrderResponse },
      fails: { "404": NO_ORDER },
    },
    async (c, { params }, { ctx }) => c.json({ data: await staffOrder(ctx, actor(c), params.id) }),
  ),
  defineOperation(
    {
      method: "post",
      path: "/orders/{id}/transitions",
      access: "manager",
      summary: "Move an order to its next status",
      description:
        "`to` is one of the order's `nextMoves`: `processing`, `shipped` (needs `carrier` and `trackingNumber`; `trackingUrl` is an https address), `delivered` (for a cash order: collected, and so paid), `returned` (its units go back on the shelf) or `cancelled` (its units go back; an unpaid card order's items return to the cart). `note` joins the timeline. The move, its stock, its timeline entry, its audit entry (`order.<status>`) and its messages are one transaction. Repeating the move the order already made answers 200 with `changed: false` and changes and sends nothing.",
      params: staffOrderParams,
      body: orderTransitionBody,
      ok: { status: "200", description: "The order as it now stands.", schema: orderTransitionResponse },
      fails: {
        "404": NO_ORDER,
        "409":
          "The workflow does not allow the move from the order's status (the message names both), or `paid`, which only the payment provider confirms; `errors` names `to`.",
      },
    },
    async (c, { params, body }, { ctx }) => c.json(await moveStaffOrder(ctx, actor(c), params.id, body)),
  ),
];
