import { Link } from "react-router";
import emptyBox from "#app/assets/messages/empty-box.svg";
import networkError from "#app/assets/messages/network-error.svg";
import noResults from "#app/assets/messages/no-results.svg";
import notFound from "#app/assets/messages/not-found.svg";
import serverError from "#app/assets/messages/server-error.svg";
import somethingWentWrong from "#app/assets/messages/something-went-wrong.svg";
import tooManyRequests from "#app/assets/messages/too-many-requests.svg";

export const MESSAGE_IMAGES = {
  emptyBox,
  networkError,
  noResults,
  notFound,
  serverError,
  somethingWentWrong,
  tooManyRequests,
} as const;

type MessageAction = { label: string } & ({ to: string } | { onClick: () => void });

/**
 * The generic message screen (docs/storefront/README.md#message-screen): an image, a title, a paragraph where a literal `\n` marks
 * a line break, and one button that links to a route or runs an action.
 */
export function MessageScreen({
  image,
  title,
  paragraph,
  action,
  headingLevel = 1,
}: {
  image: keyof typeof MESSAGE_IMAGES;
  title: string;
  paragraph?: string;
  action?: MessageAction;
  headingLevel?: 1 | 2;
}) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const lines = paragraph ? paragraph.split("\\n") : [];
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center px-4 py-14 text-center">
      <img src={MESSAGE_IMAGES[image]} alt="" width={240} height={180} className="h-auto w-52" />
      <Heading className="mt-6 font-bold text-2xl tracking-tight">{title}</Heading>
      {lines.length > 0 && (
        <p className="mt-3 text-gray-600 dark:text-gray-400">
          {lines.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines of one fixed paragraph
            <span key={i}>
              {i > 0 && <br />}
              {line}
            </span>
          ))}
        </p>
      )}
      {action &&
        ("to" in action ? (
          <Link to={action.to} className="button-primary mt-8">
            {action.label}
          </Link>
        ) : (
          <button type="button" onClick={action.onClick} className="button-primary mt-8">
            {action.label}
          </button>
        ))}
    </section>
  );
}
