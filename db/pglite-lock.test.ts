import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DatabaseInUseError, lockDataDir } from "./pglite-lock.ts";

const dataDir = () => path.join(mkdtempSync(path.join(tmpdir(), "pglite-lock-")), "pglite");
const children: ReturnType<typeof spawn>[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill();
});

describe("lockDataDir", () => {
  it("holds the directory for this process and lets it go", () => {
    const dir = dataDir();
    const release = lockDataDir(dir);
    expect(readFileSync(`${dir}.lock`, "utf8")).toBe(String(process.pid));
    release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });

  it("refuses a directory another live process holds, naming it", () => {
    const dir = dataDir();
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);
    children.push(other);
    writeFileSync(`${dir}.lock`, String(other.pid));
    expect(() => lockDataDir(dir)).toThrow(DatabaseInUseError);
    expect(() => lockDataDir(dir)).toThrow(`open in another process (pid ${other.pid})`);
    expect(readFileSync(`${dir}.lock`, "utf8")).toBe(String(other.pid));
  });

  it("takes over the lock of a process that is gone", async () => {
    const dir = dataDir();
    const gone = spawn(process.execPath, ["-e", ""]);
    await new Promise((resolve) => gone.on("exit", resolve));
    writeFileSync(`${dir}.lock`, String(gone.pid));
    const release = lockDataDir(dir);
    expect(readFileSync(`${dir}.lock`, "utf8")).toBe(String(process.pid));
    release();
  });
});
