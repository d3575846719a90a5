import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The import rules of the layout (core/README.md, docs/decisions/027-stock-module-and-core-layout.md),
// read from the import statements of every .ts/.tsx file: `#…` aliases resolved through package.json
// "imports", relative paths against the importing file. A rule that breaks names the imports that
// break it.

const ROOT = path.resolve(import.meta.dirname, "../..");
const SOURCE_FOLDERS = ["app", "bench", "contract", "core", "db", "demo", "scripts", "server", "tests"];

interface LayerRule {
  /** The files the rule is about: a path prefix from the repository root. */
  files: string;
  /** Targets they must not import: path prefixes, or package names. */
  forbidden?: string[];
  /** Or: the only targets they may import. */
  onlyAllowed?: string[];
  why: string;
}

/** One line per rule; a target is a repository path prefix ("server/") or a package name ("zod"). */
const LAYER_RULES: LayerRule[] = [
  { files: "core/", forbidden: ["server/", "app/"], why: "core is framework-free: the edges call it" },
  {
    files: "core/",
    forbidden: ["demo/"],
    why: "the demo generator sits above core: it imports what it generates",
  },
  {
    files: "db/",
    forbidden: ["core/", "demo/", "server/", "app/"],
    why: "db is schema, migrations and the client",
  },
  {
    files: "app/",
    forbidden: ["demo/"],
    why: "pages read the shop's data through core, never the generator",
  },
  {
    files: "core/cart/",
    forbidden: ["core/orders/", "core/checkout/"],
    why: "cart and orders meet in checkout/ and share stock/, never each other",
  },
  {
    files: "core/orders/",
    forbidden: ["core/cart/", "core/checkout/"],
    why: "cart and orders meet in checkout/ and share stock/, never each other",
  },
  {
    files: "contract/",
    onlyAllowed: ["contract/", "zod", "vitest"], // vitest: its unit tests sit beside it
    why: "the contract is shared by the browser, the server and core",
  },
];

/** The one folder of core that may import React: the mail templates, rendered to HTML on the server. */
const MAIL_TEMPLATES = "core/notifications/mail/";

/** Folders whose subfolders must not import each other in a cycle, and whose files must not either. */
const ACYCLIC_FOLDERS = ["core/"];

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory())
      return entry.name === "node_modules" || entry.name.startsWith(".") ? [] : sourceFiles(rel);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [rel] : [];
  });
}

const aliases = Object.entries(
  (JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { imports: Record<string, string> })
    .imports,
).map(([from, to]) => ({
  prefix: from.replace(/\*$/, ""),
  target: path.posix.normalize(to.replace(/\*$/, "")),
}));

/** What a specifier names: a repository path for project files, else the package's name. */
function resolveSpecifier(file: string, specifier: string): string {
  if (specifier.startsWith("."))
    return path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  const alias = aliases.find((a) => specifier.startsWith(a.prefix));
  if (alias) return path.posix.normalize(`${alias.target}${specifier.slice(alias.prefix.length)}`);
  return specifier;
}

/** The specifiers of a module's static imports, re-exports and dynamic imports. */
function importSpecifiers(source: string): string[] {
  // Comment lines are dropped first, so a comment quoting an import is not one.
  const code = source
    .split("\n")
    .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line))
    .join("\n");
  const patterns = [
    /^\s*(?:import|export)\s[^;]*?\sfrom\s*["']([^"']+)["']/gm,
    /^\s*import\s*["']([^"']+)["']/gm,
    /\bimport\(\s*["']([^"']+)["']\s*\)/g,
  ];
  return patterns.flatMap((pattern) => [...code.matchAll(pattern)].map((m) => m[1]!));
}

const imports = new Map(
  SOURCE_FOLDERS.flatMap(sourceFiles).map((file) => [
    file,
    importSpecifiers(readFileSync(path.join(ROOT, file), "utf8")).map((s) => resolveSpecifier(file, s)),
  ]),
);

const matches = (target: string, prefix: string) =>
  prefix.endsWith("/") ? target.startsWith(prefix) : target === prefix || target.startsWith(`${prefix}/`);

