import { AdminErrorBoundary } from "#app/components/admin/admin-error.tsx";
import { WebhookPage } from "#app/components/admin/webhooks/webhook-page.tsx";
import { changeEndpointFromForm, loadWebhook } from "#app/components/admin/webhooks/webhook-pages.server.ts";
import type { Route } from "./+types/admin.webhooks.$endpointId";

// /admin/webhooks/:endpointId (docs/integrations/webhooks.md#back-office): edit, enable or disable,
// send a test event, rotate the secret (shown once), delete; the deliveries and the history.

export const meta: Route.MetaFunction = () => [
  { title: "Webhook endpoint — back office" },
  { name: "robots", content: "noindex" },
];

// The answer to a rotation carries the new secret: no cache may keep it.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export function loader({ request, params, context }: Route.LoaderArgs) {
  return loadWebhook(request, context.core, params.endpointId);
}

export function action({ request, params, context }: Route.ActionArgs) {
  return changeEndpointFromForm(request, context.core, params.endpointId, context.publicUrl);
}

export { AdminErrorBoundary as ErrorBoundary };

export default function AdminWebhook({ loaderData, actionData }: Route.ComponentProps) {
  return <WebhookPage data={loaderData} result={actionData} />;
}
