// What every benchmark's results file shares: the budget rows, Markdown tables and the machine
// description (the figures mean little without it).
import os from "node:os";

export interface Budget {
  name: string;
  limit: string;
  actual: string;
  /** SKIP: not measurable in this run; INFO: shown for comparison, no budget. */
  status: "PASS" | "FAIL" | "SKIP" | "INFO";
  note?: string;
}

export function markdownTable(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.map((c) => c.replaceAll("|", "\\|")).join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

export function budgetsTable(budgets: readonly Budget[]): string {
  return markdownTable(
    ["Budget", "Limit", "Actual", "Result"],
    budgets.map((b) => [b.name, b.limit, b.actual, b.note ? `${b.status} (${b.note})` : b.status]),
  );
}

export interface HostMachine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  platform: string;
  /** 1, 5 and 15 minute load averages just before the run: anything else busy skews every figure. */
  loadAverage: number[];
}

export function hostMachine(): HostMachine {
  return {
    cpu: os.cpus()[0]?.model ?? "unknown",
    cores: os.cpus().length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    loadAverage: os.loadavg(),
  };
}
