// The scale benchmark's seed, in its own process so its peak memory (maxRSS) is the seed's alone:
// `node --import tsx bench/scale/seed-child.ts` with BENCH_SCALE_URL (an empty, created database)
// and BENCH_SCALE_PRODUCTS. Migrates, seeds the demo catalogue (seed 1) and prints one line
// `seeded {"seconds":…,"maxRssMiB":…}` for the parent.
import { openDatabase } from "#db/client.ts";
import { seedDemoShop } from "#demo/seed.ts";

const url = process.env.BENCH_SCALE_URL;
const products = Number(process.env.BENCH_SCALE_PRODUCTS);
if (!url || !Number.isInteger(products) || products < 1)
  throw new Error("BENCH_SCALE_URL and BENCH_SCALE_PRODUCTS must be set");

const handle = await openDatabase({ url, poolSize: 4 });
try {
  await handle.migrate();
  const started = performance.now();
  let last = "";
  await seedDemoShop(handle.db, {
    products,
    seed: 1, // every run and every size measure the same generator
    onProgress: ({ stage, done, total }) => {
      const step = total === 0 ? 10 : Math.floor((done / total) * 10);
      const report = `${stage}:${step}`;
      if (report === last) return;
      last = report;
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(
        `  seed ${stage.padEnd(10)} ${String(step * 10).padStart(3)}% (${done}/${total}) ${seconds} s`,
      );
    },
  });
  const seconds = (performance.now() - started) / 1000;
  // maxRSS is in KiB: the peak resident memory of this process over the migration and the seed.
  const maxRssMiB = process.resourceUsage().maxRSS / 1024;
  console.log(`seeded ${JSON.stringify({ seconds, maxRssMiB })}`);
} finally {
  await handle.close();
}
