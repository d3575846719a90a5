import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { ErrorBox, NoticeBox, SelectField, useBusy } from "#app/components/form-controls.tsx";
import type { FormFailure } from "#app/lib/form-action.server.ts";
import { WEBHOOK_DELIVERY_STATUSES, type WebhookDelivery, type WebhookEndpoint } from "#contract/webhooks.ts";
import type { AuditEntryView } from "#core/audit/audit-query.ts";
import { AdminPageHeader } from "../admin-layout.tsx";
import { AuditTrail, shownTime } from "../audit-trail.tsx";
import { type AdminColumn, DataTable, withParams } from "../data-table.tsx";
import {
  EndpointForm,
  type EndpointFormValues,
  endpointFormValues,
  eventsSummary,
} from "./endpoint-form.tsx";
import { SecretReveal } from "./secret-reveal.tsx";
import { DeliveryStatusBadge, EndpointStatusBadge } from "./status-badges.tsx";

/** What the page's action answers: a notice (and a new secret, once), or a failure. */
export interface WebhookActionData {
  intent?: string;
  notice?: string;
  secret?: string;
  message?: string;
  fields?: Record<string, string>;
  values?: EndpointFormValues;
}

export interface WebhookPageData {
  endpoint: WebhookEndpoint;
  deliveries: {
    data: WebhookDelivery[];
    total: number;
    paginationResults: { currentPage: number; numberOfPages: number };
  };
  /** The deliveries' status filter ("" for any). */
  status: string;
  queryErrors: Record<string, string>;
  history: AuditEntryView[];
  search: string;
  /** After a test event was sent (`?sent=1`). */
  notice?: string;
  /** The confirmation step a link asked for (`?confirm=delete`, `?confirm=rotate`). */
  confirm: "delete" | "rotate" | null;
}

const DANGER_BUTTON =
  "inline-flex h-10 items-center rounded-full bg-red-700 px-5 font-semibold text-sm text-white hover:bg-red-800 disabled:bg-gray-400";
const OUTLINE_BUTTON =
  "inline-flex h-10 items-center rounded-full border border-gray-300 px-4 font-semibold text-sm hover:bg-gray-100 disabled:opacity-60 dark:border-gray-700 dark:hover:bg-gray-800";

const DELIVERY_COLUMNS: AdminColumn<WebhookDelivery>[] = [
  { id: "createdAt", header: "Queued", cell: ({ row }) => shownTime(row.original.createdAt) },
  {
    id: "event",
    header: "Event",
    cell: ({ row }) => <span className="font-mono text-xs">{row.original.event}</span>,
  },
  {
    id: "order",
    header: "Order",
    cell: ({ row }) =>
      row.original.orderId ? <span className="font-mono text-xs">{row.original.orderId}</span> : "—",
  },
  { id: "status", header: "Status", cell: ({ row }) => <DeliveryStatusBadge status={row.original.status} /> },
  { id: "attempts", header: "Attempts", meta: { numeric: true }, cell: ({ row }) => row.original.attempts },
  {
    id: "lastStatusCode",
    header: "Last answer",
    meta: { numeric: true },
    cell: ({ row }) => row.original.lastStatusCode ?? "—",
  },
  {
    id: "lastError",
    header: "Last error",
    cell: ({ row }) =>
      row.original.lastError ? (
        <span className="block max-w-xs break-words text-xs">{row.original.lastError}</span>
      ) : (
        "—"
      ),
  },
];

/** /admin/webhooks/:endpointId: what the endpoint is, its buttons, its form, its deliveries, its history. */
export function WebhookPage({ data, result }: { data: WebhookPageData; result?: WebhookActionData }) {
  const { endpoint } = data;
  const search = new URLSearchParams(data.search);
  const here = `/admin/webhooks/${endpoint._id}${withParams(search, { confirm: undefined, sent: undefined })}`;
  const editFailure = result?.intent === "update" && result.message ? result : undefined;
  const otherFailure = result?.message && result.intent !== "update" ? result.message : undefined;
  return (
    <>
      <AdminPageHeader
        title="Webhook endpoint"
        actions={
          <Link to="/admin/webhooks" className="button-ghost">
            All webhooks
          </Link>
        }
      />
      <p className="mb-4 break-all font-mono text-sm" data-testid="endpoint-url">
        {endpoint.url}
      </p>
      <div className="mb-4 flex flex-col gap-3" aria-live="polite">
        <NoticeBox message={result?.notice ?? data.notice} />
        <ErrorBox message={otherFailure} />
      </div>
      {result?.secret && <SecretReveal secret={result.secret} title="New signing secret" />}
      {data.confirm === "delete" && <DeletePanel endpoint={endpoint} here={here} />}
      {data.confirm === "rotate" && <RotatePanel here={here} />}
      <EndpointNow endpoint={endpoint} here={here} search={search} />
      <section aria-labelledby="endpoint-edit" className="mb-10">
        <h2 id="endpoint-edit" className="mb-4 font-bold text-xl">
          Edit
        </h2>
        <EndpointForm
          key={endpoint.updatedAt}
          intent="update"
          submitLabel="Save changes"
          values={editFailure?.values ?? endpointFormValues(endpoint)}
          failure={editFailure as FormFailure | undefined}
        />
      </section>
      <Deliveries data={data} search={search} />
      <section aria-labelledby="endpoint-history" className="mt-10">
        <h2 id="endpoint-history" className="mb-3 font-bold text-xl">
          History
        </h2>
        <AuditTrail entries={data.history} />
      </section>
    </>
  );
}

