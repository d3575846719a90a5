import { config } from "zod";

/**
 * zod decides whether to compile its object parsers by probing `new Function("")`, once, when the
 * first object schema is built. The Content-Security-Policy allows no eval
 * (docs/decisions/023-security-headers.md), so in the browser that probe is a reported violation:
 * there it parses without compiling (fast enough for a page's forms). Imported first by
 * app/root.tsx, so it runs before any module builds a schema. The server keeps compiled parsers.
 */
if (typeof document !== "undefined") config({ jitless: true });
