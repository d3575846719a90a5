// npm run bench -- body-limit: what six clients posting 400 MB each at once cost the server in
// memory. The limits (server/middleware/request-input.ts) refuse a body over 64 KB before reading it:
// by its declared length at once, or counted as it streams when it has none. The server's resident
// memory is sampled every 10 ms while the posts run, and its peak (VmHWM, reset just before) read
// from /proc after them.

import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { positiveInt } from "./lib/args.ts";
import { startChild } from "./lib/child.ts";
import { type Budget, budgetsTable, hostMachine, markdownTable } from "./lib/report.ts";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const RESULTS_DIR = path.join(HERE, "results");
const CHUNK = Buffer.alloc(64 * 1024, "a");

export const usage = `npm run bench -- body-limit [--clients N] [--megabytes M]

Starts the real server (bench/api/api-server.ts, API only, PGlite in a temporary directory) and,
for each way a body can arrive (JSON with a declared length, JSON streamed without one, a page form
streamed without one), has N clients (default 6) each post M MB (default 400) at once. Records the
server's resident memory before, its peak during the posts, and each client's answer.
Budget: peak resident memory stays within 64 MB of the idle server's.`;

interface Variant {
  name: string;
  path: string;
  headers: (bytes: number) => Record<string, string>;
}

const VARIANTS: Variant[] = [
  {
    name: "JSON, declared length",
    path: "/api/v1/auth/login",
    headers: (bytes) => ({ "content-type": "application/json", "content-length": String(bytes) }),
  },
  {
    name: "JSON, no length (chunked)",
    path: "/api/v1/auth/login",
    headers: () => ({ "content-type": "application/json", "transfer-encoding": "chunked" }),
  },
  {
    name: "page form, no length (chunked)",
    path: "/auth/log-in",
    headers: () => ({ "content-type": "application/x-www-form-urlencoded", "transfer-encoding": "chunked" }),
  },
];

interface Outcome {
  status: number | string;
  sentMB: number;
  ms: number;
}

/** One client: sends up to `bytes` as fast as the socket takes them, stopping when answered. */
function flood(url: string, variant: Variant, bytes: number): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    let sent = 0;
    let answered = false;
    const done = (status: number | string) =>
      resolve({ status, sentMB: Math.round(sent / 2 ** 20), ms: Math.round(performance.now() - started) });
    const target = new URL(variant.path, url);
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: "POST",
        headers: variant.headers(bytes),
        agent: false,
      },
      (res) => {
        answered = true;
        res.resume();
        res.on("end", () => done(res.statusCode!));
        res.on("error", () => done(res.statusCode!));
      },
    );
    req.on("error", (error) => {
      if (!answered) done(`error: ${error.message}`);
    });
    const send = () => {
      while (!answered && sent < bytes) {
        sent += CHUNK.length;
        if (!req.write(CHUNK)) return void req.once("drain", send);
      }
      if (!answered) req.end();
    };
    send();
  });
}

async function memoryOf(pid: number): Promise<{ rssMB: number; peakMB: number }> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0);
  return { rssMB: Math.round(kb("VmRSS") / 1024), peakMB: Math.round(kb("VmHWM") / 1024) };
}

type Measured = { variant: string; idleMB: number; peakMB: number; outcomes: Outcome[] };

