import { type CSSProperties, type ReactNode, type RefObject, useEffect, useRef } from "react";
import { SLIDE_GAP_PX } from "#app/lib/breakpoints.ts";
import { ChevronLeftIcon, ChevronRightIcon } from "./icons.tsx";

export interface CarouselSlide {
  key: string;
  content: ReactNode;
}

type CarouselProps = {
  /** Accessible name of the carousel region. */
  label: string;
  slides: CarouselSlide[];
  className?: string;
} & (
  | {
      /** A strip: per breakpoint (under 640, 640, 768, 1024, 1280) N cards plus half of the next. */
      mode: "strip";
      perView: readonly [number, number, number, number, number];
    }
  | { mode: "banner"; autoplayMs: number }
);

/** Per-breakpoint slides per view as CSS variables, so the server-rendered strip is already laid out. */
function stripStyle(perView: readonly number[], extra: number): CSSProperties {
  const style: Record<string, string> = {};
  perView.forEach((n, i) => {
    style[`--spv-${i}`] = String(n + extra);
  });
  return style as CSSProperties;
}

/**
 * Hands the server-rendered slider over to Swiper (loaded lazily) once the page has loaded and the
 * slider comes near the screen; Swiper goes again when the slider does.
 */
function useSwiper(
  refs: {
    root: RefObject<HTMLDivElement | null>;
    prev: RefObject<HTMLButtonElement | null>;
    next: RefObject<HTMLButtonElement | null>;
    dots: RefObject<HTMLDivElement | null>;
  },
  perView: readonly number[] | undefined,
  autoplayMs: number | undefined,
) {
  const { root, prev, next, dots } = refs;
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    let cancelled = false;
    let destroy: (() => void) | undefined;
    const start = () =>
      import("./carousel-swiper.ts").then(({ startSwiper }) => {
        if (cancelled || !prev.current || !next.current) return;
        destroy = startSwiper(el, {
          prev: prev.current,
          next: next.current,
          dots: dots.current ?? undefined,
          perView,
          autoplayMs,
        });
      });
    // Swiper starts once the page has loaded, when its slider comes near the screen, in an idle
    // moment: the first paint and the page's images never wait for it (the server markup already
    // looks the same), so it costs neither the largest paint nor responsiveness.
    const whenIdle = (fn: () => void) =>
      "requestIdleCallback" in window ? requestIdleCallback(fn, { timeout: 1500 }) : setTimeout(fn, 200);
    const afterLoad = (fn: () => void) => {
      if (document.readyState === "complete") whenIdle(fn);
      else window.addEventListener("load", () => whenIdle(fn), { once: true });
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        afterLoad(start);
      },
      { rootMargin: "300px 0px" },
    );
    observer.observe(el);
    return () => {
      cancelled = true;
      observer.disconnect();
      destroy?.();
    };
  }, [root, prev, next, dots, perView, autoplayMs]);
}

/**
 * Sliders (docs/storefront/home.md#sliders) are rendered on the server as plain markup with Swiper's class names and
 * exactly the slide widths Swiper will compute, then Swiper (loaded lazily, home only) takes over
 * the same DOM: no layout shift, no re-created images, and without JavaScript the strip still
 * scrolls sideways.
 */
export function Carousel(props: CarouselProps) {
  const root = useRef<HTMLDivElement>(null);
  const prev = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const dots = useRef<HTMLDivElement>(null);
  const { mode } = props;
  const perView = props.mode === "strip" ? props.perView : undefined;
  const autoplayMs = props.mode === "banner" ? props.autoplayMs : undefined;

  useSwiper({ root, prev, next, dots }, perView, autoplayMs);

  const arrow =
    mode === "banner"
      ? // On a phone the banner's copy sits under its picture: the arrows stay on the picture's middle
        // (4:3 of the frame's width, docs/storefront/home.md#banner), never on the text.
        "banner-arrow absolute top-[37.5cqw] z-10 -translate-y-1/2 grid size-10 sm:top-1/2 place-items-center rounded-full bg-white/80 text-gray-900 shadow backdrop-blur transition hover:bg-white disabled:opacity-40"
      : "grid size-9 place-items-center rounded-full border border-gray-300 bg-white text-gray-800 transition hover:bg-gray-100 disabled:opacity-40 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100 dark:hover:bg-gray-800";
  const Frame = mode === "banner" ? "section" : "div";
  return (
    <Frame
      // The banner stands alone as a landmark; a strip sits inside its titled section, so it is
      // a group there (a second landmark with the same name would repeat it for screen readers).
      role={mode === "banner" ? undefined : "group"}
      aria-roledescription="carousel"
      aria-label={props.label}
      className={`carousel carousel-${mode} relative ${mode === "banner" ? "@container" : ""} ${props.className ?? ""}`}
      style={perView ? stripStyle(perView, 0.5) : undefined}
    >
      <div ref={root} className="swiper">
        {/* Swiper's a11y module gives slides role="group": divs, since a list item cannot take it. */}
        <div className="swiper-wrapper">
          {props.slides.map((slide, i) => (
            // biome-ignore lint/a11y/useSemanticElements: a slide is an ARIA group (APG carousel pattern), not a form fieldset
            <div
              key={slide.key}
              className="swiper-slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} / ${props.slides.length}`}
            >
              {slide.content}
            </div>
          ))}
        </div>
      </div>
      <div className={mode === "banner" ? "" : "carousel-arrows"}>
        <button
          ref={prev}
          type="button"
          className={`${arrow} ${mode === "banner" ? "left-2 sm:left-3" : ""}`}
          aria-label="Previous slide"
        >
          <ChevronLeftIcon width={20} height={20} />
        </button>
        <button
          ref={next}
          type="button"
          className={`${arrow} ${mode === "banner" ? "right-2 sm:right-3" : ""}`}
          aria-label="Next slide"
        >
          <ChevronRightIcon width={20} height={20} />
        </button>
      </div>
      {mode === "banner" && <div ref={dots} className="carousel-dots" />}
    </Frame>
  );
}

/** A strip's placeholder while its data streams in: one more card per view than the strip shows. */
export function CarouselSkeleton({
  perView,
  render,
  label,
}: {
  perView: readonly [number, number, number, number, number];
  render: (index: number) => ReactNode;
  label: string;
}) {
  const most = Math.max(...perView) + 1;
  return (
    <div
      className="carousel carousel-skeleton"
      style={stripStyle(perView, 1)}
      role="status"
      aria-label={`Loading ${label}`}
    >
      <ul className="flex overflow-hidden" style={{ gap: SLIDE_GAP_PX }}>
        {Array.from({ length: most }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <li key={i} className="carousel-skeleton-item shrink-0">
            {render(i)}
          </li>
        ))}
      </ul>
    </div>
  );
}
