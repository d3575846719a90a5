import { Suspense } from "react";
import { Await, Link } from "react-router";
import { FallbackImage } from "#app/components/fallback-image.tsx";
import { UserIcon } from "#app/components/icons.tsx";
import { RetryScreen } from "#app/components/route-error-boundary.tsx";
import type { CustomerProfile } from "#contract/accounts.ts";

/** The role as a label: `customer` → `Customer`. */
const roleLabel = (role: string) => role.charAt(0).toUpperCase() + role.slice(1);

/**
 * An email that may wrap before its "@" (and a long domain before its dots), never mid-word; only a
 * single part longer than the line breaks inside, as a last resort.
 */
export function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf("@");
  if (at <= 0) return <span title={email}>{email}</span>;
  const domain = email.slice(at + 1).split(".");
  return (
    <span title={email} data-testid="profile-email">
      {email.slice(0, at)}
      <wbr />@
      {domain.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the domain's parts in order, never reordered
        <span key={i}>
          {i > 0 && (
            <>
              <wbr />.
            </>
          )}
          {part}
        </span>
      ))}
    </span>
  );
}

function ProfileLayout({
  image,
  name,
  role,
  email,
  phone,
  addresses,
}: {
  image: React.ReactNode;
  name: React.ReactNode;
  role: React.ReactNode;
  email: React.ReactNode;
  phone: React.ReactNode;
  addresses: React.ReactNode;
}) {
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-10">
      <h1 className="sr-only">Profile</h1>
      <div className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8 dark:border-gray-800 dark:bg-gray-900">
        <div className="flex flex-col items-center gap-5 sm:flex-row sm:items-center">
          {image}
          <div className="flex min-w-0 flex-col items-center gap-1 sm:items-start">
            {name}
            {role}
          </div>
        </div>
        <dl className="mt-8 grid gap-5 sm:grid-cols-2">
          <div className="min-w-0">
            <dt className="font-medium text-gray-500 text-sm dark:text-gray-400">Email</dt>
            <dd className="mt-1 break-words">{email}</dd>
          </div>
          <div>
            <dt className="font-medium text-gray-500 text-sm dark:text-gray-400">Phone Number</dt>
            <dd className="mt-1">{phone}</dd>
          </div>
        </dl>
        <h2 className="mt-8 font-semibold text-lg">Addresses</h2>
        {addresses}
      </div>
    </section>
  );
}

function ProfileSkeleton() {
  return (
    <div aria-busy="true">
      <ProfileLayout
        image={<div className="skeleton size-24 rounded-full" />}
        name={<div className="skeleton h-7 w-48 rounded" />}
        role={<p className="text-gray-500 dark:text-gray-400">Customer</p>}
        email={<span className="skeleton block h-5 w-56 rounded" />}
        phone={<span className="skeleton block h-5 w-40 rounded" />}
        addresses={<div className="skeleton mt-3 h-16 rounded-lg" />}
      />
    </div>
  );
}

function Profile({ profile }: { profile: CustomerProfile }) {
  const phone = profile.phoneNumbers[0]?.phoneNumber;
  return (
    <ProfileLayout
      image={
        profile.profileImage ? (
          <FallbackImage
            src={profile.profileImage}
            alt=""
            width={96}
            height={96}
            className="size-24 rounded-full object-cover"
          />
        ) : (
          <span className="grid size-24 place-items-center rounded-full bg-indigo-100 text-brand dark:bg-indigo-950 dark:text-indigo-300">
            <UserIcon width={44} height={44} />
          </span>
        )
      }
      name={
        <p className="font-bold text-2xl">
          {profile.firstName} {profile.lastName}
        </p>
      }
      role={<p className="text-gray-500 dark:text-gray-400">{roleLabel(profile.role)}</p>}
      email={<EmailAddress email={profile.email} />}
      phone={
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
          {phone ? (
            <span>{phone}</span>
          ) : (
            <span className="text-red-700 dark:text-red-400">+201000000000 (Not Set)</span>
          )}
          <Link
            to="/customer/add-phone-number"
            className="font-medium text-brand text-sm hover:underline dark:text-indigo-300"
          >
            Add phone number
          </Link>
        </span>
      }
      addresses={
        profile.addressesList.length === 0 ? (
          <p className="mt-2 text-gray-600 dark:text-gray-400">
            No saved addresses yet. The address of your first order is saved here.
          </p>
        ) : (
          <ul className="mt-3 grid gap-3 sm:grid-cols-2">
            {profile.addressesList.map((a) => (
              <li key={a._id} className="rounded-lg border border-gray-200 p-4 text-sm dark:border-gray-800">
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                  <dt className="text-gray-500 dark:text-gray-400">Country</dt>
                  <dd>{a.country}</dd>
                  <dt className="text-gray-500 dark:text-gray-400">State</dt>
                  <dd>{a.state}</dd>
                  <dt className="text-gray-500 dark:text-gray-400">City</dt>
                  <dd>{a.city}</dd>
                  <dt className="text-gray-500 dark:text-gray-400">Street</dt>
                  <dd>{a.street}</dd>
                  <dt className="text-gray-500 dark:text-gray-400">Postal Code</dt>
                  <dd>{a.postalCode}</dd>
                </dl>
              </li>
            ))}
          </ul>
        )
      }
    />
  );
}

function ProfileFailed() {
  return (
    <RetryScreen
      title="Something went wrong."
      paragraph="We couldn't retrieve your profile information. Please try again later."
    />
  );
}

/** The customer's profile: picture, name, role, email, phone numbers and addresses. */
export function ProfilePage({ profile }: { profile: CustomerProfile | Promise<CustomerProfile> }) {
  return (
    <Suspense fallback={<ProfileSkeleton />}>
      <Await resolve={profile} errorElement={<ProfileFailed />}>
        {(loaded) => <Profile profile={loaded} />}
      </Await>
    </Suspense>
  );
}
