import { Link } from "react-router";
import { formatPrice } from "#app/lib/money.ts";
import { listProducts } from "#core/catalog/products.ts";
import { listCategories } from "#core/catalog/taxonomy.ts";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [
  { title: "shop" },
  { name: "description", content: "Clothing, shoes and accessories: browse, search and shop." },
];

// A minimal home page for the foundation: its data comes from core through the loader. The real
// storefront (banner, sliders, grids) replaces it.
export async function loader({ context }: Route.LoaderArgs) {
  const [categories, bestSellers] = await Promise.all([
    listCategories(context.core, { page: 1, limit: 40, sort: [{ field: "createdAt", descending: false }] }),
    listProducts(context.core, { page: 1, limit: 8, sort: [{ field: "sold", descending: true }] }),
  ]);
  return { categories: categories.data, bestSellers: bestSellers.data };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <header className="mb-8 flex items-center justify-between">
        <h1 className="text-2xl font-bold tracking-tight">
          <Link to="/">shop</Link>
        </h1>
      </header>
      <section aria-labelledby="categories-title">
        <h2 id="categories-title" className="mb-4 text-lg font-semibold">
          CATEGORIES
        </h2>
        <ul className="flex flex-wrap gap-4">
          {loaderData.categories.map((c) => (
            <li key={c._id} className="flex w-24 flex-col items-center gap-2 text-center text-sm">
              <img
                src={c.image}
                alt=""
                width={96}
                height={96}
                className="size-24 rounded-full bg-gray-100 object-cover"
              />
              <span>{c.name}</span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="best-sellers-title" className="mt-10">
        <h2 id="best-sellers-title" className="mb-4 text-lg font-semibold">
          THE BEST SELLERS
        </h2>
        <ul className="grid grid-cols-2 gap-4 md:grid-cols-4">
          {loaderData.bestSellers.map((p) => (
            <li key={p._id} className="rounded-lg border border-gray-200 p-3 dark:border-gray-800">
              <img
                src={p.imageCover}
                alt={p.title}
                width={400}
                height={400}
                loading="lazy"
                className="aspect-square w-full rounded bg-gray-50 object-cover"
              />
              <p className="mt-2 line-clamp-2 text-sm font-medium">{p.title}</p>
              <p className="mt-1 text-sm font-semibold">{formatPrice(p.price ?? 0)}</p>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
