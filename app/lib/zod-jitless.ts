/**
 * zod decides whether to compile its object parsers by probing `new Function("")`, once, when the
 * first object schema is built. The Content-Security-Policy allows no eval
 * (docs/decisions/023-security-headers.md), so in the browser that probe is a reported violation:
 * there it parses without compiling (fast enough for a page's forms). Imported first by
 * app/root.tsx, so it runs before any module builds a schema. The server keeps compiled parsers.
 *
 * zod keeps its settings in `globalThis.__zod_globalConfig` and adopts an object already there
 * (`??=`), so the flag is set on that object rather than through `config()`: importing `config`
 * would put zod's core (4 kB gzip) into every page's first script, for pages that build no schema.
 * tests/unit/zod-jitless.test.ts holds zod to that; every end-to-end story fails on a CSP report.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
if (typeof document !== "undefined") {
  holder.__zod_globalConfig ??= {};
  holder.__zod_globalConfig.jitless = true;
}
