import { writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

// The client build's files, compressed once at build time at the highest levels, written beside
// each file as `.br` and `.gz`; the server sends them as they are (server/app.ts, serveStatic's
// `precompressed`). Compressing on each request cost the server CPU on every page view, at lower
// levels, and a small file went out as it was (docs/decisions/058-precompressed-assets-and-server-built-json-ld.md).

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|webmanifest)$/;
const brotli = promisify(brotliCompress);
const gzipOnce = promisify(gzip);

/** Writes `file.br` and `file.gz` beside each compressible file of the client build, when smaller than the file. */
export function precompressedAssets(): Plugin {
  return {
    name: "shop:precompressed-assets",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      await Promise.all(
        Object.values(bundle)
          .filter((item) => COMPRESSIBLE.test(item.fileName))
          .map(async (item) => {
            const raw = Buffer.from(item.type === "chunk" ? item.code : item.source);
            const file = path.join(dir, item.fileName);
            const [br, gz] = await Promise.all([
              brotli(raw, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength,
                },
              }),
              gzipOnce(raw, { level: constants.Z_BEST_COMPRESSION }),
            ]);
            // A tiny file can come out larger; the server then sends the file itself.
            if (br.byteLength < raw.byteLength) await writeFile(`${file}.br`, br);
            if (gz.byteLength < raw.byteLength) await writeFile(`${file}.gz`, gz);
          }),
      );
    },
  };
}
