// npm run bench -- <name> [options]: the benchmark dispatcher. Each benchmark is imported only
// when asked for, so one benchmark's dependencies never slow down or break another.

interface Benchmark {
  description: string;
  run(argv: string[]): Promise<void>;
  usage: () => Promise<string>;
}

export const BENCHMARKS: Record<string, Benchmark> = {
  admin: {
    description:
      "The back office on PostgreSQL: an edit seen on another instance, a 10,000-product CSV import, the export of 100,000 products",
    run: async (argv) => (await import("./admin/index.ts")).runAdminBenchmark(argv),
    usage: async () => (await import("./admin/index.ts")).usage,
  },
  api: {
    description:
      "REST API throughput and latency over a seeded PostgreSQL catalogue, against DB and HTTP ceilings",
    run: async (argv) => (await import("./api/index.ts")).runApiBenchmark(argv),
    usage: async () => (await import("./api/index.ts")).usage,
  },
  "api-pair": {
    description:
      "Server CPU per API answer of this build and another checkout, loaded at once on the api bench's database",
    run: async (argv) => (await import("./api/paired.ts")).runPairedBenchmark(argv),
    usage: async () => (await import("./api/paired.ts")).usage,
  },
  "body-limit": {
    description:
      "Server memory while six clients each post 400 MB at once (JSON and page forms, with and without a declared length)",
    run: async (argv) => (await import("./body-limit.ts")).runBodyLimitBenchmark(argv),
    usage: async () => (await import("./body-limit.ts")).usage,
  },
  cache: {
    description:
      "The storefront's pages behind nginx's shared cache (docs/nginx/shop.conf) against the shop direct: req/s and hit ratio, visitor and signed-in",
    run: async (argv) => (await import("./cache.ts")).runCacheBenchmark(argv),
    usage: async () => (await import("./cache.ts")).usage,
  },
  cart: {
    description:
      "Add to cart over HTTP on PostgreSQL and PGlite: throughput without contention, and a rush of 500 buyers on the last 10 units",
    run: async (argv) => (await import("./cart.ts")).runCartBenchmark(argv),
    usage: async () => (await import("./cart.ts")).usage,
  },
  scale: {
    description:
      "Growth over 1k–1M products on PostgreSQL: list, search, detail, add-to-cart and the rendered pages, curves and 1M ÷ 1k",
    run: async (argv) => (await import("./scale/index.ts")).runScaleBenchmark(argv),
    usage: async () => (await import("./scale/index.ts")).usage,
  },
  web: {
    description:
      "Storefront pages in Chromium: gzip JS/CSS bytes per page and Lighthouse (mobile) scores, against budgets",
    run: async (argv) => (await import("./web/index.ts")).runWebBenchmark(argv),
    usage: async () => (await import("./web/index.ts")).usage,
  },
};

function listBenchmarks(): string {
  return Object.entries(BENCHMARKS)
    .map(([name, b]) => `  ${name.padEnd(8)} ${b.description}`)
    .join("\n");
}

const [requested, ...argv] = process.argv.slice(2);
const benchmark = requested ? BENCHMARKS[requested] : undefined;
if (!benchmark) {
  console.error(
    `${requested ? `unknown benchmark '${requested}'` : "no benchmark named"}; available:\n${listBenchmarks()}`,
  );
  console.error("usage: npm run bench -- <name> [options]   (--help after a name for its options)");
  process.exit(2);
}
if (argv.includes("--help")) {
  console.log(await benchmark.usage());
  process.exit(0);
}
try {
  await benchmark.run(argv);
  // Open handles (an idle keep-alive socket, a pool timer) must not keep a finished run alive.
  process.exit(0);
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
}
