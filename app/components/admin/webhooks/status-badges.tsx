import type { WebhookDeliveryStatus } from "#contract/webhooks.ts";

const BADGE = "inline-block rounded-full px-2 py-0.5 font-medium text-xs";

export function EndpointStatusBadge({ enabled }: { enabled: boolean }) {
  return enabled ? (
    <span className={`${BADGE} bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200`}>
      enabled
    </span>
  ) : (
    <span className={`${BADGE} bg-gray-200 text-gray-800 dark:bg-gray-800 dark:text-gray-200`}>disabled</span>
  );
}

const DELIVERY_CLASS: Record<WebhookDeliveryStatus, string> = {
  pending: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  delivered: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
  failed: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200",
};

export function DeliveryStatusBadge({ status }: { status: WebhookDeliveryStatus }) {
  return <span className={`${BADGE} ${DELIVERY_CLASS[status]}`}>{status}</span>;
}
