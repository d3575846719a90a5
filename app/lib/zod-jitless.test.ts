import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// A fresh Node process, so zod is loaded after the module as in the browser, where
// app/root.tsx imports it first. `document` makes the process look like a page.
function runAsPage(script: string): string {
  return execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: fileURLToPath(new URL("../..", import.meta.url)),
    encoding: "utf8",
  }).trim();
}

describe("zod-jitless", () => {
  it("makes zod parse without probing for eval in a page", () => {
    const output = runAsPage(`
      globalThis.document = {};
      await import("./app/lib/zod-jitless.ts");
      let functionsBuilt = 0;
      globalThis.Function = new Proxy(Function, { construct(target, args) { functionsBuilt += 1; return Reflect.construct(target, args); } });
      const { z } = await import("zod");
      const parsed = z.object({ name: z.string(), size: z.number() }).parse({ name: "Shirt", size: 2 });
      console.log(JSON.stringify({ jitless: z.config().jitless, functionsBuilt, parsed }));
    `);
    expect(JSON.parse(output)).toEqual({
      jitless: true,
      functionsBuilt: 0,
      parsed: { name: "Shirt", size: 2 },
    });
  });

  it("leaves the server's compiled parsers alone", () => {
    const output = runAsPage(`
      await import("./app/lib/zod-jitless.ts");
      const { z } = await import("zod");
      console.log(JSON.stringify({ jitless: z.config().jitless ?? false }));
    `);
    expect(JSON.parse(output)).toEqual({ jitless: false });
  });
});
