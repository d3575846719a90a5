import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("search/:searchValue?", "routes/search.tsx"),
  route("product/:productId", "routes/product.$productId.tsx"),
  route("auth/log-out", "routes/auth.log-out.ts"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("sitemap/:part", "routes/sitemap.$part.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
