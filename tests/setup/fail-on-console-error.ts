import { afterEach, vi } from "vitest";

// tests/README.md: console.error during a test fails the test.
const errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};

// The pages log errors as JSON lines on stdout (app/lib/log.server.ts): level 50 and up counts too.
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
  const text = typeof chunk === "string" ? chunk : Buffer.from(chunk).toString();
  if (/"level":(50|60)\b/.test(text)) errors.push([text.trim()]);
  return write(chunk, ...rest);
}) as typeof process.stdout.write;

afterEach(() => {
  if (errors.length > 0) {
    const first = errors.map((a) => a.map(String).join(" ")).join("\n");
    errors.length = 0;
    throw new Error(`an error was logged during the test:\n${first}`);
  }
  vi.restoreAllMocks();
});
