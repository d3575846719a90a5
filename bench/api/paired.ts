import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { apiServerEnv, BENCH_POOL_SIZE as POOL_SIZE } from "../lib/api-server-env.ts";
import { startChild } from "../lib/child.ts";
import { runLoad } from "../lib/load.ts";
import { type HostMachine, hostMachine, markdownTable } from "../lib/report.ts";
import { rotation } from "../lib/stats.ts";
import { benchUrls, withAdmin } from "./database.ts";
import { discoverScenarios, SCENARIO_NAMES, type ScenarioName } from "./scenarios.ts";

// The server's CPU per answer of two builds of the shop, loaded at the same time on the same
// database: the figure that shows a change to the server's own work when the `api` bench's ratios
// move more from run to run than the change does (bench/README.md#api-pair).

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, "../..");
const RESULTS = path.join(ROOT, "bench/results");

export const usage = `npm run bench -- api-pair --base DIR [--scenarios detail,list] [--rounds N]
                        [--seconds S] [--connections N] [--label L]

  --base DIR       another checkout of the shop (with its node_modules), the build to compare against
  --scenarios a,b  of ${SCENARIO_NAMES.filter((n) => n !== "reviews").join(", ")} (default detail)
  --rounds N       measured rounds per scenario, after two warm-up rounds (default 8)
  --seconds S      length of a round (default 15)
  --connections N  connections to each server (default 5)
  --label L        results go to bench/results/api-pair-<date>[-L].md (default none)

Uses the api bench's database (shop_bench): run \`npm run bench -- api --keep\` first.`;

interface Settings {
  base: string;
  scenarios: ScenarioName[];
  rounds: number;
  seconds: number;
  connections: number;
  label: string | undefined;
}

function parseSettings(argv: string[]): Settings {
  const { values } = parseArgs({
    args: argv,
    options: {
      base: { type: "string" },
      scenarios: { type: "string", default: "detail" },
      rounds: { type: "string", default: "8" },
      seconds: { type: "string", default: "15" },
      connections: { type: "string", default: "5" },
      label: { type: "string" },
    },
  });
  if (!values.base) throw new Error(`--base is required\n\n${usage}`);
  const scenarios = values.scenarios.split(",").map((s) => s.trim()) as ScenarioName[];
  for (const name of scenarios)
    if (!SCENARIO_NAMES.includes(name) || name === "reviews")
      throw new Error(`--scenarios: unknown scenario '${name}'`);
  return {
    base: path.resolve(values.base),
    scenarios,
    rounds: Number(values.rounds),
    seconds: Number(values.seconds),
    connections: Number(values.connections),
    label: values.label,
  };
}

/** User plus system CPU of a process so far, in ms (/proc/<pid>/stat, fields 14 and 15). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticksPerSecond = 100; // USER_HZ on Linux
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

/** The commit a work tree has checked out, and whether it has changes on top. */
function commitOf(dir: string): string {
  try {
    const git = (...args: string[]) => execFileSync("git", ["-C", dir, ...args], { encoding: "utf8" }).trim();
    const changed = git("status", "--porcelain", "--untracked-files=no") !== "";
    return `${git("rev-parse", "--short", "HEAD")}${changed ? " with uncommitted changes" : ""}`;
  } catch {
    return "unknown";
  }
}

interface Round {
  thisMs: number;
  baseMs: number;
  thisRps: number;
  baseRps: number;
}

