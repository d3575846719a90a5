import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { OPENAPI_FILE, openApiText } from "./openapi.ts";

describe("docs/api/openapi.json", () => {
  it("is the document the server publishes (run `npm run openapi` after changing a schema)", async () => {
    expect(await readFile(OPENAPI_FILE, "utf8")).toBe(openApiText());
  });
});
