import { Form, Link, useActionData } from "react-router";
import { NewPasswordFields } from "#app/components/account/auth-forms.tsx";
import { AccountCard, ErrorBox, SubmitButton, useBusy } from "#app/components/form-controls.tsx";
import { boxMessage } from "#app/lib/form-message.ts";
import { useFormValidation } from "#app/lib/use-form-validation.ts";
import { setPasswordBody } from "#contract/admin-two-factor.ts";

type Failure = { message?: string; fields?: Record<string, string> } | undefined;

/** A set-password link that does not work (any more): why, and the way in that is left. */
export function SetPasswordLinkProblem({ message }: { message: string }) {
  return (
    <AccountCard title="Set your password">
      <div className="flex flex-col gap-4">
        <p role="alert" className="text-gray-800 dark:text-gray-200">
          {message}
        </p>
        <Link to="/auth/log-in?redirectTo=%2Fadmin" className="button-primary h-11 w-full">
          Go to log in
        </Link>
      </div>
    </AccountCard>
  );
}

/** The new staff member chooses a password (sign-up's rules), then lands in the back office. */
export function SetPasswordForm({ token, email }: { token: string; email: string }) {
  const failure = useActionData() as Failure;
  const busy = useBusy();
  const { formProps, errorFor } = useFormValidation(setPasswordBody);
  const error = (name: string) => errorFor(name) ?? failure?.fields?.[name];
  return (
    <AccountCard title="Set your password">
      <Form method="post" replace className="flex flex-col gap-4" {...formProps}>
        <p className="text-gray-700 text-sm dark:text-gray-300">
          Choose the password for <strong className="break-all">{email}</strong>. You will be signed in to the
          back office.
        </p>
        <ErrorBox message={boxMessage(failure, ["password", "confirmPassword"])} busy={busy} />
        <input type="hidden" name="token" value={token} />
        {/* For password managers: the account the new password belongs to. */}
        <input type="hidden" name="username" autoComplete="username" value={email} />
        <NewPasswordFields passwordLabel="New Password" error={error} />
        <SubmitButton busy={busy} label="Set password" busyLabel="Saving..." />
      </Form>
    </AccountCard>
  );
}
