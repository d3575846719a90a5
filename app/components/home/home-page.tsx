import { Suspense } from "react";
import { Await, Link } from "react-router";
import { Carousel, CarouselSkeleton } from "#app/components/carousel.tsx";
import { FallbackImage } from "#app/components/fallback-image.tsx";
import { ProductCard, type ProductCardData, ProductCardSkeleton } from "#app/components/product-card.tsx";
import { ProductGrid, ProductGridSkeleton } from "#app/components/product-grid.tsx";
import {
  BRAND_SLIDES,
  CATEGORY_SLIDES,
  HOME_GRID_LIMITS,
  largest,
  PRODUCT_SLIDES,
} from "#app/lib/breakpoints.ts";
import type { Route } from "../../routes/+types/home";

const BANNER_AUTOPLAY_MS = 2500;

/** What the home route loads: the banner, and each section's data or its promise. */
type HomeData = Route.ComponentProps["loaderData"];
type CardData = ProductCardData;

function SectionTitle({ id, children }: { id: string; children: string }) {
  return (
    <h2 id={id} className="section-title mb-5 h-9 leading-9">
      {children}
    </h2>
  );
}

function SectionFailed() {
  return (
    <p className="rounded-xl border border-gray-200 p-6 text-center text-gray-600 text-sm dark:border-gray-800 dark:text-gray-400">
      We couldn't load these products. Please refresh the page to try again.
    </p>
  );
}

function ProductSlider({
  id,
  title,
  data,
  eager = 0,
  belowFold = false,
}: {
  /** Far down the page: the browser may skip laying it out until it comes near the screen. */
  belowFold?: boolean;
  id: string;
  title: string;
  data: CardData[] | Promise<CardData[]>;
  /** Cards whose images load at once: on a phone the first best seller is the largest paint. */
  eager?: number;
}) {
  return (
    <section aria-labelledby={id} className={belowFold ? "below-fold mt-14" : "mt-14"}>
      <SectionTitle id={id}>{title}</SectionTitle>
      <Suspense
        fallback={
          <CarouselSkeleton perView={PRODUCT_SLIDES} label={title} render={() => <ProductCardSkeleton />} />
        }
      >
        <Await resolve={data} errorElement={<SectionFailed />}>
          {(items) => (
            <Carousel
              mode="strip"
              label={title}
              perView={PRODUCT_SLIDES}
              slides={items.map((p, i) => ({
                key: p._id,
                content: (
                  <ProductCard
                    product={p}
                    priority={i < eager}
                    sizes="(min-width: 1280px) 240px, (min-width: 1024px) 270px, (min-width: 640px) 45vw, 70vw"
                  />
                ),
              }))}
            />
          )}
        </Await>
      </Suspense>
    </section>
  );
}

function ProductGridSection({
  id,
  title,
  data,
}: {
  id: string;
  title: string;
  data: CardData[] | Promise<CardData[]>;
}) {
  return (
    <section aria-labelledby={id} className="below-fold mt-14">
      <SectionTitle id={id}>{title}</SectionTitle>
      <Suspense
        fallback={<ProductGridSkeleton count={largest(HOME_GRID_LIMITS)} limits={HOME_GRID_LIMITS} />}
      >
        <Await resolve={data} errorElement={<SectionFailed />}>
          {(items) => <ProductGrid products={items} limits={HOME_GRID_LIMITS} />}
        </Await>
      </Suspense>
    </section>
  );
}

function TaxonomyCard({
  to,
  name,
  image,
  round,
  sizes = "140px",
}: {
  to: string;
  name: string;
  image: string;
  round: boolean;
  sizes?: string;
}) {
  return (
    <Link to={to} className="group flex flex-col items-center gap-2 rounded-xl p-1 text-center">
      <FallbackImage
        src={image}
        alt=""
        width={200}
        height={200}
        sizes={sizes}
        loading="lazy"
        decoding="async"
        className={`aspect-square w-full bg-gray-100 object-cover transition group-hover:scale-[1.03] dark:bg-gray-800 ${round ? "rounded-full" : "rounded-2xl border border-gray-200 dark:border-gray-800"}`}
      />
      <span className="line-clamp-2 min-h-10 font-medium text-sm leading-5">{name}</span>
    </Link>
  );
}

