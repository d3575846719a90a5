import { Form, redirect, useActionData, useLoaderData, useSearchParams } from "react-router";
import {
  AccountCard,
  CodeField,
  ErrorBox,
  NoticeBox,
  SubmitButton,
  useBusy,
} from "#app/components/form-controls.tsx";
import { formFailure, invalidForm, readForm } from "#app/lib/form-action.server.ts";
import { accountPageMeta } from "#app/lib/page-meta.ts";
import { safeRedirectTarget } from "#app/lib/redirects.ts";
import { requireCustomer, requireSameOrigin } from "#app/lib/session.server.ts";
import { useFormValidation } from "#app/lib/use-form-validation.ts";
import { AUTH_FORM_FALLBACK, verifyEmailBody } from "#contract/accounts.ts";
import { requestEmailVerification, verifyEmail } from "#core/accounts/email-verification.ts";
import { DomainError } from "#core/errors.ts";
import type { Route } from "./+types/customer.email-verification";

export const meta: Route.MetaFunction = () => accountPageMeta("Email Verification");

/** Opening the page requests a code (SPEC §4); a verified email goes straight on. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireCustomer(request, context.core, { allowUnverified: true });
  const onward = safeRedirectTarget(new URL(request.url).searchParams.get("redirectTo"));
  if (session.emailVerified) throw redirect(onward);
  try {
    const result = await requestEmailVerification(context.core, session.customerId);
    if (result.status === "Verified") throw redirect(onward);
    return { sent: true as const, message: result.message };
  } catch (error) {
    if (error instanceof DomainError) return { sent: false as const, message: error.message };
    throw error;
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request, context.publicUrl);
  const session = await requireCustomer(request, context.core, { allowUnverified: true });
  const onward = safeRedirectTarget(new URL(request.url).searchParams.get("redirectTo"));
  const form = await request.formData();
  if (form.get("intent") === "send") {
    let result: Awaited<ReturnType<typeof requestEmailVerification>>;
    try {
      result = await requestEmailVerification(context.core, session.customerId);
    } catch (error) {
      return formFailure(error, AUTH_FORM_FALLBACK);
    }
    if (result.status === "Verified") throw redirect(onward);
    return { sent: true as const, notice: result.message };
  }
  const parsed = readForm(form, verifyEmailBody);
  if (!parsed.ok) return invalidForm(parsed.failure);
  try {
    // Answers `Verified` or throws: a wrong, expired or used-up code is a DomainError.
    await verifyEmail(context.core, session.customerId, parsed.data.emailVerificationCode);
  } catch (error) {
    return formFailure(error, AUTH_FORM_FALLBACK);
  }
  return redirect(onward);
}

export default function EmailVerification() {
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as
    | { notice?: string; message?: string; fields?: Record<string, string> }
    | undefined;
  const [params] = useSearchParams();
  const sending = useBusy("send");
  const verifying = useBusy("verify");
  const { formProps, errorFor } = useFormValidation(verifyEmailBody);
  const failure = result?.message ? result : undefined;
  const sentNow = result?.notice;
  const showForm = loaded.sent || Boolean(sentNow);
  const action = params.toString() ? `?${params}` : undefined;
  return (
    <AccountCard title="Email Verification">
      {showForm ? (
        <Form method="post" action={action} replace className="flex flex-col gap-4" {...formProps}>
          <NoticeBox message={sentNow ?? loaded.message} />
          <ErrorBox message={failure?.message} busy={verifying} />
          <CodeField
            label="Verification Code"
            name="emailVerificationCode"
            error={errorFor("emailVerificationCode") ?? failure?.fields?.emailVerificationCode}
          />
          <SubmitButton busy={verifying} label="Verify Email" name="intent" value="verify" />
          <button
            type="submit"
            name="intent"
            value="send"
            formNoValidate
            className="button-ghost self-center"
            disabled={sending}
          >
            Send a new code
          </button>
        </Form>
      ) : (
        <Form method="post" action={action} replace className="flex flex-col gap-4">
          <ErrorBox message={failure?.message ?? loaded.message} busy={sending} />
          <SubmitButton busy={sending} label="Send Verification Code" name="intent" value="send" />
        </Form>
      )}
    </AccountCard>
  );
}
