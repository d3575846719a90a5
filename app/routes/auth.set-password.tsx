import { data, redirect } from "react-router";
import { SetPasswordForm, SetPasswordLinkProblem } from "#app/components/admin/account/set-password-page.tsx";
import { formFailure, invalidForm, readForm } from "#app/lib/form-action.server.ts";
import { sameOriginForm, sessionHeaders } from "#app/lib/session.server.ts";
import { setPasswordBody } from "#contract/admin-two-factor.ts";
import { DomainError } from "#core/errors.ts";
import {
  checkSetPasswordLink,
  LINK_EXPIRED,
  LINK_NOT_VALID,
  LINK_USED,
  setPasswordWithToken,
} from "#core/staff/set-password.ts";
import type { Route } from "./+types/auth.set-password";

// The link a new staff member gets (docs/back-office/two-factor.md#set-password): choose a password,
// then straight into the back office.

export const meta: Route.MetaFunction = () => [
  { title: "Set your password" },
  { name: "robots", content: "noindex" },
  // The token is in the address: it must not travel on to another site as a referrer. Not
  // `no-referrer`, which makes the browser send `Origin: null` with the page's own form post, and
  // a post of unknown origin is refused.
  { name: "referrer", content: "same-origin" },
];

const PROBLEMS = { invalid: LINK_NOT_VALID, expired: LINK_EXPIRED, used: LINK_USED } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const link = token
    ? await checkSetPasswordLink(context.core, token)
    : ({ ok: false, problem: "invalid" } as const);
  return link.ok
    ? { account: { token, email: link.email }, problem: null }
    : { account: null, problem: PROBLEMS[link.problem] };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await sameOriginForm(request, context.publicUrl);
  const parsed = readForm(form, setPasswordBody);
  if (!parsed.ok) return invalidForm(parsed.failure);
  try {
    const result = await setPasswordWithToken(context.core, parsed.data.token, parsed.data.password);
    // With two-step verification on, the code is still asked for at log-in.
    if (!result.session) return redirect("/auth/log-in?redirectTo=%2Fadmin");
    return redirect("/admin", {
      headers: sessionHeaders(result.session.token, request, context.publicUrl, result.session.deviceToken),
    });
  } catch (error) {
    if (error instanceof DomainError && error.code?.startsWith("link-"))
      return data({ problem: error.message }, { status: 400 });
    return formFailure(error, "Something went wrong. Please try again.");
  }
}

export default function SetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const problem = (actionData && "problem" in actionData ? actionData.problem : null) ?? loaderData.problem;
  const { account } = loaderData;
  // The messages come from the loader and action: core stays out of the browser's bundle.
  if (problem !== null || !account)
    return <SetPasswordLinkProblem message={problem ?? "This link is not valid."} />;
  return <SetPasswordForm token={account.token} email={account.email} />;
}
