import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/** s3rver's fixed credentials: it checks the signature, and these are the keys it signs with. */
export const S3RVER_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export interface S3TestServer {
  /** `http://127.0.0.1:<port>`, the S3_ENDPOINT. */
  endpoint: string;
  bucket: string;
  /** Where the bucket's objects are on disk: `<directory>/<bucket>/<key>._S3rver_object`. */
  directory: string;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server on loopback (s3rver, objects in a temporary directory) with one
 * bucket, on a free port: what the S3 image store is tested against.
 */
export async function startS3Server(bucket = "shop-media"): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(tmpdir(), "shop-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const address = await server.run();
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket,
    directory,
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
