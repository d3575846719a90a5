import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { build, defineConfig, esmExternalRequirePlugin, type Plugin } from "vite";
import { precompressedAssets } from "./scripts/precompressed-assets.ts";

/** The back office's chart, loaded by a dynamic import (app/components/admin/sales/sales-chart-slot.tsx). */
const ADMIN_CHART = path.resolve("app/components/admin/sales/sales-chart.tsx");
/** What the chart shares with the page: React must be the page's one instance. */
const PAGE_REACT = ["react", "react/jsx-runtime"];

/**
 * Keeps the dashboard's chart from changing a single byte of a storefront page
 * (docs/decisions/051-sales-dashboard.md). Bundled with the app, Recharts shares small modules with
 * the storefront (clsx, use-sync-external-store, react-dom) and needs bundler helpers the storefront
 * does not (a namespace object for d3-scale): each shared module would move into a chunk of its own
 * and each helper into the chunk that holds the bundler's runtime, so every storefront page would
 * load another file and a changed one. Instead, in the client build, the chart module is first
 * bundled on its own, everything but React inside it, with its own helpers, and the app's build
 * takes that one module, which imports only React, as the chart. Its copy of react-dom serves only
 * Recharts' createPortal, which builds a plain element and reads none of react-dom's state.
 */
function prebundledAdminChart(): Plugin {
  return {
    name: "shop:prebundled-admin-chart",
    apply: "build",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    async load(id) {
      if (id !== ADMIN_CHART) return null;
      const result = await build({
        configFile: false,
        root: path.resolve("."),
        publicDir: false,
        logLevel: "warn",
        define: { "process.env.NODE_ENV": JSON.stringify("production") },
        // CommonJS inside (react-dom, use-sync-external-store) requires React: as imports of it.
        plugins: [esmExternalRequirePlugin({ external: PAGE_REACT })],
        build: {
          write: false,
          minify: false,
          lib: { entry: ADMIN_CHART, formats: ["es"], fileName: "sales-chart" },
        },
      });
      const output = (Array.isArray(result) ? result[0] : result) as { output: { code?: string }[] };
      const code = output.output[0]?.code;
      if (!code) throw new Error("the admin chart's bundle came out empty");
      return { code, moduleType: "js" };
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), prebundledAdminChart(), precompressedAssets()],
});
