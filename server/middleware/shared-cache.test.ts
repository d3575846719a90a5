import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { widthRange } from "#app/lib/breakpoints.ts";
import { readViewportWidth } from "#app/lib/cookies.server.ts";
import { inlineScriptHashes, isPersonalRequest, isSharedPageRequest, weakEtag } from "./shared-cache.ts";

// docs/nginx/shop.conf keys the search pages by the `vw` cookie's width range; the shop reads the
// same cookie for their page size. Both readings must agree for every value a cookie may hold, or a
// page of one size could be cached under another range's key (docs/decisions/054-shared-cache.md).

/** The `map $cookie_vw $shop_width_range` of the documented config: its regexes in order, and the default. */
function nginxWidthMap(): { rules: [RegExp, string][]; fallback: string } {
  const conf = readFileSync(path.resolve("docs/nginx/shop.conf"), "utf8");
  const block = conf.match(/map \$cookie_vw \$shop_width_range \{([\s\S]*?)\n\}/)?.[1];
  if (!block) throw new Error("docs/nginx/shop.conf has no map for $cookie_vw");
  const rules: [RegExp, string][] = [];
  let fallback = "";
  for (const line of block.split("\n").map((l) => l.trim())) {
    const rule = line.match(/^"~([^"]+)"\s+(\w+);$/);
    if (rule) rules.push([new RegExp(rule[1]!), rule[2]!]);
    const otherwise = line.match(/^default\s+(\w+);$/);
    if (otherwise) fallback = otherwise[1]!;
  }
  return { rules, fallback };
}

function nginxRange(cookie: string | undefined): string {
  const { rules, fallback } = nginxWidthMap();
  if (cookie === undefined) return fallback;
  return rules.find(([re]) => re.test(cookie))?.[1] ?? fallback;
}

const shopRange = (cookie: string | undefined) =>
  `w${widthRange(readViewportWidth(new Request("http://shop.test/", { headers: cookie === undefined ? {} : { cookie: `vw=${cookie}` } })))}`;

describe("the viewport cookie in nginx's cache key", () => {
  it("falls in the same width range for nginx and for the shop, for every width and odd value", () => {
    const values: (string | undefined)[] = [
      undefined,
      "",
      "0",
      "00",
      "0640",
      "%36%34%30",
      "1e3",
      "0x400",
      " 800",
    ];
    values.push("-1", "1.5", "100000", "99999", "abc", "12345678");
    for (let w = 1; w <= 2100; w++) values.push(String(w));
    for (const w of [9_999, 10_000, 54_321, 99_999]) values.push(String(w));
    for (const value of values) expect(nginxRange(value), `vw=${value}`).toBe(shopRange(value));
  });
});

describe("shareable requests", () => {
  const req = (url: string, init: RequestInit = {}) => new Request(`http://shop.test${url}`, init);

  it("a session cookie or an Authorization header makes a request personal; other cookies do not", () => {
    expect(isPersonalRequest(req("/", { headers: { cookie: "theme=dark; vw=400; shop_device=x" } }))).toBe(
      false,
    );
    expect(isPersonalRequest(req("/", { headers: { cookie: "theme=dark; JWTToken=abc" } }))).toBe(true);
    expect(isPersonalRequest(req("/", { headers: { cookie: "JWTToken=" } }))).toBe(false);
    expect(isPersonalRequest(req("/", { headers: { authorization: "Bearer x" } }))).toBe(true);
  });

  it("only a visitor's GET or HEAD outside the personal pages", () => {
    for (const page of [
      "/",
      "/search",
      "/search/shirt?page=2",
      "/product/abc",
      "/product/abc.data",
      "/no/such",
    ])
      expect(isSharedPageRequest(req(page)), page).toBe(true);
    for (const page of [
      "/admin",
      "/admin.data",
      "/admin/products",
      "/customer/favorites",
      "/auth/log-in",
      "/checkout/test/1",
    ])
      expect(isSharedPageRequest(req(page)), page).toBe(false);
    expect(isSharedPageRequest(req("/", { method: "POST" }))).toBe(false);
    expect(isSharedPageRequest(req("/", { method: "HEAD" }))).toBe(true);
  });
});

describe("hashes and tags", () => {
  it("hashes each inline script's text as the browser does, never one with a src", () => {
    const html =
      '<script>a()</script><script src="/x.js"></script><script type="text/plain" id="e">import("/y")</script><script>a()</script>';
    expect(inlineScriptHashes(new TextEncoder().encode(html))).toEqual([
      "'sha256-qVpDBgj7bpq5hMAcGp3AOc79J3Y1Z4HvySTwKrWDoy4='",
      "'sha256-m4hqAcpaiXOxG4rz6p22+VjeR2RJkm0maeQ/Pw/juho='",
    ]);
  });

  it("hashes a script's text as UTF-8, multi-byte characters and all", () => {
    const text = 'title("Café — ☕ 𝄞")';
    const sha = createHash("sha256").update(text, "utf8").digest("base64");
    // ठ ends in the byte 0xA0, which is whitespace (\s) if read alone: this script has no src.
    const html = `<p>… ☕</p><script>${text}</script><script data-x="ठsrc=">b()</script><script src="/x.js"></script>`;
    expect(inlineScriptHashes(new TextEncoder().encode(html))).toEqual([
      `'sha256-${sha}'`,
      `'sha256-${createHash("sha256").update("b()").digest("base64")}'`,
    ]);
  });

  it("tags equal bodies alike and different ones apart", () => {
    const a = weakEtag(new TextEncoder().encode("one"));
    expect(a).toMatch(/^W\/"[\w-]{27}"$/);
    expect(weakEtag(new TextEncoder().encode("one"))).toBe(a);
    expect(weakEtag(new TextEncoder().encode("two"))).not.toBe(a);
  });
});
