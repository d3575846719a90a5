import { Form, Link, useLocation } from "react-router";
import { ErrorBox, NoticeBox, SelectField, TextField, useBusy } from "#app/components/form-controls.tsx";
import type { StaffMember } from "#contract/admin-staff.ts";
import { AdminPageHeader } from "../admin-layout.tsx";
import { shownTime } from "../audit-trail.tsx";
import { type AdminColumn, DataTable, withParams } from "../data-table.tsx";
import { TableSearch } from "./table-search.tsx";

/** What the page's action answers: a notice, or a failure with the field errors and what was typed. */
export interface StaffActionData {
  intent?: string;
  notice?: string;
  message?: string;
  fields?: Record<string, string>;
  values?: Record<string, string>;
}

export interface StaffPageData {
  rows: StaffMember[];
  total: number;
  numberOfPages: number;
  page: number;
  sort: string;
  q: string;
  queryErrors: Record<string, string>;
  /** The signed-in admin: their own row offers no actions. */
  me: string;
  /** The row an admin chose to change (`?edit=`) or demote (`?demote=`): the confirmation step. */
  panel: { kind: "edit" | "demote"; member: StaffMember } | null;
}

const fullName = (m: Pick<StaffMember, "firstName" | "lastName">) => `${m.firstName} ${m.lastName}`;
const ROLE_LABEL: Record<string, string> = { admin: "Admin", manager: "Manager", customer: "Customer" };

/** The list's URL without the panel's parameters: where the panel's forms post and its Cancel goes. */
function listUrl(search: URLSearchParams) {
  return `/admin/staff${withParams(search, { edit: undefined, demote: undefined })}`;
}

function columns(me: string, search: URLSearchParams): AdminColumn<StaffMember>[] {
  return [
    { id: "name", header: "Name", cell: ({ row }) => fullName(row.original), meta: { sortKey: "name" } },
    { id: "email", header: "Email", cell: ({ row }) => row.original.email, meta: { sortKey: "email" } },
    {
      id: "role",
      header: "Role",
      cell: ({ row }) => ROLE_LABEL[row.original.role],
      meta: { sortKey: "role" },
    },
    { id: "twoFactor", header: "Two-factor", cell: ({ row }) => (row.original.twoFactor ? "On" : "Off") },
    {
      id: "createdAt",
      header: "Since",
      cell: ({ row }) => shownTime(row.original.createdAt).slice(0, 10),
      meta: { sortKey: "createdAt" },
    },
    {
      id: "actions",
      header: "Actions",
      cell: ({ row }) =>
        row.original._id === me ? (
          <span className="text-gray-600 dark:text-gray-400">You</span>
        ) : (
          <span className="flex flex-wrap gap-x-3 gap-y-1">
            <Link
              className="underline"
              to={withParams(search, { edit: row.original._id, demote: undefined })}
            >
              Change role<span className="sr-only"> of {row.original.email}</span>
            </Link>
            <Link
              className="text-red-700 underline dark:text-red-400"
              to={withParams(search, { demote: row.original._id, edit: undefined })}
            >
              Demote<span className="sr-only"> {row.original.email}</span>
            </Link>
          </span>
        ),
    },
  ];
}

function RolePanel({
  member,
  search,
  result,
}: {
  member: StaffMember;
  search: URLSearchParams;
  result?: StaffActionData;
}) {
  const busy = useBusy("role");
  const error = result?.intent === "role" ? result.fields?.role : undefined;
  return (
    <section
      aria-labelledby="panel-title"
      className="mb-6 rounded-lg border border-gray-300 p-4 dark:border-gray-700"
    >
      <h2 id="panel-title" className="font-semibold text-lg">
        Change the role of {fullName(member)}
      </h2>
      <p className="mt-1 text-gray-700 text-sm dark:text-gray-300">
        {member.email} is {member.role === "admin" ? "an admin" : "a manager"}. A new role ends their
        sessions: they sign in again.
      </p>
      <Form method="post" action={listUrl(search)} className="mt-3 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="role" />
        <input type="hidden" name="id" value={member._id} />
        <div className="w-48">
          <SelectField label="New role" id="panel-role" name="role" defaultValue={member.role} error={error}>
            <option value="manager">Manager</option>
            <option value="admin">Admin</option>
          </SelectField>
        </div>
        <button type="submit" className="button-primary h-11" disabled={busy}>
          Save role
        </button>
        <Link to={listUrl(search)} className="button-ghost h-11">
          Cancel
        </Link>
      </Form>
    </section>
  );
}

