import type { AccountActionData, AccountIntent } from "#app/components/admin/account/account-form.tsx";
import { AccountPage } from "#app/components/admin/account/account-page.tsx";
import { AdminErrorBoundary } from "#app/components/admin/admin-error.tsx";
import { formFailure, invalidForm, readForm } from "#app/lib/form-action.server.ts";
import { qrCodeDataUri } from "#app/lib/qr-code.server.ts";
import { requireStaffPage, staffForm } from "#app/lib/staff.server.ts";
import { confirmTwoFactorBody, reauthenticateBody, startTwoFactorBody } from "#contract/admin-two-factor.ts";
import {
  confirmTwoFactor,
  disableTwoFactor,
  getTwoFactorStatus,
  pendingTwoFactorKey,
  regenerateRecoveryCodes,
  startTwoFactor,
} from "#core/staff/two-factor.ts";
import type { Route } from "./+types/admin.account";

export const meta: Route.MetaFunction = () => [
  { title: "My account — back office" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaffPage(request, context.core);
  const enrolment = await pendingTwoFactorKey(context.core, staff);
  return {
    status: await getTwoFactorStatus(context.core, staff),
    enrolment,
    enrolmentQr: enrolment ? await qrCodeDataUri(enrolment.otpauthUri) : null,
  };
}

const FALLBACK = "Something went wrong. Please try again.";

/** One action for the page's forms, told apart by `intent`; each answer names its form. */
export async function action({ request, context }: Route.ActionArgs) {
  const { staff, form } = await staffForm(request, context.core, "manager", context.publicUrl);
  const intent = String(form.get("intent")) as AccountIntent;
  const core = context.core;
  try {
    switch (intent) {
      case "start": {
        const parsed = readForm(form, startTwoFactorBody);
        if (!parsed.ok) return invalidForm(parsed.failure, { intent });
        await startTwoFactor(core, staff, parsed.data);
        return { intent } satisfies AccountActionData;
      }
      case "confirm": {
        const parsed = readForm(form, confirmTwoFactorBody);
        if (!parsed.ok) return invalidForm(parsed.failure, { intent });
        const { recoveryCodes } = await confirmTwoFactor(core, staff, parsed.data);
        return { intent, recoveryCodes, notice: "Two-step verification is on." } satisfies AccountActionData;
      }
      case "regenerate": {
        const parsed = readForm(form, reauthenticateBody);
        if (!parsed.ok) return invalidForm(parsed.failure, { intent });
        const { recoveryCodes } = await regenerateRecoveryCodes(core, staff, parsed.data);
        return {
          intent,
          recoveryCodes,
          notice: "Your new recovery codes are below.",
        } satisfies AccountActionData;
      }
      case "disable": {
        const parsed = readForm(form, reauthenticateBody);
        if (!parsed.ok) return invalidForm(parsed.failure, { intent });
        await disableTwoFactor(core, staff, parsed.data);
        return { intent, notice: "Two-step verification is off." } satisfies AccountActionData;
      }
      default:
        return invalidForm({ message: FALLBACK }, { intent: "start" as const });
    }
  } catch (error) {
    return formFailure(error, FALLBACK, { intent });
  }
}

export { AdminErrorBoundary as ErrorBoundary };

export default function AdminAccount({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AccountPage
      status={loaderData.status}
      enrolment={loaderData.enrolment}
      enrolmentQr={loaderData.enrolmentQr}
      result={actionData as AccountActionData | undefined}
    />
  );
}
