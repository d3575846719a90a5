import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { isGlobalError, isNotFound } from "#app/lib/route-errors.ts";

/**
 * The error boundary of every back-office page (`export { AdminErrorBoundary as ErrorBoundary }`):
 * shown inside the back office's frame, so the menu stays. A 403 is a role below the page's (a
 * manager on an admin page); a 404 a record that does not exist; the global pages (too many
 * requests, server error) go to the root's.
 *
 * The error comes from useRouteError(), not from props: React Router hands `error` as a prop only to
 * an ErrorBoundary declared in the route module itself, and route modules re-export this one.
 */
export function AdminErrorBoundary() {
  const error = useRouteError();
  if (isGlobalError(error)) throw error;
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  const title = forbidden
    ? "You may not open this page"
    : isNotFound(error)
      ? "Not found"
      : "This page could not be loaded";
  const detail =
    isRouteErrorResponse(error) && typeof error.data?.message === "string"
      ? error.data.message
      : forbidden
        ? "Your role does not include this part of the back office."
        : isNotFound(error)
          ? "The record you asked for does not exist."
          : "Please try again in a moment.";
  return (
    <section className="max-w-xl py-8">
      <h1 className="font-bold text-2xl">{title}</h1>
      <p className="mt-2 text-gray-700 dark:text-gray-300">{detail}</p>
      <Link to="/admin" className="mt-4 inline-block underline">
        Back to the dashboard
      </Link>
    </section>
  );
}
