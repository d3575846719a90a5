import { createHash, randomBytes } from "node:crypto";

/** A new random id: 24 lowercase hex characters, the `_id` shape clients expect. */
export function newId(): string {
  return randomBytes(12).toString("hex");
}

/** A stable id derived from a key, so a seeded or re-imported record keeps its id. */
export function stableId(...parts: string[]): string {
  return createHash("sha256").update(parts.join("\u0000")).digest("hex").slice(0, 24);
}

export const ID_PATTERN = /^[0-9a-f]{24}$/;
