import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import type { ImageStore } from "#core/ports/image-store.ts";

const CONTENT_TYPES: Record<string, string> = { ".webp": "image/webp", ".avif": "image/avif" };

/** Keys are relative paths of plain segments: no `..`, no absolute path, nothing outside `root`. */
const SAFE_KEY = /^[a-z0-9][a-z0-9_-]*(?:\/[a-z0-9][a-z0-9_-]*)*\.[a-z0-9]+$/;

function fileOf(root: string, key: string): string {
  if (!SAFE_KEY.test(key)) throw new Error(`image store: refused key ${JSON.stringify(key.slice(0, 100))}`);
  return path.join(root, key);
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException)?.code === "ENOENT";

/**
 * Images as files under `root` (`${SHOP_DATA_DIR}/media`), for one instance or several sharing a
 * disk. Written to a temporary name and renamed into place, so a reader (this instance or another)
 * never sees a partial file. The content type is the key's extension: every key the shop stores
 * names its format.
 */
export function createLocalImageStore(root: string): ImageStore {
  return {
    async put(key, bytes) {
      const file = fileOf(root, key);
      const tmp = `${file}.${process.pid}.${randomUUID()}.tmp`;
      await mkdir(path.dirname(file), { recursive: true });
      try {
        await writeFile(tmp, bytes);
        await rename(tmp, file);
      } catch (error) {
        await unlink(tmp).catch(() => {});
        throw error;
      }
    },
    async get(key) {
      const file = fileOf(root, key);
      try {
        const bytes = await readFile(file);
        return {
          bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
          contentType: CONTENT_TYPES[path.extname(key)] ?? "application/octet-stream",
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await unlink(fileOf(root, key)).catch((error: unknown) => {
        if (!isMissing(error)) throw error;
      });
    },
    publicUrl: (key) => `/media/${key}`,
  };
}
