import type { BulkMoveResult, OrderTransitionBody } from "#contract/staff-orders.ts";
import { mailSender } from "#core/accounts/mail-sender.ts";
import type { CoreContext } from "#core/context.ts";
import {
  listStaffOrders,
  moveOrdersInBulk,
  moveStaffOrder,
  staffOrder,
  staffOrdersByIds,
} from "#core/orders/staff-orders.ts";
import type { Staff } from "#core/staff/roles.ts";

// The back office's order pages (docs/back-office/orders.md#pages) reach core through this module:
// a route module imports no core value itself, so none can slip into the browser's bundle.

export { listStaffOrders, moveStaffOrder, staffOrder, staffOrdersByIds };

/** The same move for each selected order; what happened to each, in the selection's order. */
export function moveSelectedOrders(
  core: CoreContext,
  staff: Staff,
  orderIds: readonly string[],
  move: (orderId: string) => OrderTransitionBody,
): Promise<BulkMoveResult[]> {
  return moveOrdersInBulk(
    core,
    staff,
    orderIds.map((orderId) => ({ orderId, move: move(orderId) })),
  );
}

/** The store name an admin set (the packing slip's heading). */
export async function shopNameOf(core: CoreContext): Promise<string> {
  return (await mailSender(core)).shopName;
}
