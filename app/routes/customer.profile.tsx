import { ProfilePage } from "#app/components/account/profile.tsx";
import { withinOrStream } from "#app/lib/deferred.server.ts";
import { accountPageMeta } from "#app/lib/page-meta.ts";
import { requireCustomer } from "#app/lib/session.server.ts";
import { getProfile } from "#core/accounts/customers.ts";
import type { Route } from "./+types/customer.profile";

export const meta: Route.MetaFunction = () => accountPageMeta("Profile");

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireCustomer(request, context.core);
  return { profile: (await withinOrStream(getProfile(context.core, session.customerId))).data };
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  return <ProfilePage profile={loaderData.profile} />;
}