/** One variant: `clients` floods at once, with the server's resident memory sampled meanwhile. */
async function measureVariant(
  server: { url: string; pid: number },
  variant: Variant,
  clients: number,
  bytes: number,
): Promise<{ result: Measured; row: string[] }> {
  const idle = await memoryOf(server.pid);
  await writeFile(`/proc/${server.pid}/clear_refs`, "5"); // resets VmHWM to the current RSS
  let sampledPeak = idle.rssMB;
  const sampler = setInterval(() => {
    memoryOf(server.pid).then(
      (m) => {
        sampledPeak = Math.max(sampledPeak, m.rssMB);
      },
      () => {},
    );
  }, 10);
  const outcomes = await Promise.all(
    Array.from({ length: clients }, () => flood(server.url, variant, bytes)),
  );
  clearInterval(sampler);
  const after = await memoryOf(server.pid);
  const peakMB = Math.max(after.peakMB, sampledPeak);
  // A client still writing when the server, having answered, closes the connection sees the
  // close (EPIPE, reset) before it reads the answer: refused either way.
  const counts = new Map<string, number>();
  for (const o of outcomes) {
    const key = typeof o.status === "number" ? String(o.status) : "closed while sending";
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const statuses = [...counts].map(([k, n]) => `${k} ×${n}`).join(", ");
  console.log(`${variant.name}: idle ${idle.rssMB} MB, peak ${peakMB} MB, answers ${statuses}`);
  return {
    result: { variant: variant.name, idleMB: idle.rssMB, peakMB, outcomes },
    row: [
      variant.name,
      `${idle.rssMB} MB`,
      `${peakMB} MB`,
      `+${peakMB - idle.rssMB} MB`,
      statuses,
      `${Math.max(...outcomes.map((o) => o.sentMB))} MB`,
      `${Math.max(...outcomes.map((o) => o.ms))} ms`,
    ],
  };
}

export async function runBodyLimitBenchmark(argv: string[]): Promise<void> {
  const option = (name: string, fallback: number, max: number) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? positiveInt(name, argv[i + 1] ?? "", max) : fallback;
  };
  const clients = option("clients", 6, 100);
  const megabytes = option("megabytes", 400, 4096);
  const bytes = megabytes * 2 ** 20;
  const machine = hostMachine();
  const dataDir = await mkdtemp(path.join(tmpdir(), "shop-bench-body-"));
  const server = await startChild(
    path.join(HERE, "api", "api-server.ts"),
    {
      DATABASE_URL: "",
      PORT: "0",
      HOST: "127.0.0.1",
      SHOP_DATA_DIR: dataDir,
      RATE_LIMIT_PER_MINUTE: "0",
      LOG_LEVEL: "warn",
    },
    "api-server",
    { startTimeoutMs: 300_000 },
  );
  const rows: string[][] = [];
  const results: Measured[] = [];
  try {
    // Warm: the first requests load code paths that stay resident.
    for (let i = 0; i < 3; i++) await fetch(new URL("/api/v1/brands", server.url)).then((r) => r.text());
    for (const variant of VARIANTS) {
      const measured = await measureVariant(server, variant, clients, bytes);
      results.push(measured.result);
      rows.push(measured.row);
    }
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  const worst = Math.max(...results.map((r) => r.peakMB - r.idleMB));
  const budgets: Budget[] = [
    {
      name: `Peak memory over idle, ${clients} × ${megabytes} MB posts`,
      limit: "≤ 64 MB",
      actual: `${worst} MB`,
      status: worst <= 64 ? "PASS" : "FAIL",
    },
  ];
  const date = new Date().toISOString();
  const markdown = `# Body-limit benchmark, ${date.slice(0, 10)}

- Date: ${date}
- Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, ${machine.platform}; Node ${machine.node}
- Load average before the run: ${machine.loadAverage.map((l) => l.toFixed(2)).join(", ")} (1, 5, 15 min)
- Command: \`npm run bench -- body-limit${argv.length ? ` ${argv.join(" ")}` : ""}\`
- Server: \`bench/api/api-server.ts\` (the real server, API only; page paths still pass the page-form limit) in a child process, PGlite
- Each variant: ${clients} clients at once, each posting up to ${megabytes} MB in 64 KB writes and stopping when answered. "Sent" is the most one client wrote before its answer arrived (the kernel's socket buffers take some before the server reads). Memory is the server's resident set: sampled every 10 ms and its kernel-recorded peak (VmHWM, reset before each variant).
- Before these limits (measured when the problem was reported, same kind of machine): one 600 MB JSON post left 1.5 GB in use and ended in a 500; six 400 MB posts at once peaked at 4 GB.

## Results

${markdownTable(["Variant", "Idle RSS", "Peak RSS", "Peak − idle", "Answers", "Sent (max)", "Slowest answer"], rows)}

## Budgets

${budgetsTable(budgets)}
`;
  await mkdir(RESULTS_DIR, { recursive: true });
  const base = path.join(RESULTS_DIR, `body-limit-${date.slice(0, 10)}`);
  await writeFile(`${base}.md`, markdown);
  await writeFile(
    `${base}.json`,
    `${JSON.stringify({ date, machine, clients, megabytes, results, budgets }, null, 2)}\n`,
  );
  console.log(`wrote ${base}.md`);
  if (budgets.some((b) => b.status === "FAIL")) process.exitCode = 1;
}
