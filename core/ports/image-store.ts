/**
 * Where uploaded images are kept (docs/decisions/045-image-store.md): files under SHOP_DATA_DIR by
 * default (server/adapters/local-image-store.ts), or an S3-compatible bucket shared by every
 * instance (server/adapters/s3-image-store.ts). Keys are relative paths (`products/<id>/<photo>.webp`)
 * that the caller has already checked; what is stored under a key never changes.
 */
export interface ImageStore {
  /** Stores `bytes` under `key`; a reader never sees a partly written object. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The object, or null when there is none. */
  get(key: string): Promise<StoredImage | null>;
  /** Removes the object; removing one that is not there is no error. */
  delete(key: string): Promise<void>;
  /** The URL pages and API answers show: `/media/<key>` (served by the shop) or the bucket's own. */
  publicUrl(key: string): string;
  close?(): void;
}

export interface StoredImage {
  bytes: Uint8Array;
  contentType: string;
}
