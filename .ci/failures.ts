// Prints each failed test of this CI run, one short paragraph apiece, from the JSON results Vitest
// and Playwright write under CI (vitest.config.ts, playwright.config.ts). Run last by .ci/run when
// a step fails: of a long run's output, the tail is what is read first, and the test's own report
// may be thousands of lines above it.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const DIR = "ci-results";
const MAX_MESSAGE = 1200;

// biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's colour codes are stripped.
const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, "");
const short = (text: string) => {
  // The test's own lines of a stack; the runner's frames say nothing.
  const t = plain(text)
    .split("\n")
    .filter((line) => !/node_modules|new Promise \(|node:internal/.test(line))
    .join("\n")
    .trim();
  return t.length > MAX_MESSAGE ? `${t.slice(0, MAX_MESSAGE)} …` : t;
};

interface VitestResults {
  testResults: {
    name: string;
    message?: string;
    assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
  }[];
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: {
    title: string;
    file: string;
    line: number;
    tests: { projectName: string; results: { status: string; error?: { message?: string } }[] }[];
  }[];
}

const failures: string[] = [];

function vitest(file: string, results: VitestResults) {
  for (const suite of results.testResults) {
    const name = path.relative(process.cwd(), suite.name);
    const failed = suite.assertionResults.filter((a) => a.status === "failed");
    for (const test of failed) {
      failures.push(`${file}: ${name} › ${test.fullName}\n${short(test.failureMessages.join("\n"))}`);
    }
    if (failed.length === 0 && suite.message) failures.push(`${file}: ${name}\n${short(suite.message)}`);
  }
}

function playwright(suite: PlaywrightSuite, titles: string[]) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      const failed = test.results.filter((r) => r.status !== "passed" && r.status !== "skipped");
      if (failed.length === 0) continue;
      const title = [...titles, spec.title].join(" › ");
      const message = failed.map((r) => `${r.status}: ${r.error?.message ?? ""}`).join("\n");
      failures.push(
        `playwright [${test.projectName}]: ${spec.file}:${spec.line} › ${title}\n${short(message)}`,
      );
    }
  }
  for (const child of suite.suites ?? []) playwright(child, [...titles, child.title]);
}

let files: string[] = [];
try {
  files = readdirSync(DIR).filter((f) => f.endsWith(".json"));
} catch {
  // No results: the run failed before a test ran (install, typecheck, lint, build).
}
for (const file of files.sort()) {
  try {
    const results = JSON.parse(readFileSync(path.join(DIR, file), "utf8"));
    if (file.startsWith("playwright")) for (const suite of results.suites ?? []) playwright(suite, []);
    else vitest(file, results as VitestResults);
  } catch (error) {
    failures.push(`${file}: unreadable (${(error as Error).message})`);
  }
}

console.log("\n==== CI: failed tests ====");
console.log(failures.length ? failures.join("\n\n") : "none recorded (the step that failed ran no test)");