function EndpointNow({
  endpoint,
  here,
  search,
}: {
  endpoint: WebhookEndpoint;
  here: string;
  search: URLSearchParams;
}) {
  const pinging = useBusy("ping");
  const toggling = useBusy(endpoint.enabled ? "disable" : "enable");
  return (
    <section
      aria-labelledby="endpoint-now"
      className="mb-8 rounded-lg border border-gray-200 p-4 dark:border-gray-800"
    >
      <h2 id="endpoint-now" className="sr-only">
        Now
      </h2>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-4">
        <Fact label="Status">
          <EndpointStatusBadge enabled={endpoint.enabled} />
        </Fact>
        <Fact label="Events">{eventsSummary(endpoint.events)}</Fact>
        <Fact label="Pending / failed">{`${endpoint.pendingDeliveries} / ${endpoint.failedDeliveries}`}</Fact>
        <Fact label="Created">{shownTime(endpoint.createdAt)}</Fact>
        {endpoint.description && <Fact label="Description">{endpoint.description}</Fact>}
        {endpoint.disabledAt && <Fact label="Disabled">{shownTime(endpoint.disabledAt)}</Fact>}
      </dl>
      <div className="mt-4 flex flex-wrap gap-3">
        <Form method="post" action={here}>
          <button
            type="submit"
            name="intent"
            value="ping"
            disabled={pinging || !endpoint.enabled}
            className="button-primary h-10"
          >
            {pinging ? "Sending…" : "Send test event"}
          </button>
        </Form>
        <Form method="post" action={here}>
          <button
            type="submit"
            name="intent"
            value={endpoint.enabled ? "disable" : "enable"}
            disabled={toggling}
            className={OUTLINE_BUTTON}
          >
            {endpoint.enabled ? "Disable endpoint" : "Enable endpoint"}
          </button>
        </Form>
        <Link to={withParams(search, { confirm: "rotate", sent: undefined })} className={OUTLINE_BUTTON}>
          Rotate secret
        </Link>
        <Link
          to={withParams(search, { confirm: "delete", sent: undefined })}
          className="inline-flex h-10 items-center rounded-full border border-red-700 px-4 font-semibold text-red-800 text-sm hover:bg-red-50 dark:border-red-400 dark:text-red-300 dark:hover:bg-red-950"
        >
          Delete endpoint
        </Link>
      </div>
      <p className="mt-2 text-gray-600 text-xs dark:text-gray-400">
        {endpoint.enabled
          ? "The test event is a signed ping, sent and retried like any event. Disabled, the endpoint is sent nothing, and what was queued for it is dropped."
          : "Disabled: nothing is sent to it. Enable it to send it events, or a test event, again."}
      </p>
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-gray-600 dark:text-gray-400">{label}</dt>
      <dd className="break-words font-medium">{children}</dd>
    </div>
  );
}

function DeletePanel({ endpoint, here }: { endpoint: WebhookEndpoint; here: string }) {
  const busy = useBusy("delete");
  return (
    <section
      aria-labelledby="confirm-title"
      className="mb-6 rounded-lg border border-red-300 bg-red-50 p-4 dark:border-red-800 dark:bg-red-950"
    >
      <h2 id="confirm-title" className="font-semibold text-lg">
        Delete this endpoint?
      </h2>
      <p className="mt-1 break-all text-sm">
        {endpoint.url} will be sent nothing more; its deliveries, queued ones included, are deleted with it.
        This cannot be undone.
      </p>
      <Form method="post" action={here} className="mt-3 flex flex-wrap gap-3">
        <button type="submit" name="intent" value="delete" disabled={busy} className={DANGER_BUTTON}>
          Yes, delete it
        </button>
        <Link to={here} className="button-ghost h-10">
          Cancel
        </Link>
      </Form>
    </section>
  );
}

function RotatePanel({ here }: { here: string }) {
  const busy = useBusy("rotate");
  return (
    <section
      aria-labelledby="confirm-title"
      className="mb-6 rounded-lg border border-amber-400 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950"
    >
      <h2 id="confirm-title" className="font-semibold text-lg">
        Replace the signing secret?
      </h2>
      <p className="mt-1 text-sm">
        Deliveries are signed with the new secret at once, retries included: until the receiver has it, it
        will refuse them (and they are retried).
      </p>
      <Form method="post" action={here} className="mt-3 flex flex-wrap gap-3">
        <button type="submit" name="intent" value="rotate" disabled={busy} className="button-primary h-10">
          Yes, replace the secret
        </button>
        <Link to={here} className="button-ghost h-10">
          Cancel
        </Link>
      </Form>
    </section>
  );
}

function Deliveries({ data, search }: { data: WebhookPageData; search: URLSearchParams }) {
  const pages = data.deliveries.paginationResults;
  return (
    <section aria-labelledby="endpoint-deliveries">
      <h2 id="endpoint-deliveries" className="mb-3 font-bold text-xl">
        Deliveries
      </h2>
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3">
        <div className="w-48">
          <SelectField
            label="Status"
            id="delivery-status"
            name="status"
            defaultValue={data.status}
            error={data.queryErrors.status}
          >
            <option value="">Any</option>
            {WEBHOOK_DELIVERY_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </SelectField>
        </div>
        <button type="submit" className={`${OUTLINE_BUTTON} h-11`}>
          Filter
        </button>
      </Form>
      <DataTable
        caption="Deliveries"
        columns={DELIVERY_COLUMNS}
        rows={data.deliveries.data}
        rowKey={(delivery) => delivery._id}
        search={search}
        sort=""
        page={pages.currentPage}
        numberOfPages={pages.numberOfPages}
        total={data.deliveries.total}
        empty="No delivery yet."
      />
    </section>
  );
}
