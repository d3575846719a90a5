import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type RunningChild, startChild } from "../lib/child.ts";
import { sleep } from "../lib/stats.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
/** The first start on an empty data directory migrates and seeds the demo catalogue. */
const START_TIMEOUT_MS = 10 * 60_000;
const READY_TIMEOUT_MS = 60_000;
/** scripts/start.ts prints `  shop is running at http://localhost:PORT` once it listens. */
const RUNNING = /shop is running at (https?:\/\/\S+)/;

/**
 * `npm run build`: the production build the server then serves, so the figures always match the code.
 * The output is kept and shown only if the build fails (Vite lists every asset).
 */
export async function buildStorefront(): Promise<number> {
  const started = performance.now();
  const output: string[] = [];
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn("npm", ["run", "build"], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    child.once("error", reject);
    child.once("exit", (exitCode) => resolve(exitCode));
  });
  if (code !== 0) {
    console.error(output.join(""));
    throw new Error(`npm run build failed (exit code ${code})`);
  }
  return (performance.now() - started) / 1000;
}

/**
 * The shop as deployed: `scripts/start.ts` (production mode, the build just made) in a child process,
 * on PGlite in `dataDir` (unless `env` names a DATABASE_URL) so an empty directory gets the demo catalogue. Only the variables set here
 * count: every one that could point the server elsewhere is blanked, so a developer's `.env` cannot
 * change what is measured.
 */
export async function startWebServer(
  dataDir: string,
  port: number,
  /** Overrides after the defaults: the scale benchmark points DATABASE_URL at its PostgreSQL catalogue. */
  env: Record<string, string> = {},
): Promise<RunningChild> {
  const server = await startChild(
    path.join(ROOT, "scripts", "start.ts"),
    {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      SHOP_DATA_DIR: dataDir,
      DATABASE_URL: "",
      REDIS_URL: "",
      SMTP_URL: "",
      PUBLIC_URL: "",
      PAYMENT_PROVIDER: "builtin",
      SMS_PROVIDER: "builtin",
      ALLOW_BUILTIN_PROVIDERS: "true",
      JWT_SECRET: "bench-only-secret-bench-only-secret-0123",
      RATE_LIMIT_PER_MINUTE: "0",
      LOG_LEVEL: "warn",
      ...env,
    },
    "web-server",
    { listening: RUNNING, startTimeoutMs: START_TIMEOUT_MS },
  );
  // The banner names localhost; the server listens on IPv4 only, so never let a client try ::1.
  const url = new URL(server.url);
  url.hostname = "127.0.0.1";
  const base = url.origin;
  try {
    await waitForReady(base);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return { ...server, url: base };
}

/**
 * Throws unless the server still runs and answers `/readyz`: figures taken against a server that died
 * half-way (a crash, or a process killed from outside) must never be reported as the page's.
 */
export async function assertServerUp(server: RunningChild): Promise<void> {
  const exited = server.exitStatus();
  if (exited) throw new Error(`the shop server exited during the benchmark (${exited}); no results written`);
  try {
    const response = await fetch(`${server.url}/readyz`, { signal: AbortSignal.timeout(10_000) });
    await response.arrayBuffer();
    if (response.ok) return;
    throw new Error(`status ${response.status}`);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`the shop server stopped answering /readyz (${reason}); no results written`);
  }
}

async function waitForReady(base: string): Promise<void> {
  const deadline = performance.now() + READY_TIMEOUT_MS;
  let last = "no answer";
  while (performance.now() < deadline) {
    try {
      const response = await fetch(`${base}/readyz`);
      await response.arrayBuffer();
      if (response.ok) return;
      last = `status ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await sleep(250);
  }
  throw new Error(`${base}/readyz did not answer 200 within ${READY_TIMEOUT_MS / 1000} s (${last})`);
}
