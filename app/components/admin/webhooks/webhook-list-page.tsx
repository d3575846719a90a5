import { Link } from "react-router";
import { NoticeBox } from "#app/components/form-controls.tsx";
import type { FormFailure } from "#app/lib/form-action.server.ts";
import type { WebhookEndpoint } from "#contract/webhooks.ts";
import { AdminPageHeader } from "../admin-layout.tsx";
import { shownTime } from "../audit-trail.tsx";
import { type AdminColumn, DataTable } from "../data-table.tsx";
import { EMPTY_ENDPOINT, EndpointForm, type EndpointFormValues, eventsSummary } from "./endpoint-form.tsx";
import { SecretReveal } from "./secret-reveal.tsx";
import { EndpointStatusBadge } from "./status-badges.tsx";

const COLUMNS: AdminColumn<WebhookEndpoint>[] = [
  {
    id: "url",
    header: "URL",
    cell: ({ row }) => (
      <Link to={`/admin/webhooks/${row.original._id}`} className="break-all font-mono text-xs underline">
        {row.original.url}
      </Link>
    ),
  },
  {
    id: "description",
    header: "Description",
    cell: ({ row }) => row.original.description || <span className="text-gray-500">—</span>,
  },
  { id: "events", header: "Events", cell: ({ row }) => eventsSummary(row.original.events) },
  {
    id: "status",
    header: "Status",
    cell: ({ row }) => <EndpointStatusBadge enabled={row.original.enabled} />,
  },
  {
    id: "deliveries",
    header: "Pending / failed",
    meta: { numeric: true },
    cell: ({ row }) => `${row.original.pendingDeliveries} / ${row.original.failedDeliveries}`,
  },
  { id: "createdAt", header: "Created", cell: ({ row }) => shownTime(row.original.createdAt).slice(0, 10) },
];

export interface WebhookListPageProps {
  list: {
    data: WebhookEndpoint[];
    total: number;
    paginationResults: { currentPage: number; numberOfPages: number };
  };
  search: URLSearchParams;
  notice?: string;
  /** Right after a creation: the endpoint and its secret, shown this once. */
  created?: { endpoint: WebhookEndpoint; secret: string };
  /** The form's values and problems after a refused post. */
  create?: { values: EndpointFormValues; failure: FormFailure };
}

/** /admin/webhooks: the endpoints integrators receive order events on, and the form for a new one. */
export function WebhookListPage({ list, search, notice, created, create }: WebhookListPageProps) {
  const pages = list.paginationResults;
  return (
    <>
      <AdminPageHeader
        title="Webhooks"
        actions={
          <a href="#new-endpoint" className="button-primary">
            New endpoint
          </a>
        }
      />
      <p className="mb-4 max-w-3xl text-gray-700 text-sm dark:text-gray-300">
        The shop POSTs each order event, signed, to these URLs, and retries until the receiver answers 2xx.
        How a receiver checks the signature:{" "}
        <span className="font-mono text-xs">docs/integrations/webhooks.md</span>.
      </p>
      <div className="mb-4 flex flex-col gap-3" aria-live="polite">
        <NoticeBox message={created ? "Webhook endpoint created." : notice} />
      </div>
      {created && (
        <>
          <SecretReveal secret={created.secret} title={`Signing secret for ${created.endpoint.url}`} />
          <p className="-mt-3 mb-6 text-sm">
            <Link to={`/admin/webhooks/${created.endpoint._id}`} className="underline">
              Open the endpoint
            </Link>{" "}
            to send it a test event.
          </p>
        </>
      )}
      <DataTable
        caption="Webhook endpoints"
        columns={COLUMNS}
        rows={list.data}
        rowKey={(endpoint) => endpoint._id}
        search={search}
        sort=""
        page={pages.currentPage}
        numberOfPages={pages.numberOfPages}
        total={list.total}
        empty="No webhook endpoint yet."
      />
      <section id="new-endpoint" aria-labelledby="new-endpoint-title" className="mt-10 scroll-mt-4">
        <h2 id="new-endpoint-title" className="mb-4 font-bold text-xl">
          New endpoint
        </h2>
        <EndpointForm
          key={created?.endpoint._id ?? "new"}
          intent="create"
          submitLabel="Create endpoint"
          values={create?.values ?? EMPTY_ENDPOINT}
          failure={create?.failure}
        />
      </section>
    </>
  );
}
