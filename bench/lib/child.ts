import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

export interface ChildOptions {
  /** The line that says the child is up; its first group is the base URL (default `listening <url>`). */
  listening?: RegExp;
  /** How long to wait for that line (default 60 s). */
  startTimeoutMs?: number;
  /** The work tree to run it in (this one by default): another checkout's code, with its own modules. */
  cwd?: string;
}

export interface RunningChild {
  /** The base URL the child printed (`listening http://127.0.0.1:PORT`). */
  url: string;
  /** The child's process id (its memory is read from /proc/<pid>/status). */
  pid: number;
  stop(): Promise<void>;
  /** Null while the child runs; once it has exited, how (`code 1`, `signal SIGTERM`). */
  exitStatus(): string | null;
}

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;
const LISTENING = /^listening (http:\/\/\S+)/;

/** Children still running; killed if the benchmark itself dies, so no server outlives it. */
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping child servers`);
    process.exit(130);
  });
}

/**
 * Starts a TypeScript entry point in its own Node process (via tsx), so the load generator never
 * shares an event loop with the server it measures, and waits for its `listening <url>` line (or
 * the line `options.listening` matches).
 */
export async function startChild(
  script: string,
  env: Record<string, string>,
  label: string,
  options: ChildOptions = {},
): Promise<RunningChild> {
  const child = spawn(
    process.execPath,
    [...(process.env.BENCH_CHILD_ARGS?.split(" ") ?? []), "--import", "tsx", script],
    {
      cwd: options.cwd ?? ROOT,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  running.add(child);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let stopping = false;
  const exitStatus = () =>
    child.exitCode !== null
      ? `code ${child.exitCode}`
      : child.signalCode !== null
        ? `signal ${child.signalCode}`
        : null;
  exited.then(() => {
    running.delete(child);
    // A server that dies mid-run (a crash, or killed from outside) must not go unnoticed.
    if (!stopping) console.error(`[${label}] exited unexpectedly (${exitStatus()})`);
  });

  const stop = async () => {
    stopping = true;
    if (exitStatus() !== null) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };

  try {
    const url = await waitForUrl(
      child,
      exited,
      label,
      options.listening ?? LISTENING,
      options.startTimeoutMs ?? START_TIMEOUT_MS,
    );
    return { url, pid: child.pid!, stop, exitStatus };
  } catch (error) {
    await stop();
    throw error;
  }
}

function waitForUrl(
  child: ChildProcess,
  exited: Promise<void>,
  label: string,
  listening: RegExp,
  timeoutMs: number,
): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${label} did not start within ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    const lines = createInterface({ input: child.stdout! });
    lines.on("line", (line) => {
      const match = listening.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      } else {
        // Anything else the child prints is passed through, so its errors are not lost.
        console.log(`[${label}] ${line}`);
      }
    });
    exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`${label} exited before listening (code ${child.exitCode ?? child.signalCode})`));
    });
  });
}
