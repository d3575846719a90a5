import { describe, expect, it } from "vitest";
import { railOrder } from "./home-rails.ts";

const item = (id: string, group: string, quantity: number) => ({ id, group, quantity });
const ids = (items: { id: string }[]) => items.map((i) => i.id);

describe("railOrder", () => {
  it("keeps one product per group, the first of each in stock, in the listing's order", () => {
    const listing = [
      item("sandal-red", "sandal", 0),
      item("sandal-blue", "sandal", 4),
      item("tee-white", "tee", 9),
      item("sandal-black", "sandal", 2),
      item("cap-navy", "cap", 1),
    ];
    expect(ids(railOrder(listing, (i) => i.group, 10))).toEqual(["sandal-blue", "tee-white", "cap-navy"]);
  });

  it("puts groups sold out in every colour last, and cuts to the limit", () => {
    const listing = [
      item("boot-brown", "boot", 0),
      item("boot-black", "boot", 0),
      item("scarf-teal", "scarf", 3),
      item("belt-black", "belt", 5),
    ];
    expect(ids(railOrder(listing, (i) => i.group, 10))).toEqual(["scarf-teal", "belt-black", "boot-brown"]);
    expect(ids(railOrder(listing, (i) => i.group, 2))).toEqual(["scarf-teal", "belt-black"]);
  });
});
