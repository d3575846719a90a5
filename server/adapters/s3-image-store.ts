import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { ImageStore } from "#core/ports/image-store.ts";

export interface S3ImageStoreOptions {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where browsers fetch the bucket's objects (a CDN or the bucket's public address); unset: the shop's /media/. */
  publicUrl?: string;
}

/** What every stored image is sent with: its key never holds other bytes (docs/decisions/045-image-store.md). */
const CACHE_CONTROL = "public, max-age=31536000, immutable";

/**
 * Images in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Ceph, s3rver in the tests), so
 * every instance sees every upload. Path-style addressing (`endpoint/bucket/key`): the style every
 * S3-compatible server answers, without a DNS name per bucket. A PUT is atomic on S3: a reader sees
 * the whole object or none.
 */
export function createS3ImageStore(options: S3ImageStoreOptions): ImageStore {
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: true,
    // Checksums only where S3 requires them: several S3-compatible servers refuse or mishandle the
    // SDK's default CRC headers on every request.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
  });
  const Bucket = options.bucket;
  const publicBase = options.publicUrl?.replace(/\/+$/, "");
  return {
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          CacheControl: CACHE_CONTROL,
        }),
      );
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) return null;
        return {
          bytes: await object.Body.transformToByteArray(),
          contentType: object.ContentType ?? "application/octet-stream",
        };
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
        throw error;
      }
    },
    async delete(key) {
      // S3 answers a removal of a missing key with success too.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    publicUrl: (key) => (publicBase ? `${publicBase}/${key}` : `/media/${key}`),
    close: () => client.destroy(),
  };
}
