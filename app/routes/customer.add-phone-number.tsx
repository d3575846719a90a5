import { AddPhoneNumberPage } from "#app/components/phone/add-phone-page.tsx";
import { runPhoneStep } from "#app/components/phone/phone-action.server.ts";
import { accountPageMeta } from "#app/lib/page-meta.ts";
import { requireCustomer, requireSameOrigin } from "#app/lib/session.server.ts";
import { DEFAULT_PHONE_COUNTRY } from "#contract/accounts.ts";
import { phoneCountries } from "#core/accounts/phone-verification.ts";
import type { Route } from "./+types/customer.add-phone-number";

export const meta: Route.MetaFunction = () => accountPageMeta("Add phone number");

export async function loader({ request, context }: Route.LoaderArgs) {
  // Verifying a phone number works before the email is verified, like its API endpoints.
  await requireCustomer(request, context.core, { allowUnverified: true });
  return { countries: phoneCountries(), defaultCountry: DEFAULT_PHONE_COUNTRY, firebase: context.firebase };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request, context.publicUrl);
  const session = await requireCustomer(request, context.core, { allowUnverified: true });
  return runPhoneStep(context.core, session.customerId, await request.formData());
}

export default function AddPhoneNumber() {
  return <AddPhoneNumberPage />;
}
