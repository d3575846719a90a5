import { CONFETTI_PIECES } from "#contract/shopping.ts";

/**
 * Confetti when a coupon is applied (docs/storefront/cart.md#coupon: 200 pieces, not recycled). canvas-confetti fires
 * one burst whose pieces fall away and are never reused, then removes its canvas. The library is
 * loaded only when a coupon is applied, so no page pays for it up front.
 */
export async function celebrate(): Promise<void> {
  const { default: confetti } = await import("canvas-confetti");
  await confetti({
    particleCount: CONFETTI_PIECES,
    spread: 100,
    startVelocity: 45,
    origin: { y: 0.6 },
    // Motion-sensitive shoppers are spared the animation; the toast still says what happened.
    disableForReducedMotion: true,
  });
}