function DemotePanel({ member, search }: { member: StaffMember; search: URLSearchParams }) {
  const busy = useBusy("demote");
  return (
    <section
      aria-labelledby="panel-title"
      className="mb-6 rounded-lg border border-red-300 bg-red-50 p-4 dark:border-red-800 dark:bg-red-950"
    >
      <h2 id="panel-title" className="font-semibold text-lg">
        Demote {fullName(member)} to customer?
      </h2>
      <p className="mt-1 text-sm">
        {member.email} keeps their account as a customer and loses the back office; their sessions end.
      </p>
      <Form method="post" action={listUrl(search)} className="mt-3 flex flex-wrap gap-3">
        <input type="hidden" name="intent" value="demote" />
        <input type="hidden" name="id" value={member._id} />
        <button
          type="submit"
          disabled={busy}
          className="inline-flex h-11 items-center rounded-full bg-red-700 px-5 font-semibold text-sm text-white hover:bg-red-800 disabled:bg-gray-400"
        >
          Demote to customer
        </button>
        <Link to={listUrl(search)} className="button-ghost h-11">
          Cancel
        </Link>
      </Form>
    </section>
  );
}

function InviteForm({ result, search }: { result?: StaffActionData; search: URLSearchParams }) {
  const busy = useBusy("invite");
  const mine = result?.intent === "invite" ? result : undefined;
  const fields = mine?.fields ?? {};
  // After a success the form starts empty again; after a failure it keeps what was typed.
  const values = mine?.notice ? {} : (mine?.values ?? {});
  return (
    <section aria-labelledby="invite-title" className="mt-8 max-w-2xl">
      <h2 id="invite-title" className="mb-1 font-semibold text-lg">
        Invite a staff member
      </h2>
      <p className="mb-3 text-gray-700 text-sm dark:text-gray-300">
        A new address gets a mail with a link to choose a password (good once, for 72 hours). A
        customer&apos;s address makes that account staff.
      </p>
      <Form
        method="post"
        action={listUrl(search)}
        noValidate
        className="grid grid-cols-1 gap-4 sm:grid-cols-2"
      >
        <input type="hidden" name="intent" value="invite" />
        <div className="sm:col-span-2">
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="off"
            defaultValue={values.email}
            error={fields.email}
          />
        </div>
        <TextField
          label="First name"
          name="firstName"
          defaultValue={values.firstName}
          error={fields.firstName}
        />
        <TextField label="Last name" name="lastName" defaultValue={values.lastName} error={fields.lastName} />
        <SelectField
          label="Role"
          id="invite-role"
          name="role"
          defaultValue={values.role ?? "manager"}
          error={fields.role}
        >
          <option value="manager">Manager</option>
          <option value="admin">Admin</option>
        </SelectField>
        <div className="flex items-end">
          <button type="submit" className="button-primary h-11 w-full sm:w-auto" disabled={busy}>
            {busy ? "Inviting…" : "Send invitation"}
          </button>
        </div>
      </Form>
    </section>
  );
}

export function StaffPage({ data, result }: { data: StaffPageData; result?: StaffActionData }) {
  const search = new URLSearchParams(useLocation().search);
  const { panel } = data;
  const rowMessage = result && result.intent !== "invite" ? result : undefined;
  return (
    <>
      <AdminPageHeader title="Staff" />
      <div className="mb-4 flex flex-col gap-3" aria-live="polite">
        <NoticeBox message={result?.notice} />
        <ErrorBox message={rowMessage?.message} />
      </div>
      {panel?.kind === "edit" && <RolePanel member={panel.member} search={search} result={result} />}
      {panel?.kind === "demote" && <DemotePanel member={panel.member} search={search} />}
      <TableSearch
        q={data.q}
        sort={data.sort}
        label="Search staff by name or email"
        error={data.queryErrors.q}
      />
      <DataTable
        caption="Staff"
        columns={columns(data.me, search)}
        rows={data.rows}
        rowKey={(row) => row._id}
        search={search}
        sort={data.sort}
        page={data.page}
        numberOfPages={data.numberOfPages}
        total={data.total}
        empty={data.q ? "No staff member matches this search." : "No staff yet."}
      />
      <InviteForm result={result} search={search} />
    </>
  );
}