function TaxonomySkeleton({ name = "brand name" }: { name?: string }) {
  return (
    <div className="flex flex-col items-center gap-2 p-1" aria-hidden="true">
      <div className="skeleton aspect-square w-full rounded-full" />
      <span className="skeleton line-clamp-2 min-h-10 rounded text-sm text-transparent leading-5">
        {name}
      </span>
    </div>
  );
}

/**
 * docs/storefront/home.md#banner: from 640 px the whole 3:1 picture, lettering included. On a phone that
 * lettering would be a few pixels high, so the same image (same file, same preload: it stays the LCP
 * candidate) is cropped to its illustrated right half, and the slide's title and subtitle follow as
 * live text. The image's alternative text already says them, so the visible copy is hidden from
 * assistive technology rather than read twice.
 */
function Banner({ banners }: { banners: HomeData["banners"] }) {
  return (
    <Carousel
      mode="banner"
      label="Offers and collections"
      autoplayMs={BANNER_AUTOPLAY_MS}
      className="overflow-hidden rounded-2xl"
      slides={banners.map((b, i) => ({
        key: b.src,
        content: (
          <Link to={b.href} className="block bg-gray-50 dark:bg-gray-900">
            <FallbackImage
              src={b.src}
              alt={b.alt}
              width={1920}
              height={640}
              sizes="(min-width: 1280px) 1248px, 100vw"
              loading={i === 0 ? "eager" : "lazy"}
              fetchPriority={i === 0 ? "high" : undefined}
              decoding={i === 0 ? "sync" : "async"}
              className="banner-image aspect-[4/3] w-full bg-gray-100 object-cover object-right sm:aspect-[3/1] sm:object-center dark:bg-gray-800"
            />
            <div
              className="banner-copy flex flex-col items-start gap-1 px-5 pt-4 pb-8 sm:hidden"
              aria-hidden="true"
            >
              <span className="banner-title font-bold text-gray-900 text-xl leading-tight dark:text-gray-50">
                {b.title}
              </span>
              {b.subtitle && (
                <span className="text-base text-gray-700 leading-snug dark:text-gray-300">{b.subtitle}</span>
              )}
              <span className="mt-2 inline-flex items-center gap-1 rounded-full bg-gray-900 px-4 py-2 font-semibold text-sm text-white dark:bg-white dark:text-gray-900">
                Shop now <span aria-hidden="true">→</span>
              </span>
            </div>
          </Link>
        ),
      }))}
    />
  );
}

type Category = Awaited<HomeData["categories"]>[number];

function CategoryCard({ category, sizes }: { category: Category; sizes?: string }) {
  return (
    <TaxonomyCard
      to={`/search/?page=1&category=${category._id}`}
      name={category.name!}
      image={category.image!}
      round
      sizes={sizes}
    />
  );
}

/**
 * docs/storefront/home.md#category-carousel: a shop with no more categories than the widest strip
 * shows at once gets them as a row that fills the width (a strip of four would fill a quarter of it
 * on a desktop): per breakpoint as many columns as the strip's count, or fewer when there are fewer
 * categories, each card at most 240 px and centred in its column.
 */
