import type { TwoFactorEnrolment, TwoFactorStatus } from "#contract/admin-two-factor.ts";
import { AdminPageHeader } from "../admin-layout.tsx";
import type { AccountActionData } from "./account-form.tsx";
import { TwoFactorPanel } from "./two-factor-panel.tsx";

/** /admin/account: who is signed in, and their two-step verification (docs/back-office/two-factor.md). */
export function AccountPage({
  status,
  enrolment,
  enrolmentQr,
  result,
}: {
  status: TwoFactorStatus;
  enrolment: TwoFactorEnrolment | null;
  enrolmentQr: string | null;
  result: AccountActionData | undefined;
}) {
  return (
    <>
      <AdminPageHeader title="My account" />
      <dl className="mb-8 grid max-w-2xl grid-cols-[auto_1fr] gap-x-6 gap-y-2">
        <dt className="text-gray-600 dark:text-gray-400">Email</dt>
        <dd className="break-all">{status.email}</dd>
        <dt className="text-gray-600 dark:text-gray-400">Role</dt>
        <dd>{status.role === "admin" ? "Administrator" : "Manager"}</dd>
      </dl>
      <TwoFactorPanel status={status} enrolment={enrolment} enrolmentQr={enrolmentQr} result={result} />
    </>
  );
}
