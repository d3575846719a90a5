import {
  confirmTwoFactorBody,
  reauthenticateBody,
  startTwoFactorBody,
  type TwoFactorEnrolment,
  type TwoFactorStatus,
} from "#contract/admin-two-factor.ts";
import { type AccountActionData, AccountField, AccountForm } from "./account-form.tsx";

/** The key as an app asks for it typed: groups of four, easier to read aloud and copy. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });

function PasswordField({ id, error }: { id: string; error?: string }) {
  return (
    <AccountField
      id={id}
      label="Current password"
      name="password"
      type="password"
      autoComplete="current-password"
      error={error}
    />
  );
}

/** Ten codes, shown once: the page says so and offers nothing to fetch them again. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <section
      aria-labelledby="recovery-codes-title"
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950"
    >
      <h3 id="recovery-codes-title" className="font-semibold">
        Your recovery codes
      </h3>
      <p className="mt-1 text-gray-800 text-sm dark:text-gray-200">
        Save these codes somewhere safe now: they are shown only this once. Each one logs you in once if you
        lose your phone.
      </p>
      <ul
        className="mt-3 grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-base sm:max-w-sm"
        aria-label="Recovery codes"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </section>
  );
}

/** Setting up: the key to add to the app, then its first code. */
function Enrolment({
  enrolment,
  qr,
  failure,
}: {
  enrolment: TwoFactorEnrolment;
  /** The key's otpauth:// address as a QR code image (app/lib/qr-code.server.ts). */
  qr: string | null;
  failure?: AccountActionData;
}) {
  return (
    <ol className="flex list-decimal flex-col gap-5 pl-5">
      <li>
        <p>Add this key to your authenticator app (for example 1Password, Google Authenticator or Authy).</p>
        {qr && (
          <figure className="mt-3">
            <img
              src={qr}
              width={184}
              height={184}
              alt="QR code of the key: scan it with your authenticator app"
              className="rounded border border-gray-300 dark:border-gray-600"
            />
            <figcaption className="mt-1 text-gray-700 text-sm dark:text-gray-300">
              Scan it with the app, or type the key below.
            </figcaption>
          </figure>
        )}
        <p className="mt-2 text-gray-700 text-sm dark:text-gray-300">Key (type it in, spaces or not):</p>
        <p className="mt-1 break-words font-mono text-lg" data-testid="totp-key">
          {grouped(enrolment.secret)}
        </p>
        <p className="mt-2 text-sm">
          On the phone with the app?{" "}
          <a href={enrolment.otpauthUri} className="font-medium text-brand underline dark:text-indigo-300">
            Open the key in your authenticator app
          </a>
        </p>
      </li>
      <li>
        <p className="mb-2">Enter the 6-digit code the app shows for this shop.</p>
        <AccountForm
          intent="confirm"
          schema={confirmTwoFactorBody}
          failure={failure}
          submit={{ label: "Turn on", busyLabel: "Turning on..." }}
          fields={(error, id) => (
            <AccountField
              id={id("code")}
              label="Authentication code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              error={error("code")}
            />
          )}
        />
      </li>
    </ol>
  );
}

/** Two-step verification for the signed-in staff member: off, being set up, or on. */
export function TwoFactorPanel({
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
  const codes = result?.recoveryCodes;
  return (
    <section aria-labelledby="two-factor-title" className="flex max-w-2xl flex-col gap-4">
      <h2 id="two-factor-title" className="font-semibold text-xl">
        Two-step verification
      </h2>
      {result?.notice && (
        <p role="status" className="text-emerald-800 dark:text-emerald-300">
          {result.notice}
        </p>
      )}
      {status.enabledAt ? (
        <>
          <p>
            <strong>On</strong> since {dateOf(status.enabledAt)}. Logging in asks for a code from your
            authenticator app after the password. Recovery codes left: {status.recoveryCodesLeft}.
          </p>
          {codes && <RecoveryCodes codes={codes} />}
          <div className="grid gap-6 md:grid-cols-2">
            <div className="flex flex-col gap-2">
              <h3 className="font-semibold">New recovery codes</h3>
              <p className="text-gray-700 text-sm dark:text-gray-300">
                Replaces all your recovery codes, used or not.
              </p>
              <AccountForm
                intent="regenerate"
                schema={reauthenticateBody}
                failure={result}
                submit={{ label: "Get new recovery codes", busyLabel: "Making codes..." }}
                fields={(error, id) => <PasswordField id={id("password")} error={error("password")} />}
              />
            </div>
            <div className="flex flex-col gap-2">
              <h3 className="font-semibold">Turn off</h3>
              <p className="text-gray-700 text-sm dark:text-gray-300">
                Logging in will ask for the password only.
              </p>
              <AccountForm
                intent="disable"
                schema={reauthenticateBody}
                failure={result}
                submit={{
                  label: "Turn off two-step verification",
                  busyLabel: "Turning off...",
                  danger: true,
                }}
                fields={(error, id) => <PasswordField id={id("password")} error={error("password")} />}
              />
            </div>
          </div>
        </>
      ) : (
        <>
          <p>
            <strong>Off.</strong> Add a second step to logging in: a code from an authenticator app on your
            phone, which changes every 30 seconds.
          </p>
          {enrolment ? (
            <Enrolment enrolment={enrolment} qr={enrolmentQr} failure={result} />
          ) : (
            <AccountForm
              intent="start"
              schema={startTwoFactorBody}
              failure={result}
              submit={{ label: "Set up two-step verification", busyLabel: "Setting up..." }}
              fields={(error, id) => <PasswordField id={id("password")} error={error("password")} />}
            />
          )}
        </>
      )}
    </section>
  );
}
