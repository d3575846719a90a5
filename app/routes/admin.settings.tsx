import { AdminErrorBoundary } from "#app/components/admin/admin-error.tsx";
import {
  postedSettingsValues,
  SettingsPage,
  settingsFormValues,
} from "#app/components/admin/settings/settings-form.tsx";
import { formFailure, invalidForm, readForm } from "#app/lib/form-action.server.ts";
import { requireStaffPage, staffForm } from "#app/lib/staff.server.ts";
import { shopSettingsBody } from "#contract/admin-settings.ts";
import { shopSettingsFor, updateShopSettings } from "#core/settings/shop-settings.ts";
import type { Route } from "./+types/admin.settings";

export const meta: Route.MetaFunction = () => [
  { title: "Settings — back office" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaffPage(request, context.core, "admin");
  return { settings: await shopSettingsFor(context.core, staff) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { staff, form } = await staffForm(request, context.core, "admin", context.publicUrl);
  const values = postedSettingsValues(form);
  const read = readForm(form, shopSettingsBody);
  if (!read.ok) return invalidForm(read.failure, { values });
  try {
    await updateShopSettings(context.core, staff, read.data);
    return { notice: "Settings saved: in force from the next request." };
  } catch (error) {
    return formFailure(error, "The settings could not be saved. Please try again.", { values });
  }
}

export { AdminErrorBoundary as ErrorBoundary };

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const failed = actionData && "message" in actionData ? actionData : undefined;
  return (
    <SettingsPage
      // After a save the form shows what was stored (the loader ran again); after a refusal, what was posted.
      key={loaderData.settings.updatedAt}
      values={failed ? failed.values : settingsFormValues(loaderData.settings)}
      failure={failed}
      notice={actionData && "notice" in actionData ? actionData.notice : undefined}
      updatedAt={loaderData.settings.updatedAt}
    />
  );
}
