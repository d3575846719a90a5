import type { ReactNode } from "react";
import { useRevalidator } from "react-router";
import { MessageScreen } from "#app/components/message-screen.tsx";
import { isGlobalError, isNotFound } from "#app/lib/route-errors.ts";

/** The not-found message of a page: its title and the way back. */
export interface NotFoundMessage {
  title: string;
  action: { label: string; to: string };
}

/** The not-found page of the whole shop (an unknown address). */
export const PAGE_NOT_FOUND: NotFoundMessage = {
  title: "Oops! The page you are looking for does not exist.",
  action: { label: "Back to home", to: "/" },
};

export function NotFoundScreen({ title, action }: NotFoundMessage) {
  return <MessageScreen image="notFound" title={title} action={action} />;
}

/**
 * Every route's error boundary (docs/decisions/028-thin-route-files.md): the global pages (too many
 * requests, no answer) pass through to the root's; a 404 shows the page's not-found message when it
 * has one; anything else shows the page's own failed state, `children`.
 */
export function RouteErrorBoundary({
  error,
  notFound,
  children,
}: {
  error: unknown;
  notFound?: NotFoundMessage;
  children: ReactNode;
}) {
  if (isGlobalError(error)) throw error; // the root shows the global page
  if (notFound && isNotFound(error)) return <NotFoundScreen {...notFound} />;
  return children;
}

/** A page's (or a section's) failed state: TRY AGAIN loads the page's data again. */
export function RetryScreen({
  title,
  paragraph,
  headingLevel,
}: {
  title: string;
  paragraph?: string;
  headingLevel?: 1 | 2;
}) {
  const revalidator = useRevalidator();
  return (
    <MessageScreen
      image="somethingWentWrong"
      headingLevel={headingLevel}
      title={title}
      paragraph={paragraph}
      action={{ label: "TRY AGAIN", onClick: () => revalidator.revalidate() }}
    />
  );
}
