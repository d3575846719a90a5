import { redirect } from "react-router";
import { TestCheckoutPage } from "#app/components/checkout/test-checkout-page.tsx";
import { MessageScreen } from "#app/components/message-screen.tsx";
import { RouteErrorBoundary } from "#app/components/route-error-boundary.tsx";
import { formFailure, invalidForm, readForm } from "#app/lib/form-action.server.ts";
import { accountPageMeta } from "#app/lib/page-meta.ts";
import { notFoundAs404 } from "#app/lib/route-errors.server.ts";
import { requireSameOrigin } from "#app/lib/session.server.ts";
import { AUTH_FORM_FALLBACK } from "#contract/accounts.ts";
import { testCardBody } from "#contract/shopping.ts";
import { getTestCheckout, payTestCheckout } from "#core/payments/builtin-checkout.ts";
import type { Route } from "./+types/checkout.test.$sessionId";

// The built-in payment provider's hosted page (docs/architecture.md#ports). Like a provider's hosted
// checkout it needs no log-in: the session id in the URL is the secret that opens it.

export const meta: Route.MetaFunction = () => accountPageMeta("Test checkout");

export async function loader({ params, context }: Route.LoaderArgs) {
  const checkout = await notFoundAs404(getTestCheckout(context.core, params.sessionId));
  return { ...checkout, shopName: context.core.accounts.shopName };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  requireSameOrigin(request, context.publicUrl);
  const parsed = readForm(await request.formData(), testCardBody);
  if (!parsed.ok) return invalidForm(parsed.failure);
  try {
    const { successUrl } = await payTestCheckout(context.core, params.sessionId, parsed.data);
    return redirect(successUrl);
  } catch (error) {
    return formFailure(error, AUTH_FORM_FALLBACK);
  }
}

export default function TestCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const { order, successUrl, cancelUrl, shopName } = loaderData;
  return (
    <TestCheckoutPage
      order={order}
      successUrl={successUrl}
      cancelUrl={cancelUrl}
      shopName={shopName}
      error={actionData?.message}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RouteErrorBoundary error={error} notFound={PAYMENT_PAGE_NOT_FOUND}>
      <MessageScreen
        image="somethingWentWrong"
        title="Something went wrong."
        action={{ label: "BACK TO HOME PAGE", to: "/" }}
      />
    </RouteErrorBoundary>
  );
}

const PAYMENT_PAGE_NOT_FOUND = {
  title: "This payment page does not exist or has been closed.",
  action: { label: "BACK TO HOME PAGE", to: "/" },
};
