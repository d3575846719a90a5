import { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import { describe, expect, it } from "vitest";
import { deferHydration, deferHydrationStream, HYDRATION_STARTER } from "./deferred-hydration.server.ts";

const HEAD =
  '<html><head><link rel="modulepreload" href="/assets/a.js"/><link rel="stylesheet" href="/x.css"/></head>';
const MODULE =
  '<script type="module" async="">;\nimport * as route0 from "/assets/root.js";\nwindow.x = 1;</script>';
const DOC = `${HEAD}<body><p>Café ☕</p>${MODULE}<script>window.__reactRouterContext.streamController.close();</script></body></html>`;

/** The document as the client reads it: the bytes of every piece, then decoded. */
async function run(chunks: Buffer[]): Promise<string> {
  const out: Buffer[] = [];
  for await (const piece of Readable.from(chunks).pipe(deferHydrationStream())) out.push(piece);
  return Buffer.concat(out).toString("utf8");
}

describe("deferHydration", () => {
  it("drops the modulepreloads and turns the module script into text run by the starter", () => {
    const html = deferHydration(DOC)!;
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain('<link rel="stylesheet" href="/x.css"/>');
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain(
      '<script type="text/plain" id="shop-entry" data-preload="/assets/a.js">;\nimport * as route0 from "/assets/root.js";\nwindow.x = 1;</script>',
    );
    expect(html).toContain(`<script>${HYDRATION_STARTER}</script>`);
    expect(html).toContain("streamController.close()");
  });

  it("keeps the nonce: nonced preloads are held back, the starter carries it (decision 023)", () => {
    const nonced = DOC.replace(
      '<link rel="modulepreload" href="/assets/a.js"/>',
      '<link rel="modulepreload" href="/assets/a.js" nonce="abc+/="/>',
    ).replace('<script type="module" async="">', '<script nonce="abc+/=" type="module" async="">');
    const html = deferHydration(nonced)!;
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toContain('<script nonce="abc+/=" type="module"');
    expect(html).toContain('id="shop-entry" data-preload="/assets/a.js">');
    expect(html).toContain(`<script nonce="abc+/=">${HYDRATION_STARTER}</script>`);
  });

  it("leaves a document without the module script alone", () => {
    expect(deferHydration("<html><body>hi</body></html>")).toBeUndefined();
  });
});

describe("deferHydrationStream", () => {
  it("gives the same document however the bytes are split, multi-byte characters included", async () => {
    const bytes = Buffer.from(DOC);
    const expected = deferHydration(DOC);
    for (const size of [1, 3, 7, 64, bytes.length]) {
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      expect(await run(chunks)).toBe(expected);
    }
  });

  it("sends each burst React ends with flush() as one chunk", async () => {
    const stream = deferHydrationStream();
    const out: string[] = [];
    stream.on("data", (piece) => out.push(String(piece)));
    const bytes = Buffer.from(DOC);
    for (let i = 0; i < bytes.length; i += 16) stream.write(bytes.subarray(i, i + 16));
    stream.flush();
    stream.write(Buffer.from("<script>late()</script>"));
    stream.write(Buffer.from("<script>later()</script>"));
    stream.flush();
    stream.end();
    await finished(stream);
    expect(out).toEqual([deferHydration(DOC), "<script>late()</script><script>later()</script>"]);
  });

  it("sends the bytes of a character split between two bursts as they came", async () => {
    const late = "<script>title('Café ☕ 𝄞')</script>";
    const stream = deferHydrationStream();
    const out: Buffer[] = [];
    stream.on("data", (piece: Buffer) => out.push(piece));
    stream.write(Buffer.from(DOC));
    stream.flush();
    for (const byte of Buffer.from(late)) {
      stream.write(Buffer.from([byte]));
      stream.flush();
    }
    stream.end();
    await finished(stream);
    expect(Buffer.concat(out).toString("utf8")).toBe(deferHydration(DOC) + late);
    expect(out.length).toBeGreaterThan(2);
  });

  it("passes a document it does not recognise through unchanged", async () => {
    const other = "<html><body>no scripts here ☕</body></html>";
    expect(await run([Buffer.from(other.slice(0, 10)), Buffer.from(other.slice(10))])).toBe(other);
  });
});
