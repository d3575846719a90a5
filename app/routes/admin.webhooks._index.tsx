import { AdminErrorBoundary } from "#app/components/admin/admin-error.tsx";
import { WebhookListPage } from "#app/components/admin/webhooks/webhook-list-page.tsx";
import {
  createEndpointFromForm,
  loadWebhookList,
} from "#app/components/admin/webhooks/webhook-pages.server.ts";
import type { Route } from "./+types/admin.webhooks._index";

// /admin/webhooks (docs/integrations/webhooks.md#back-office): admins register the endpoints order
// events are POSTed to; a new endpoint's signing secret is shown once, in the answer to the post.

export const meta: Route.MetaFunction = () => [
  { title: "Webhooks — back office" },
  { name: "robots", content: "noindex" },
];

// The answer to a creation carries the secret: no cache may keep it.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export function loader({ request, context }: Route.LoaderArgs) {
  return loadWebhookList(request, context.core);
}

export function action({ request, context }: Route.ActionArgs) {
  return createEndpointFromForm(request, context.core, context.publicUrl);
}

export { AdminErrorBoundary as ErrorBoundary };

export default function AdminWebhooks({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <WebhookListPage
      list={loaderData.list}
      search={new URLSearchParams(loaderData.search)}
      notice={loaderData.notice}
      created={actionData && "created" in actionData ? actionData.created : undefined}
      create={
        actionData && "values" in actionData ? { values: actionData.values, failure: actionData } : undefined
      }
    />
  );
}
