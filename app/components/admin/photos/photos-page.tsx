import { AdminPageHeader } from "#app/components/admin/admin-layout.tsx";
import { ProductTabs } from "#app/components/admin/product-tabs.tsx";
import type { FormFailure } from "#app/lib/form-action.server.ts";
import type { ProductPhotos } from "#contract/admin-photos.ts";
import { PhotoList } from "./photo-list.tsx";
import { PhotoUploadForm } from "./photo-upload-form.tsx";

export type PhotosActionData = (Partial<FormFailure> & { done?: string }) | undefined;

/** /admin/products/:productId/photos (docs/back-office/photos.md#page). */
export function PhotosPage({
  product,
  actionData,
}: {
  product: ProductPhotos & { title: string };
  actionData: PhotosActionData;
}) {
  const photoError = actionData?.fields?.photo;
  // A problem that no field of the upload shows (a refused move, a cover that cannot go).
  const otherError = actionData?.message && !photoError && !actionData.done ? actionData.message : undefined;
  return (
    <div className="flex flex-col gap-4">
      <AdminPageHeader title={`Photos: ${product.title}`} />
      <ProductTabs productId={product._id} />
      <div role="status" aria-live="polite">
        {actionData?.done && (
          <p className="rounded-lg bg-green-50 px-3 py-2 text-green-900 text-sm dark:bg-green-950 dark:text-green-100">
            {actionData.done}
          </p>
        )}
      </div>
      {otherError && (
        <p
          role="alert"
          className="rounded-lg bg-red-50 px-3 py-2 text-red-800 text-sm dark:bg-red-950 dark:text-red-200"
        >
          {otherError}
        </p>
      )}
      <PhotoUploadForm error={photoError} />
      <h2 className="font-semibold text-lg">Images in gallery order</h2>
      <PhotoList title={product.title} images={product.images} imageCover={product.imageCover} />
    </div>
  );
}
