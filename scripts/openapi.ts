import { writeFile } from "node:fs/promises";
import { buildOpenApiDocument } from "#server/api/openapi.ts";

// npm run openapi: writes docs/api/openapi.json from the zod schemas (a test keeps it current).
export const OPENAPI_FILE = "docs/api/openapi.json";

export function openApiText(): string {
  return `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await writeFile(OPENAPI_FILE, openApiText());
  console.log(`wrote ${OPENAPI_FILE}`);
}
