import { Form } from "react-router";
import { imageSrcSet, PLACEHOLDER_IMAGE } from "#app/lib/images.ts";
import { isUploadedPhotoUrl } from "#contract/photo-urls.ts";

const button =
  "rounded-lg border border-gray-300 px-3 py-1.5 text-sm hover:bg-gray-100 disabled:cursor-not-allowed disabled:opacity-50 dark:border-gray-700 dark:hover:bg-gray-800";

/** One small form per action: each is a plain post to the page's action, so it works without JavaScript. */
function Action({
  intent,
  url,
  label,
  extra,
}: {
  intent: string;
  url: string;
  label: string;
  extra?: string;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="url" value={url} />
      {extra ? <input type="hidden" name="direction" value={extra} /> : null}
      <button type="submit" className={button}>
        {label}
      </button>
    </Form>
  );
}

/**
 * The product's pictures in gallery order, the cover marked: move up or down, make the cover,
 * delete (after a confirmation in a disclosure, which needs no script). The cover cannot be deleted.
 */
export function PhotoList({
  title,
  images,
  imageCover,
}: {
  title: string;
  images: string[];
  imageCover: string;
}) {
  return (
    <ol className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
      {images.map((url, i) => {
        const isCover = url === imageCover;
        const name = `Image ${i + 1} of ${images.length}`;
        return (
          <li
            key={url}
            aria-label={isCover ? `${name}, the cover` : name}
            className="flex gap-3 rounded-xl border border-gray-200 p-3 dark:border-gray-800"
          >
            <img
              src={url}
              srcSet={imageSrcSet(url)}
              sizes="96px"
              width={96}
              height={96}
              alt={`${title}, ${name.toLowerCase()}`}
              loading="lazy"
              onError={(event) => {
                event.currentTarget.srcset = "";
                event.currentTarget.src = PLACEHOLDER_IMAGE;
              }}
              className="size-24 shrink-0 rounded-lg bg-gray-100 object-cover dark:bg-gray-800"
            />
            <div className="flex min-w-0 flex-1 flex-col gap-2">
              <p className="flex flex-wrap items-center gap-2 text-sm">
                <span className="font-semibold">{i + 1}.</span>
                {isCover && (
                  <span className="rounded-full bg-gray-900 px-2 py-0.5 font-semibold text-white text-xs dark:bg-gray-100 dark:text-gray-900">
                    Cover
                  </span>
                )}
                <span className="text-gray-600 dark:text-gray-400">
                  {isUploadedPhotoUrl(url) ? "Uploaded photo" : "Catalogue image"}
                </span>
              </p>
              <div className="flex flex-wrap gap-2">
                {i > 0 && <Action intent="move" url={url} extra="up" label="Move up" />}
                {i < images.length - 1 && <Action intent="move" url={url} extra="down" label="Move down" />}
                {!isCover && <Action intent="cover" url={url} label="Make cover" />}
              </div>
              {isCover ? (
                <p className="text-gray-600 text-xs dark:text-gray-400">
                  To delete the cover, make another image the cover first.
                </p>
              ) : (
                <details>
                  <summary className="cursor-pointer text-red-700 text-sm underline dark:text-red-400">
                    Delete…
                  </summary>
                  <div className="mt-2 flex flex-wrap items-center gap-2">
                    <span className="text-sm">Delete this image from the product?</span>
                    <Form method="post">
                      <input type="hidden" name="intent" value="delete" />
                      <input type="hidden" name="url" value={url} />
                      <button
                        type="submit"
                        className="rounded-lg bg-red-700 px-3 py-1.5 font-semibold text-sm text-white dark:bg-red-500 dark:text-gray-950"
                      >
                        Yes, delete
                      </button>
                    </Form>
                  </div>
                </details>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
