import { index, type RouteConfig, route } from "@react-router/dev/routes";

// The back office (docs/back-office.md): one frame, a page per section.
const adminRoutes = [index("routes/admin._index.tsx"), route("account", "routes/admin.account.tsx")];

export default [
  index("routes/home.tsx"),
  route("search/:searchValue?", "routes/search.tsx"),
  route("product/:productId", "routes/product.$productId.tsx"),
  route("auth/log-in", "routes/auth.log-in.tsx"),
  route("auth/sign-up", "routes/auth.sign-up.tsx"),
  route("auth/forgot-password", "routes/auth.forgot-password.tsx"),
  route("auth/log-out", "routes/auth.log-out.ts"),
  route("auth/set-password", "routes/auth.set-password.tsx"),
  route("customer/email-verification", "routes/customer.email-verification.tsx"),
  route("customer/add-phone-number", "routes/customer.add-phone-number.tsx"),
  route("customer/profile", "routes/customer.profile.tsx"),
  route("customer/shopping-cart", "routes/customer.shopping-cart.tsx"),
  route("checkout/test/:sessionId", "routes/checkout.test.$sessionId.tsx"),
  route("customer/favorites", "routes/customer.favorites.tsx"),
  route("customer/favorites/toggle", "routes/customer.favorites.toggle.ts"),
  route("customer/orders", "routes/customer.orders.tsx"),
  route("customer/orders/:orderId", "routes/customer.orders.$orderId.tsx"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("sitemap/:part", "routes/sitemap.$part.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("admin", "routes/admin.tsx", adminRoutes),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
