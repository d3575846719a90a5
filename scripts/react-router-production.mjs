// A module resolution hook (node:module register) for the production server: `react-router` names
// only its development build in every condition of its package exports (dist/production is reached
// by none), so the server, its page build and @react-router/node would all run the development
// build. This points each import of the package at the production build beside it, one copy for
// all of them (docs/decisions/056-scale-queries-and-page-render.md). Registered by scripts/start.ts
// when NODE_ENV is production.
export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (specifier === "react-router" || specifier.startsWith("react-router/")) {
    return {
      ...resolved,
      url: resolved.url.replace("/react-router/dist/development/", "/react-router/dist/production/"),
    };
  }
  return resolved;
}