function CategoryGrid({ categories }: { categories: Category[] }) {
  const style: Record<string, string> = {};
  CATEGORY_SLIDES.forEach((n, i) => {
    style[`--cols-${i}`] = String(Math.min(n, categories.length));
  });
  return (
    <ul
      className="category-grid grid grid-cols-[repeat(var(--cols-0),minmax(0,1fr))] gap-x-4 gap-y-6 sm:grid-cols-[repeat(var(--cols-1),minmax(0,1fr))] md:grid-cols-[repeat(var(--cols-2),minmax(0,1fr))] lg:grid-cols-[repeat(var(--cols-3),minmax(0,1fr))] xl:grid-cols-[repeat(var(--cols-4),minmax(0,1fr))]"
      style={style}
    >
      {categories.map((c) => (
        <li key={c._id} className="mx-auto w-full max-w-60">
          <CategoryCard category={c} sizes="(min-width: 1024px) 240px, 25vw" />
        </li>
      ))}
    </ul>
  );
}

function CategoryStrip({ categories }: { categories: HomeData["categories"] }) {
  // docs/storefront/home.md#category-carousel: the category strip renders nothing unless its list loaded and is non-empty.
  return (
    <Suspense
      fallback={
        <section className="mt-12" aria-label="CATEGORIES">
          <SectionTitle id="categories-loading">CATEGORIES</SectionTitle>
          <CarouselSkeleton
            perView={CATEGORY_SLIDES}
            label="CATEGORIES"
            render={() => <TaxonomySkeleton name="full category name & sub" />}
          />
        </section>
      }
    >
      <Await resolve={categories} errorElement={null}>
        {(loaded) =>
          loaded.length > 0 && (
            <section aria-labelledby="categories-title" className="mt-12">
              <SectionTitle id="categories-title">CATEGORIES</SectionTitle>
              {loaded.length <= largest(CATEGORY_SLIDES) ? (
                <CategoryGrid categories={loaded} />
              ) : (
                <Carousel
                  mode="strip"
                  label="CATEGORIES"
                  perView={CATEGORY_SLIDES}
                  slides={loaded.map((c) => ({ key: c._id!, content: <CategoryCard category={c} /> }))}
                />
              )}
            </section>
          )
        }
      </Await>
    </Suspense>
  );
}

function BrandsSection({ brands }: { brands: HomeData["brands"] }) {
  return (
    <section aria-labelledby="brands-title" className="below-fold mt-14">
      <SectionTitle id="brands-title">BRANDS</SectionTitle>
      <Suspense
        fallback={
          <CarouselSkeleton perView={BRAND_SLIDES} label="BRANDS" render={() => <TaxonomySkeleton />} />
        }
      >
        <Await resolve={brands} errorElement={<SectionFailed />}>
          {(loaded) => (
            <Carousel
              mode="strip"
              label="BRANDS"
              perView={BRAND_SLIDES}
              slides={loaded.map((b) => ({
                key: b._id!,
                content: (
                  <TaxonomyCard
                    to={`/search/?page=1&brand=${b._id}`}
                    name={b.name!}
                    image={b.image!}
                    round={false}
                  />
                ),
              }))}
            />
          )}
        </Await>
      </Suspense>
    </section>
  );
}

/** The home page: the banner, then the categories, products and brands sections. */
export function HomePage({ loaderData }: { loaderData: HomeData }) {
  const { banners } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 pt-4 sm:pt-6">
      <h1 className="sr-only">shop — clothing, shoes and accessories</h1>
      {/* A shop whose staff hid or deleted every slide shows none (docs/back-office/taxonomy.md). */}
      {banners.length > 0 ? <Banner banners={banners} /> : null}

      <CategoryStrip categories={loaderData.categories} />

      <ProductSlider
        id="best-sellers-title"
        title="THE BEST SELLERS"
        data={loaderData.bestSellers}
        eager={2}
      />
      <ProductGridSection id="offers-title" title="OFFERS" data={loaderData.offers} />

      <BrandsSection brands={loaderData.brands} />

      <ProductSlider id="new-products-title" title="NEW PRODUCTS" data={loaderData.newProducts} belowFold />
      <ProductGridSection id="cheap-products-title" title="CHEAP PRODUCTS" data={loaderData.cheapProducts} />
    </div>
  );
}
