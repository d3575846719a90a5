import { describe, expect, it } from "vitest";
import { changedFields, shownTime, shownValue } from "./audit-trail.tsx";

describe("changedFields", () => {
  it("lists only the fields whose values differ, before and after", () => {
    expect(
      changedFields(
        { title: "Shirt", price: 1000, sizes: [{ size: "S" }] },
        { title: "Shirt", price: 1200, sizes: [{ size: "S" }, { size: "M" }] },
      ),
    ).toEqual([
      { field: "price", before: 1000, after: 1200 },
      { field: "sizes", before: [{ size: "S" }], after: [{ size: "S" }, { size: "M" }] },
    ]);
  });

  it("lists every field of a creation and of a removal", () => {
    expect(changedFields(null, { code: "SAVE10" })).toEqual([
      { field: "code", before: undefined, after: "SAVE10" },
    ]);
    expect(changedFields({ code: "SAVE10" }, null)).toEqual([
      { field: "code", before: "SAVE10", after: undefined },
    ]);
  });

  it("treats a value that is not an object as one field", () => {
    expect(changedFields(5, 7)).toEqual([{ field: "value", before: 5, after: 7 }]);
    expect(changedFields({ a: 1 }, { a: 1 })).toEqual([]);
  });
});

describe("shownValue and shownTime", () => {
  it("shows text as it is, the rest as JSON, long values cut, a missing one as a dash", () => {
    expect(shownValue("red")).toBe("red");
    expect(shownValue({ a: 1 })).toBe('{"a":1}');
    expect(shownValue(undefined)).toBe("—");
    expect(shownValue("x".repeat(500))).toHaveLength(160);
  });

  it("writes a time the same everywhere, in UTC", () => {
    expect(shownTime("2026-11-25T14:03:09.000Z")).toBe("2026-11-25 14:03 UTC");
  });
});
