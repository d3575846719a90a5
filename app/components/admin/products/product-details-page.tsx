import { Form, Link } from "react-router";
import type { StoredProduct } from "#core/catalog/product-records.ts";
import type { ProductFormChoices } from "#core/catalog/staff-product-list.ts";
import { AdminPageHeader } from "../admin-layout.tsx";
import { ProductTabs } from "../product-tabs.tsx";
import { ProductForm } from "./product-form.tsx";
import type { ProductFormValues } from "./product-form-values.ts";

// /admin/products/:productId: the product's details form, its cover, and archive or restore.

const SAVED: Record<string, string> = {
  created: "Product created. It is on the storefront now.",
  updated: "Changes saved. The storefront shows them now.",
  archived: "Product archived: it is gone from the storefront, and carts holding it are told.",
  restored: "Product restored: it is on the storefront again.",
};

export function ProductDetailsPage({
  product,
  choices,
  values,
  errors,
  message,
  saved,
}: {
  product: StoredProduct;
  choices: ProductFormChoices;
  values: ProductFormValues;
  errors?: Record<string, string>;
  message?: string;
  saved: string | null;
}) {
  const archived = product.archivedAt !== null;
  const removedSizes = product.sizes.filter((s) => s.removedAt !== null);
  return (
    <>
      <AdminPageHeader
        title={product.record.title}
        actions={
          <>
            {!archived && (
              <Link
                to={`/product/${product.id}`}
                className="rounded-lg border border-gray-300 px-4 py-2 text-sm hover:bg-gray-100 dark:border-gray-700 dark:hover:bg-gray-800"
              >
                View in the shop
              </Link>
            )}
            <Form method="post">
              <button
                type="submit"
                name="intent"
                value={archived ? "restore" : "archive"}
                className="rounded-lg border border-gray-300 px-4 py-2 text-sm hover:bg-gray-100 dark:border-gray-700 dark:hover:bg-gray-800"
              >
                {archived ? "Restore" : "Archive"}
              </button>
            </Form>
          </>
        }
      />
      <ProductTabs productId={product.id} />
      {saved && SAVED[saved] && (
        <p
          role="status"
          className="mb-4 rounded-lg border border-green-300 bg-green-50 p-3 text-green-900 text-sm dark:border-green-800 dark:bg-green-950 dark:text-green-100"
        >
          {SAVED[saved]}
        </p>
      )}
      <div className="mb-6 flex flex-wrap items-start gap-4">
        <img
          src={product.record.images[0]}
          alt={`Cover of ${product.record.title}`}
          width={120}
          height={150}
          className="h-[150px] w-[120px] rounded border border-gray-200 object-cover dark:border-gray-800"
        />
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-gray-600 dark:text-gray-400">Status</dt>
          <dd>{archived ? `Archived on ${product.archivedAt!.slice(0, 10)}` : "Active"}</dd>
          <dt className="text-gray-600 dark:text-gray-400">Sold</dt>
          <dd className="tabular-nums">{product.record.sold ?? 0}</dd>
          <dt className="text-gray-600 dark:text-gray-400">Updated</dt>
          <dd>
            <time dateTime={product.updatedAt}>{product.updatedAt.slice(0, 16).replace("T", " ")}</time>
          </dd>
          <dt className="text-gray-600 dark:text-gray-400">Reviews</dt>
          <dd>
            <Link to={`/admin/reviews?product=${product.id}`} className="underline">
              Reviews of this product
            </Link>
          </dd>
          {product.group && (
            <>
              <dt className="text-gray-600 dark:text-gray-400">Colour group</dt>
              <dd>{product.group.name}</dd>
            </>
          )}
          {removedSizes.length > 0 && (
            <>
              <dt className="text-gray-600 dark:text-gray-400">Removed sizes</dt>
              <dd>{removedSizes.map((s) => s.size).join(", ")} (list one again to bring it back)</dd>
            </>
          )}
        </dl>
      </div>
      <ProductForm
        key={JSON.stringify(values)}
        values={values}
        choices={choices}
        errors={errors}
        message={message}
        productId={product.id}
      />
    </>
  );
}
