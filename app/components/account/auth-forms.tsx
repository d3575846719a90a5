import { Form, Link, useActionData, useSearchParams } from "react-router";
import {
  AccountCard,
  EmailField,
  ErrorBox,
  SubmitButton,
  TextField,
  useBusy,
} from "#app/components/form-controls.tsx";
import { boxMessage } from "#app/lib/form-message.ts";
import { useFormValidation } from "#app/lib/use-form-validation.ts";
import { loginBody, signupBody } from "#contract/accounts.ts";

/** A failed log-in or sign-up, as its action answers it. */
type AuthFailure = { message?: string; fields?: Record<string, string> } | undefined;

/**
 * Where the shopper goes once logged in (the page they came from), carried by the form and passed
 * on to the other of log in and sign up.
 */
function useRedirectTo() {
  const [params] = useSearchParams();
  const redirectTo = params.get("redirectTo") ?? "";
  const suffix = redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : "";
  return { redirectTo, suffix };
}

/** The line under the form that leads to the other of log in and sign up. */
function SwitchLink({ question, to, label }: { question: string; to: string; label: string }) {
  return (
    <p className="text-center text-gray-600 text-sm dark:text-gray-400">
      {question}{" "}
      <Link to={to} className="font-medium text-brand hover:underline dark:text-indigo-300">
        {label}
      </Link>
    </p>
  );
}

export function LogInForm() {
  const failure = useActionData() as AuthFailure;
  const { redirectTo, suffix } = useRedirectTo();
  const busy = useBusy();
  const { formProps, errorFor } = useFormValidation(loginBody);
  return (
    <AccountCard title="Log In">
      <Form method="post" replace className="flex flex-col gap-4" {...formProps}>
        <ErrorBox message={boxMessage(failure, ["email", "password"])} busy={busy} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <EmailField error={errorFor("email") ?? failure?.fields?.email} />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          error={errorFor("password") ?? failure?.fields?.password}
        />
        <div className="-mt-1 text-right">
          <Link
            to="/auth/forgot-password"
            className="font-medium text-brand text-sm hover:underline dark:text-indigo-300"
          >
            Forgot Password?
          </Link>
        </div>
        <SubmitButton busy={busy} label="Log In" busyLabel="Logging in..." />
        <SwitchLink question="Don't have an account?" to={`/auth/sign-up${suffix}`} label="Sign up" />
      </Form>
    </AccountCard>
  );
}

export function SignUpForm() {
  const failure = useActionData() as AuthFailure;
  const { redirectTo, suffix } = useRedirectTo();
  const busy = useBusy();
  const { formProps, errorFor } = useFormValidation(signupBody);
  const error = (name: string) => errorFor(name) ?? failure?.fields?.[name];
  return (
    <AccountCard title="Sign Up">
      <Form method="post" replace className="flex flex-col gap-4" {...formProps}>
        <ErrorBox
          message={boxMessage(failure, ["firstName", "lastName", "email", "password", "confirmPassword"])}
          busy={busy}
        />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First Name"
            name="firstName"
            autoComplete="given-name"
            error={error("firstName")}
          />
          <TextField label="Last Name" name="lastName" autoComplete="family-name" error={error("lastName")} />
        </div>
        <EmailField error={error("email")} />
        <NewPasswordFields passwordLabel="Password" error={error} />
        <SubmitButton busy={busy} label="Sign Up" busyLabel="Signing up..." />
        <SwitchLink question="Already have an account?" to={`/auth/log-in${suffix}`} label="Log in" />
      </Form>
    </AccountCard>
  );
}

/**
 * A new password and its confirmation (`password`, `confirmPassword`), as sign-up and the staff's
 * set-password page ask for them; `passwordLabel` is each page's own wording.
 */
export function NewPasswordFields({
  passwordLabel,
  error,
}: {
  passwordLabel: string;
  error: (field: string) => string | undefined;
}) {
  return (
    <>
      <TextField
        label={passwordLabel}
        name="password"
        type="password"
        autoComplete="new-password"
        error={error("password")}
      />
      <TextField
        label="Confirm Password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        error={error("confirmPassword")}
      />
    </>
  );
}
