import { describe, expect, it } from "vitest";
import { csvCell, csvLine, spreadsheetText } from "./csv.ts";

describe("csvCell", () => {
  it("quotes only what RFC 4180 needs quoted", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell(12)).toBe("12");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(null)).toBe("");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell(" edge")).toBe('" edge"');
    expect(csvLine(["a", 1, undefined])).toBe("a,1,\r\n");
  });
});

describe("spreadsheetText", () => {
  it("turns what a spreadsheet would run into text with a leading quote", () => {
    for (const formula of ["=1+1", "+212600000000", "-2", "@SUM(A1)", "\t=1", "\r=1"]) {
      expect(spreadsheetText(formula), JSON.stringify(formula)).toBe(`'${formula}`);
    }
  });

  it("leaves other text as it is", () => {
    expect(spreadsheetText("amina@example.test")).toBe("amina@example.test");
    expect(spreadsheetText("SPRING10")).toBe("SPRING10");
    expect(spreadsheetText("a=b")).toBe("a=b");
    expect(spreadsheetText(null)).toBe("");
    expect(spreadsheetText("")).toBe("");
  });
});
