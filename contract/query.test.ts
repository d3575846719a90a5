import { describe, expect, it } from "vitest";
import { productListQuery } from "./catalog.ts";
import { readQuery } from "./query.ts";

const parse = (qs: string) => productListQuery.safeParse(readQuery(new URLSearchParams(qs)));

describe("query strings", () => {
  it("reads repeated, bracketed and comma-separated values", () => {
    const record = readQuery(new URLSearchParams("brand=a&brand[]=b&page=2"));
    expect(record.brand).toEqual(["a", "b"]);
    expect(record.page).toEqual(["2"]);
  });

  it("keeps __proto__ a plain key", () => {
    const record = readQuery(new URLSearchParams("__proto__=x&page=1"));
    expect(Object.getPrototypeOf(record)).toBeNull();
    expect(parse("__proto__=x&limit=3").data?.limit).toBe(3);
  });

  it("converts and defaults values", () => {
    const ok = parse("page=2&limit=10&sort=-sold,price&price[gte]=9.5&fields= title ,\nsave");
    expect(ok.success).toBe(true);
    expect(ok.data).toMatchObject({
      page: 2,
      limit: 10,
      sort: [
        { field: "sold", descending: true },
        { field: "price", descending: false },
      ],
      "price[gte]": 9.5,
      // `save` is the original back end's name for the favorite marker (docs/decisions/025-api-fidelity.md).
      fields: ["title", "isFavorite"],
    });
    expect(parse("").data).toMatchObject({ page: 1, limit: 50 });
  });

  it("names the parameter in every message", () => {
    expect(parse("page=0").error?.issues[0]?.message).toBe("page must be a whole number from 1 to 1000000");
    expect(parse("limit=1&limit=2").error?.issues[0]?.message).toBe("limit must be given once");
    expect(parse("brand=nope").error?.issues[0]?.message).toBe("brand must be a list of ids");
    expect(parse("price[lte]=-1").error?.issues[0]?.message).toBe(
      "price[lte] must be a number from 0 to 1000000",
    );
  });
});
