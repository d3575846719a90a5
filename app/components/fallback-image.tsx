import { type ImgHTMLAttributes, useEffect, useRef, useState } from "react";
import { imageSrcSet, PLACEHOLDER_IMAGE } from "#app/lib/images.ts";

/**
 * An <img> that shows the placeholder when its source fails (docs/storefront/README.md#images), with a srcset for the
 * shop's generated images. A failure that happened before hydration is caught on mount.
 */
export function FallbackImage({
  src,
  sizes,
  alt,
  ...props
}: ImgHTMLAttributes<HTMLImageElement> & { src: string; alt: string }) {
  // Remembers which source failed, so a new source gets its own chance.
  const [failedSrc, setFailedSrc] = useState<string>();
  const failed = failedSrc === src;
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0 && img.currentSrc) setFailedSrc(src);
  }, [src]);
  const srcSet = failed ? undefined : imageSrcSet(src);
  return (
    <img
      ref={ref}
      {...props}
      alt={alt}
      src={failed ? PLACEHOLDER_IMAGE : src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      onError={() => setFailedSrc(src)}
      data-failed={failed || undefined}
    />
  );
}

/** A small decorative square picture (thumbnails, swatches, chips), `size` CSS pixels wide. */
export function Thumb({ src, size, className }: { src: string; size: number; className: string }) {
  return (
    <FallbackImage src={src} alt="" width={size} height={size} sizes={`${size}px`} className={className} />
  );
}
