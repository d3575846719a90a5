import { AdminErrorBoundary } from "#app/components/admin/admin-error.tsx";
import { PhotosPage } from "#app/components/admin/photos/photos-page.tsx";
import { formFailure, invalidForm, readForm } from "#app/lib/form-action.server.ts";
import { notFoundAs404 } from "#app/lib/route-errors.server.ts";
import { requireStaffPage, staffForm } from "#app/lib/staff.server.ts";
import { PHOTO_FIELD, PHOTO_MESSAGES, photoPageIntent } from "#contract/admin-photos.ts";
import { addPhoto, deletePhoto, movePhoto, productPhotos, setCover } from "#core/catalog/product-photos.ts";
import type { Route } from "./+types/admin.products.$productId.photos";

// A product's photos (docs/back-office/photos.md#page): upload, order, cover, delete.

export const meta: Route.MetaFunction = () => [
  { title: "Photos — back office" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const staff = await requireStaffPage(request, context.core);
  return { product: await notFoundAs404(productPhotos(context.core, staff, params.productId)) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { staff, form } = await staffForm(request, context.core, "manager", context.publicUrl);
  const id = params.productId;
  const core = context.core;
  try {
    if (form.get("intent") === "upload") {
      const file = form.get(PHOTO_FIELD);
      if (!(file instanceof File) || file.size === 0) {
        return invalidForm({ message: PHOTO_MESSAGES.missing, fields: { photo: PHOTO_MESSAGES.missing } });
      }
      await addPhoto(core, staff, id, new Uint8Array(await file.arrayBuffer()));
      return { done: "The photo was added." };
    }
    const parsed = readForm(form, photoPageIntent);
    if (!parsed.ok) return invalidForm(parsed.failure);
    const { intent, url } = parsed.data;
    if (intent === "cover") await setCover(core, staff, id, url);
    else if (intent === "delete") await deletePhoto(core, staff, id, url);
    else await movePhoto(core, staff, id, url, parsed.data.direction);
    return {
      done:
        intent === "cover"
          ? "The cover was changed."
          : intent === "delete"
            ? "The image was deleted."
            : "The image was moved.",
    };
  } catch (error) {
    return formFailure(error, "The photos could not be changed. Please try again.");
  }
}

export { AdminErrorBoundary as ErrorBoundary };

export default function AdminProductPhotos({ loaderData, actionData }: Route.ComponentProps) {
  return <PhotosPage product={loaderData.product} actionData={actionData} />;
}