export async function runPairedBenchmark(argv: string[]): Promise<void> {
  const settings = parseSettings(argv);
  const machine = hostMachine();
  const { adminUrl, benchUrl } = benchUrls();
  const ready = await withAdmin(adminUrl, async (client) => {
    const found = await client.query("SELECT 1 FROM pg_database WHERE datname = 'shop_bench'");
    return found.rowCount === 1;
  });
  if (!ready) throw new Error("no shop_bench database: run `npm run bench -- api --keep` first");
  const dataDir = await mkdtemp(path.join(tmpdir(), "shop-bench-pair-"));
  const env = (dir: string) =>
    apiServerEnv({ databaseUrl: benchUrl, dataDir: path.join(dataDir, dir), poolSize: POOL_SIZE });
  await mkdir(path.join(dataDir, "this"));
  await mkdir(path.join(dataDir, "base"));
  const current = await startChild(path.join(HERE, "api-server.ts"), env("this"), "this build");
  const base = await startChild(
    path.join(settings.base, "bench/api/api-server.ts"),
    env("base"),
    "base build",
    { cwd: settings.base },
  );
  const results: { name: ScenarioName; rounds: Round[] }[] = [];
  try {
    const scenarios = await discoverScenarios(current.url, settings.scenarios);
    for (const scenario of scenarios) {
      console.log(`\n[${scenario.name}] ${scenario.description}`);
      const rounds: Round[] = [];
      for (let round = -2; round < settings.rounds; round++) {
        const load = (url: string) => {
          const next = rotation(scenario.paths);
          return runLoad({
            url,
            nextRequest: () => ({ path: next() }),
            connections: settings.connections,
            seconds: settings.seconds,
            warmupSeconds: 0,
          });
        };
        const before = [cpuMs(current.pid), cpuMs(base.pid)];
        const [a, b] = await Promise.all([load(current.url), load(base.url)]);
        const after = [cpuMs(current.pid), cpuMs(base.pid)];
        if (a.non2xx + a.errors + b.non2xx + b.errors > 0)
          throw new Error(`non-2xx answers or errors in round ${round}: the figures would not be comparable`);
        if (round < 0) continue; // warm-up: JIT, pools, PostgreSQL's caches
        const r: Round = {
          thisMs: (after[0]! - before[0]!) / a.requests,
          baseMs: (after[1]! - before[1]!) / b.requests,
          thisRps: a.requestsPerSecond,
          baseRps: b.requestsPerSecond,
        };
        rounds.push(r);
        console.log(
          `  round ${round + 1}: this ${r.thisMs.toFixed(3)} ms/answer (${r.thisRps.toFixed(0)} req/s), ` +
            `base ${r.baseMs.toFixed(3)} ms/answer (${r.baseRps.toFixed(0)} req/s)`,
        );
      }
      results.push({ name: scenario.name, rounds });
    }
  } finally {
    await Promise.all([current.stop(), base.stop()]);
    await rm(dataDir, { recursive: true, force: true });
  }
  await writeReport(settings, machine, results);
}

async function writeReport(
  settings: Settings,
  machine: HostMachine,
  results: { name: ScenarioName; rounds: Round[] }[],
) {
  const date = new Date().toISOString();
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const pct = (a: number, b: number) => `${a < b ? "−" : "+"}${Math.abs((a / b - 1) * 100).toFixed(1)} %`;
  const sections = results.map(({ name, rounds }) => {
    const thisMean = mean(rounds.map((r) => r.thisMs));
    const baseMean = mean(rounds.map((r) => r.baseMs));
    const lower = rounds.filter((r) => r.thisMs < r.baseMs).length;
    const table = markdownTable(
      ["Round", "This build: CPU ms per answer", "Base: CPU ms per answer", "This req/s", "Base req/s"],
      [
        ...rounds.map((r, i) => [
          String(i + 1),
          r.thisMs.toFixed(3),
          r.baseMs.toFixed(3),
          r.thisRps.toFixed(0),
          r.baseRps.toFixed(0),
        ]),
        [
          "**Mean**",
          `**${thisMean.toFixed(3)} (${pct(thisMean, baseMean)})**`,
          baseMean.toFixed(3),
          mean(rounds.map((r) => r.thisRps)).toFixed(0),
          mean(rounds.map((r) => r.baseRps)).toFixed(0),
        ],
      ],
    );
    return `## ${name}\n\nThis build's answer cost less CPU in ${lower} of ${rounds.length} rounds.\n\n${table}\n`;
  });
  const text = `# API: server CPU per answer, two builds at once, ${date.slice(0, 10)}

- Date: ${date}
- Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, ${machine.platform}; Node ${machine.node}
- Load average before the run: ${machine.loadAverage.map((n) => n.toFixed(2)).join(", ")} (1, 5, 15 min)
- Command: \`npm run bench -- api-pair --base ${path.relative(ROOT, settings.base) || "."} --scenarios ${settings.scenarios.join(",")} --rounds ${settings.rounds} --seconds ${settings.seconds} --connections ${settings.connections}\`
- This build: ${commitOf(ROOT)}. Base: ${commitOf(settings.base)}
- Both servers run at once against the api bench's \`shop_bench\`, each with a pool of ${POOL_SIZE} and ${settings.connections} connections of load, for rounds of ${settings.seconds} s after two warm-up rounds. CPU is each server process's user + system time (/proc/<pid>/stat) over the round, divided by the answers it gave. Both builds share the machine's noise alike, which is why this shows a change that the \`api\` bench's ratios do not.

${sections.join("\n")}`;
  const file = path.join(
    RESULTS,
    `api-pair-${date.slice(0, 10)}${settings.label ? `-${settings.label}` : ""}.md`,
  );
  await writeFile(file, text);
  console.log(`\nwritten: ${path.relative(ROOT, file)}`);
}
