import { HomePage } from "#app/components/home/home-page.tsx";
import type { ProductCardData } from "#app/components/product-card.tsx";
import { withinOrStream } from "#app/lib/deferred.server.ts";
import { homeSections, type Taxonomy } from "#app/lib/home-sections.server.ts";
import { imageSrcSet, sizedImageUrl } from "#app/lib/images.ts";
import { viewerId } from "#app/lib/session.server.ts";
import { siteOrigin } from "#app/lib/site.server.ts";
import { bannerAltText, listBannerSlides } from "#core/storefront/banner-slides.ts";
import type { Route } from "./+types/home";

const DESCRIPTION =
  "Clothing, shoes and accessories for women, men and kids: new arrivals, best sellers and offers.";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: "shop — clothing, shoes and accessories" },
  { name: "description", content: DESCRIPTION },
  { tagName: "link", rel: "canonical", href: `${loaderData?.origin ?? ""}/` },
  { property: "og:type", content: "website" },
  { property: "og:title", content: "shop" },
  { property: "og:description", content: DESCRIPTION },
  { property: "og:url", content: `${loaderData?.origin ?? ""}/` },
  ...(loaderData?.banners[0]
    ? [
        {
          property: "og:image",
          content: ogImageUrl(loaderData.banners[0].src, loaderData.origin),
        },
      ]
    : []),
];

/**
 * The first slide's picture as a link preview shows it: the 1280 px rendering of one of the shop's
 * own images, or a staff-given image URL (a bucket, a CDN) as it is.
 */
function ogImageUrl(src: string, origin: string): string {
  return new URL(imageSrcSet(src) ? sizedImageUrl(src, 1280) : src, `${origin}/`).href;
}

// The banner slides are awaited: the first is the page's largest paint and its og:image. Every other
// section is in the document when the database answers within withinOrStream's wait (as it normally
// does: one complete page, painted at once), and otherwise streams in behind its skeleton (critical vs
// deferred data: docs/decisions/007-storefront-rendering.md). A section that fails renders its own state without failing the page.
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.core;
  // The cards' favorite toggles show the signed-in customer's favorites.
  const [viewer, slides] = await Promise.all([viewerId(request, ctx), listBannerSlides(ctx)]);
  const s = homeSections;
  const [categories, bestSellers, offers, brands, newProducts, cheapProducts] = await Promise.all(
    [s.categories, s.bestSellers, s.offers, s.brands, s.newProducts, s.cheapProducts].map((read) =>
      withinOrStream<unknown>(read(ctx, viewer)),
    ),
  );
  return {
    origin: siteOrigin(request, context),
    // The title and subtitle are also live text on a phone, where the picture's own lettering is too small.
    banners: slides.map((slide) => ({
      src: slide.imageUrl,
      alt: bannerAltText(slide),
      href: slide.linkUrl,
      title: slide.title,
      subtitle: slide.subtitle,
    })),
    categories: categories!.data as Section<Taxonomy>,
    bestSellers: bestSellers!.data as Section<CardData[]>,
    offers: offers!.data as Section<CardData[]>,
    brands: brands!.data as Section<Taxonomy>,
    newProducts: newProducts!.data as Section<CardData[]>,
    cheapProducts: cheapProducts!.data as Section<CardData[]>,
  };
}

type Section<T> = T | Promise<T>;
type CardData = ProductCardData;

export default function Home({ loaderData }: Route.ComponentProps) {
  return <HomePage loaderData={loaderData} />;
}
