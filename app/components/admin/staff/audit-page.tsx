import { Form, Link, useLocation } from "react-router";
import { TextField } from "#app/components/form-controls.tsx";
import type { AuditEntryView } from "#core/audit/audit-query.ts";
import { AdminPageHeader } from "../admin-layout.tsx";
import { AuditChanges, changedFields, shownTime } from "../audit-trail.tsx";
import { type AdminColumn, DataTable } from "../data-table.tsx";

export interface AuditFilters {
  entity: string;
  action: string;
  actor: string;
  from: string;
  to: string;
}

export interface AuditPageData {
  rows: AuditEntryView[];
  total: number;
  numberOfPages: number;
  page: number;
  filters: AuditFilters;
  queryErrors: Record<string, string>;
}

/** The kinds of record staff change, offered as the entity filter's suggestions. */
const ENTITIES = [
  "product",
  "category",
  "brand",
  "banner",
  "coupon",
  "settings",
  "stock",
  "staff",
  "webhook",
];

const COLUMNS: AdminColumn<AuditEntryView>[] = [
  {
    id: "at",
    header: "When",
    cell: ({ row }) => (
      <time dateTime={row.original.at} className="whitespace-nowrap">
        {shownTime(row.original.at)}
      </time>
    ),
  },
  { id: "actor", header: "Who", cell: ({ row }) => row.original.actorEmail },
  {
    id: "action",
    header: "Action",
    cell: ({ row }) => <span className="font-mono">{row.original.action}</span>,
  },
  {
    id: "record",
    header: "Record",
    cell: ({ row }) => (
      <span className="font-mono text-xs">
        {row.original.entity} {row.original.entityId}
      </span>
    ),
  },
  {
    id: "changes",
    header: "Changes",
    cell: ({ row }) => {
      const count = changedFields(row.original.before, row.original.after).length;
      return (
        <details className="min-w-[16rem]">
          <summary className="cursor-pointer underline">
            {count} {count === 1 ? "field" : "fields"}
            <span className="sr-only">, before and after</span>
          </summary>
          <div className="mt-2">
            <AuditChanges before={row.original.before} after={row.original.after} />
          </div>
        </details>
      );
    },
  },
];

function Filters({ filters, errors }: { filters: AuditFilters; errors: Record<string, string> }) {
  return (
    <Form method="get" className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-6">
      <TextField
        label="Entity"
        name="entity"
        list="audit-entities"
        defaultValue={filters.entity}
        error={errors.entity}
      />
      <datalist id="audit-entities">
        {ENTITIES.map((entity) => (
          <option key={entity} value={entity} />
        ))}
      </datalist>
      <TextField
        label="Action"
        name="action"
        placeholder="product.update"
        defaultValue={filters.action}
        error={errors.action}
      />
      <TextField label="Who (email)" name="actor" defaultValue={filters.actor} error={errors.actor} />
      <TextField label="From" name="from" type="date" defaultValue={filters.from} error={errors.from} />
      <TextField label="To" name="to" type="date" defaultValue={filters.to} error={errors.to} />
      <div className="flex items-end gap-2">
        <button type="submit" className="button-primary h-11 px-4">
          Filter
        </button>
        <Link to="/admin/audit" className="button-ghost h-11">
          Clear
        </Link>
      </div>
    </Form>
  );
}

/** /admin/audit: every staff write, newest first (docs/back-office/staff.md#audit-log). */
export function AuditPage({ data }: { data: AuditPageData }) {
  const search = new URLSearchParams(useLocation().search);
  return (
    <>
      <AdminPageHeader title="Audit log" />
      <Filters filters={data.filters} errors={data.queryErrors} />
      <DataTable
        caption="Audit log, newest first"
        columns={COLUMNS}
        rows={data.rows}
        rowKey={(row) => String(row.id)}
        search={search}
        sort=""
        page={data.page}
        numberOfPages={data.numberOfPages}
        total={data.total}
        empty="No entry matches these filters."
      />
    </>
  );
}