/** Imports that break a rule, as "file → target". */
function breaches(rule: LayerRule, graph: Map<string, string[]>): string[] {
  return [...graph].flatMap(([file, targets]) =>
    file.startsWith(rule.files)
      ? targets
          .filter((t) =>
            rule.onlyAllowed
              ? !rule.onlyAllowed.some((p) => matches(t, p))
              : (rule.forbidden ?? []).some((p) => matches(t, p)),
          )
          .map((t) => `${file} → ${t}`)
      : [],
  );
}

/** A cycle of the graph as "a → b → a", or undefined. */
function findCycle(graph: Map<string, Set<string>>): string | undefined {
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (node: string): string | undefined => {
    state.set(node, "open");
    stack.push(node);
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      if (state.get(next) === "open") return [...stack.slice(stack.indexOf(next)), next].join(" → ");
      if (!state.has(next)) {
        const cycle = visit(next);
        if (cycle) return cycle;
      }
    }
    stack.pop();
    state.set(node, "done");
    return undefined;
  };
  for (const node of [...graph.keys()].sort()) {
    if (!state.has(node)) {
      const cycle = visit(node);
      if (cycle) return cycle;
    }
  }
  return undefined;
}

/** The graph of `root`'s subfolders ("core/cart/"), from the imports of the files in them. */
function folderGraph(root: string, graph: Map<string, string[]>): Map<string, Set<string>> {
  const folderOf = (file: string) => {
    const rest = file.slice(root.length).split("/");
    return file.startsWith(root) && rest.length > 1 ? `${root}${rest[0]}/` : undefined;
  };
  const folders = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    const from = folderOf(file);
    if (!from) continue;
    const edges = folders.get(from) ?? new Set<string>();
    folders.set(from, edges);
    for (const target of targets) {
      const to = folderOf(target);
      if (to && to !== from) edges.add(to);
    }
  }
  return folders;
}

/** Per folder under `root`, the graph of its own files' imports of each other (tests left out). */
function fileGraphs(root: string, graph: Map<string, string[]>): Map<string, Set<string>> {
  const files = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    if (!file.startsWith(root) || /\.test\.tsx?$/.test(file)) continue;
    const folder = path.posix.dirname(file);
    files.set(file, new Set(targets.filter((t) => path.posix.dirname(t) === folder)));
  }
  return files;
}

describe("import rules", () => {
  it("reads the imports of the project's files", () => {
    expect(imports.size).toBeGreaterThan(100);
    expect(imports.get("core/cart/cart.ts")).toContain("core/stock/locks.ts");
  });

  for (const rule of LAYER_RULES) {
    it(`${rule.files} ${rule.onlyAllowed ? `imports only ${rule.onlyAllowed.join(", ")}` : `does not import ${rule.forbidden?.join(", ")}`} (${rule.why})`, () => {
      expect(breaches(rule, imports)).toEqual([]);
    });
  }

  for (const root of ACYCLIC_FOLDERS) {
    it(`no import cycle between the folders of ${root}`, () => {
      expect(findCycle(folderGraph(root, imports))).toBeUndefined();
    });
    it(`no import cycle between the files of one folder of ${root}`, () => {
      expect(findCycle(fileGraphs(root, imports))).toBeUndefined();
    });
  }

  // Mail is built from React components (docs/decisions/049-order-mail-templates.md), rendered to
  // strings on the server; React stays out of the rest of core, which is framework-free.
  it("core/ imports React and React Email only in core/notifications/mail/ (server-rendered mail templates)", () => {
    const reactPackages = ["react", "react-dom", "@react-email/components", "@react-email/render"];
    const outside = [...imports].filter(
      ([file]) => file.startsWith("core/") && !file.startsWith(MAIL_TEMPLATES),
    );
    const rule: LayerRule = { files: "core/", forbidden: reactPackages, why: "" };
    expect(breaches(rule, new Map(outside))).toEqual([]);
    expect(imports.get(`${MAIL_TEMPLATES}mail-layout.tsx`)).toContain("@react-email/components");
  });

  it("finds a cycle and names it", () => {
    const graph = new Map([
      ["core/cart/", new Set(["core/stock/", "core/orders/"])],
      ["core/orders/", new Set(["core/stock/", "core/cart/"])],
      ["core/stock/", new Set<string>()],
    ]);
    expect(findCycle(graph)).toBe("core/cart/ → core/orders/ → core/cart/");
  });
});
