import { NotFoundScreen, PAGE_NOT_FOUND } from "#app/components/route-error-boundary.tsx";

export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export function meta() {
  return [{ title: "Page not found — shop" }, { name: "robots", content: "noindex" }];
}

export function ErrorBoundary() {
  return <NotFoundScreen {...PAGE_NOT_FOUND} />;
}

export default function NotFound() {
  return null;
}
