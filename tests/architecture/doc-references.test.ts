import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

// The repository explains itself: comments and documents cite `docs/…` files and decision records
// for the behaviour the code relies on. A citation whose file does not exist (lost in a merge,
// renamed) leaves a reader with nothing, so every one must resolve.

const ROOT = path.resolve(import.meta.dirname, "../..");
const FOLDERS = ["app", "bench", "contract", "core", "db", "demo", "docs", "scripts", "server", "tests"];
const FILES = ["README.md"];
const EXTENSIONS = new Set([".ts", ".tsx", ".md", ".css", ".sql", ".conf", ".json", ".mjs", ".js"]);
const CITATION = /\bdocs\/[A-Za-z0-9_./-]+?\.md\b/g;

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (EXTENSIONS.has(path.extname(entry.name)) && statSync(full).size < 2_000_000) yield full;
  }
}

it("every docs/… file the repository cites exists", () => {
  const missing: string[] = [];
  const files = [
    ...FOLDERS.filter((f) => existsSync(path.join(ROOT, f))).flatMap((f) => [
      ...sourceFiles(path.join(ROOT, f)),
    ]),
    ...FILES.map((f) => path.join(ROOT, f)),
  ];
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(CITATION)) {
      // A placeholder in a template ("docs/decisions/NNN-title.md") names no file.
      if (/NNN/.test(match[0])) continue;
      if (!existsSync(path.join(ROOT, match[0])))
        missing.push(`${path.relative(ROOT, file)} cites ${match[0]}`);
    }
  }
  expect([...new Set(missing)]).toEqual([]);
});
