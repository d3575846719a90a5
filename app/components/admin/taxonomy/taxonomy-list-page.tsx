import type { ReactNode } from "react";
import { Form, Link, useLocation } from "react-router";
import type { StaffTaxonomyRow } from "#core/catalog/taxonomy-staff-lists.ts";
import { AdminPageHeader } from "../admin-layout.tsx";
import { type AdminColumn, DataTable } from "../data-table.tsx";
import { Thumbnail, useAnswer } from "./form-parts.tsx";
import { TaxonomyForm } from "./taxonomy-form.tsx";

// /admin/categories and /admin/brands: a server-driven table (name filter, sort and page in the URL)
// and the form that creates one. A category's subcategories are on its own page.

export interface TaxonomyListData {
  rows: StaffTaxonomyRow[];
  total: number;
  page: number;
  numberOfPages: number;
  sort: string;
  q: string;
}

const count = (n: number) => n.toLocaleString("en-US");

function columns(kind: "category" | "brand"): AdminColumn<StaffTaxonomyRow>[] {
  const base = kind === "category" ? "/admin/categories" : "/admin/brands";
  const cols: AdminColumn<StaffTaxonomyRow>[] = [
    {
      id: "name",
      header: "Name",
      meta: { sortKey: "name" },
      cell: ({ row }) => (
        <span className="flex items-center gap-3">
          <Thumbnail src={row.original.image} />
          <Link to={`${base}/${row.original._id}`} className="font-medium underline-offset-2 hover:underline">
            {row.original.name}
          </Link>
        </span>
      ),
    },
    { id: "slug", header: "Slug", cell: ({ row }) => <code className="text-xs">{row.original.slug}</code> },
  ];
  if (kind === "category")
    cols.push({
      id: "children",
      header: "Subcategories",
      meta: { numeric: true },
      cell: ({ row }) => count(row.original.children),
    });
  cols.push(
    {
      id: "products",
      header: "Products",
      meta: { numeric: true },
      cell: ({ row }) => count(row.original.products),
    },
    {
      id: "updatedAt",
      header: "Changed",
      meta: { sortKey: "updatedAt" },
      cell: ({ row }) => row.original.updatedAt.slice(0, 10),
    },
    {
      id: "edit",
      header: () => <span className="sr-only">Edit</span>,
      cell: ({ row }) => (
        <Link to={`${base}/${row.original._id}`} className="text-sm underline">
          Edit<span className="sr-only"> {row.original.name}</span>
        </Link>
      ),
    },
  );
  return cols;
}

export function TaxonomyListPage({ kind, data }: { kind: "category" | "brand"; data: TaxonomyListData }) {
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const plural = kind === "category" ? "Categories" : "Brands";
  const created = useAnswer("create");
  return (
    <div className="flex flex-col gap-5">
      <AdminPageHeader title={plural} />
      <Section title={kind === "category" ? "New category" : "New brand"} open={Boolean(created)}>
        <TaxonomyForm form="create" intent="create" submitLabel="Create" brand={kind === "brand"} />
      </Section>
      <Form method="get" className="flex flex-wrap items-end gap-2" role="search">
        <div className="flex min-w-0 flex-1 flex-col gap-1.5 sm:max-w-xs">
          <label htmlFor="taxonomy-q" className="font-medium text-sm">
            Find by name or slug
          </label>
          <input
            id="taxonomy-q"
            name="q"
            type="search"
            defaultValue={data.q}
            className="h-11 rounded-lg border border-gray-300 bg-white px-3 dark:border-gray-700 dark:bg-gray-900"
          />
        </div>
        {data.sort !== "name" && <input type="hidden" name="sort" value={data.sort} />}
        <button type="submit" className="button-ghost h-11 border border-gray-300 dark:border-gray-700">
          Find
        </button>
      </Form>
      <DataTable
        caption={plural}
        columns={columns(kind)}
        rows={data.rows}
        rowKey={(r) => r._id}
        search={search}
        sort={data.sort}
        page={data.page}
        numberOfPages={data.numberOfPages}
        total={data.total}
        empty={data.q ? `No ${plural.toLowerCase()} match “${data.q}”.` : `No ${plural.toLowerCase()} yet.`}
      />
    </div>
  );
}

/** A titled block that folds away (a plain <details>, open when it has something to say). */
export function Section({ title, open, children }: { title: string; open?: boolean; children: ReactNode }) {
  return (
    <details
      className="rounded-lg border border-gray-200 p-4 dark:border-gray-800"
      open={open ? true : undefined}
    >
      <summary className="cursor-pointer font-semibold">{title}</summary>
      <div className="mt-3">{children}</div>
    </details>
  );
}
