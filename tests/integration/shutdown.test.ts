import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

let child: ChildProcess | undefined;
afterAll(() => {
  child?.kill("SIGKILL");
});

function start(): Promise<{ port: number; exited: Promise<number | null> }> {
  child = spawn(process.execPath, ["--import", "tsx", "tests/support/api-server.ts"], {
    env: {
      ...process.env,
      PORT: "0",
      SHOP_DATA_DIR: mkdtempSync(path.join(tmpdir(), "shop-shutdown-")),
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => child!.once("exit", (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    child!.stdout!.on("data", (chunk: Buffer) => {
      const match = chunk.toString().match(/listening (\d+)/);
      if (match) resolve({ port: Number(match[1]), exited });
    });
    child!.once("exit", (code) => reject(new Error(`server exited early with ${code}`)));
  });
}

describe("graceful shutdown", () => {
  it("finishes in-flight requests on SIGTERM, then exits 0", async () => {
    const { port, exited } = await start();
    const base = `http://127.0.0.1:${port}`;
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    // An image that is not cached yet takes a few hundred milliseconds to render: in flight on SIGTERM.
    const inFlight = fetch(`${base}/images/products/coat/teal/back-1200.avif`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    child!.kill("SIGTERM");
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    expect(await exited).toBe(0);
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    // The child seeds a fresh embedded shop and creates the job queue's tables before it listens:
    // on a busy machine that alone can take a minute.
  }, 180_000);
});
