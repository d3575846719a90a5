import { useRef, useState } from "react";
import { FallbackImage, Thumb } from "#app/components/fallback-image.tsx";
import { CloseIcon, ExpandIcon } from "#app/components/icons.tsx";
import { sizedImageUrl } from "#app/lib/images.ts";
import { isUploadedPhotoUrl } from "#contract/photo-urls.ts";

/** docs/storefront/product.md#gallery: the hover zoom magnifies 2.5 times. */
export const ZOOM_LEVEL = 2.5;

function largeUrl(url: string): string {
  return url.startsWith("/images/products/") || isUploadedPhotoUrl(url) ? sizedImageUrl(url, 1200) : url;
}

/** The thumbnails that choose the main image (none for a single image). */
function Thumbnails({
  images,
  index,
  onChoose,
}: {
  images: string[];
  index: number;
  onChoose: (index: number) => void;
}) {
  if (images.length <= 1) return null;
  return (
    <ul className="flex gap-2 overflow-x-auto md:w-20 md:flex-col" aria-label="Product images">
      {images.map((src, i) => (
        <li key={src} className="shrink-0">
          <button
            type="button"
            onClick={() => onChoose(i)}
            aria-label={`Show image ${i + 1} of ${images.length}`}
            aria-current={i === index ? "true" : undefined}
            className={`block size-16 overflow-hidden rounded-lg border-2 bg-gray-100 md:size-20 dark:bg-gray-800 ${i === index ? "border-brand dark:border-indigo-400" : "border-transparent hover:border-gray-300 dark:hover:border-gray-600"}`}
          >
            <Thumb src={src} size={80} className="size-full object-cover" />
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The large image in a dialog: the picture already shown underneath while the large one loads. */
function ImageViewer({
  dialog,
  title,
  shown,
  large,
}: {
  dialog: React.RefObject<HTMLDialogElement | null>;
  title: string;
  shown: string | null;
  large: string;
}) {
  return (
    <dialog
      ref={dialog}
      aria-label={`${title}: large image`}
      className="m-auto max-h-[95vh] max-w-[95vw] rounded-2xl bg-white p-0 backdrop:bg-black/70 dark:bg-gray-900"
      onClick={(event) => {
        if (event.target === dialog.current) dialog.current.close();
      }}
      onKeyDown={() => undefined}
    >
      {/* A square box of its own size (the pictures are square), so it is there before either image. */}
      <div className="relative size-[min(95vw,95vh,1200px)]">
        {shown && (
          <img
            src={shown}
            alt=""
            width={1200}
            height={1200}
            data-testid="viewer-placeholder"
            className="absolute inset-0 size-full object-contain"
          />
        )}
        <img
          src={large}
          alt={title}
          width={1200}
          height={1200}
          loading="lazy"
          className="absolute inset-0 size-full object-contain"
        />
        <button
          type="button"
          className="icon-button absolute top-3 right-3 bg-white/90 shadow dark:bg-gray-900/90"
          aria-label="Close"
          onClick={() => dialog.current?.close()}
        >
          <CloseIcon />
        </button>
      </div>
    </dialog>
  );
}

/**
 * Product images: thumbnails choose the main image; hovering the main image magnifies it 2.5×
 * under the pointer. The large image also opens in a dialog, from a button (keyboard) or a tap
 * (touch screens, where there is no hover).
 */
export function ProductGallery({ images, title }: { images: string[]; title: string }) {
  const [index, setIndex] = useState(0);
  const [zoom, setZoom] = useState<{ x: number; y: number } | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const main = useRef<HTMLDivElement>(null);
  const current = images[index] ?? images[0] ?? "";
  // The picture the page already shows (the size the browser chose), drawn in the viewer at once
  // while the large one loads over it (docs/storefront/product.md#gallery).
  const [shown, setShown] = useState<string | null>(null);
  const openViewer = () => {
    setShown(main.current?.querySelector("img")?.currentSrc || null);
    dialog.current?.showModal();
  };

  const onMove = (event: React.PointerEvent<HTMLDivElement>) => {
    if (event.pointerType !== "mouse") return;
    const box = event.currentTarget.getBoundingClientRect();
    setZoom({
      x: ((event.clientX - box.left) / box.width) * 100,
      y: ((event.clientY - box.top) / box.height) * 100,
    });
  };

  return (
    <div className="flex flex-col-reverse gap-3 self-start md:sticky md:top-20 md:flex-row">
      <Thumbnails
        images={images}
        index={index}
        onChoose={(i) => {
          setIndex(i);
          setShown(null);
        }}
      />
      <div className="relative aspect-square flex-1">
        {/* biome-ignore lint/a11y/noStaticElementInteractions: hover zoom and tap are pointer extras; the button below opens the same image for keyboards */}
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: as above */}
        <div
          ref={main}
          className="relative aspect-square cursor-zoom-in overflow-hidden rounded-2xl bg-gray-100 dark:bg-gray-800"
          onPointerMove={onMove}
          onPointerLeave={() => setZoom(null)}
          onClick={(event) => {
            if ((event.nativeEvent as PointerEvent).pointerType === "touch") openViewer();
          }}
          data-zoomed={zoom ? "true" : undefined}
        >
          <FallbackImage
            src={current}
            alt={title}
            width={800}
            height={800}
            sizes="(min-width: 1024px) 560px, (min-width: 768px) 50vw, 100vw"
            fetchPriority="high"
            className="size-full object-cover transition-transform duration-100 ease-out"
            style={
              zoom
                ? { transform: `scale(${ZOOM_LEVEL})`, transformOrigin: `${zoom.x}% ${zoom.y}%` }
                : undefined
            }
          />
        </div>
        <button
          type="button"
          className="icon-button absolute right-3 bottom-3 bg-white/90 shadow dark:bg-gray-900/90"
          aria-label="View larger image"
          title="View larger image"
          onClick={openViewer}
        >
          <ExpandIcon width={20} height={20} />
        </button>
      </div>
      <ImageViewer dialog={dialog} title={title} shown={shown} large={largeUrl(current)} />
    </div>
  );
}
