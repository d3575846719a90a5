import Swiper from "swiper";
import { A11y, Autoplay, Navigation, Pagination } from "swiper/modules";
import { BREAKPOINTS, SLIDE_GAP_PX } from "#app/lib/breakpoints.ts";

// Loaded on demand by carousel.tsx: Swiper's code never reaches pages without sliders.

export function startSwiper(
  el: HTMLElement,
  options: {
    prev: HTMLElement;
    next: HTMLElement;
    dots?: HTMLElement;
    /** Strip: cards per view under 640, 640, 768, 1024 and 1280 px (half a card more is shown). */
    perView?: readonly number[];
    /** Banner: one slide per view, looping, advancing every N ms even after interaction. */
    autoplayMs?: number;
  },
): () => void {
  const navigation = { prevEl: options.prev, nextEl: options.next };
  const a11y = { enabled: true, scrollOnFocus: true };
  let swiper: Swiper;
  if (options.perView) {
    const per = options.perView;
    const at = (n: number) => ({ slidesPerView: n + 0.5, slidesPerGroup: n });
    swiper = new Swiper(el, {
      modules: [Navigation, A11y],
      navigation,
      a11y,
      spaceBetween: SLIDE_GAP_PX,
      watchOverflow: true,
      ...at(per[0]!),
      breakpoints: Object.fromEntries(BREAKPOINTS.slice(0, 4).map((bp, i) => [bp, at(per[i + 1]!)])),
    });
  } else {
    swiper = new Swiper(el, {
      modules: [Navigation, Pagination, Autoplay, A11y],
      navigation,
      a11y,
      loop: true,
      slidesPerView: 1,
      autoplay: { delay: options.autoplayMs ?? 2500, disableOnInteraction: false },
      pagination: options.dots
        ? {
            el: options.dots,
            clickable: true,
            bulletClass: "carousel-dot",
            bulletActiveClass: "is-active",
            bulletElement: "button",
          }
        : undefined,
    });
  }
  return () => swiper.destroy(true, true);
}
