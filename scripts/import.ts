import { readFile } from "node:fs/promises";
import path from "node:path";
import { parseCatalogueCsv } from "#core/catalog/catalogue-csv.ts";
import { importCatalogue } from "#core/catalog/import.ts";
import { DomainError } from "#core/errors.ts";
import { loadConfigOrExit } from "#server/config.ts";
import { openShopDatabaseOrExit } from "#server/index.ts";
import { progressBar } from "./progress.ts";

// npm run import -- FILE.json | FILE.csv   (format: docs/catalogue-import.md)
const file = process.argv[2];
if (!file) {
  console.error("usage: npm run import -- FILE.json|FILE.csv");
  process.exit(2);
}
const text = await readFile(file, "utf8");
let input: unknown;
try {
  input = path.extname(file).toLowerCase() === ".csv" ? parseCatalogueCsv(text) : JSON.parse(text);
} catch (error) {
  console.error(`${file}: ${(error as Error).message}`);
  process.exit(1);
}

const handle = await openShopDatabaseOrExit(loadConfigOrExit());
const bar = progressBar("import");
try {
  const started = performance.now();
  const result = await importCatalogue(handle.db, input, {
    onProgress: (p) => bar.update(p.done, p.total, p.stage),
  });
  bar.done();
  console.log(
    `imported ${result.products} products (${result.sizes} sizes), ${result.categories} categories, ` +
      `${result.subcategories} subcategories, ${result.underSubcategories} under-subcategories, ` +
      `${result.brands} brands in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
} catch (error) {
  bar.done();
  if (error instanceof DomainError) {
    console.error(`${file}: nothing was imported.\n${error.message}`);
    process.exitCode = 1;
  } else throw error;
} finally {
  await handle.close();
}
