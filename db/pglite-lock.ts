import { readFileSync, unlinkSync, writeFileSync } from "node:fs";

/**
 * One process at a time on an embedded database. PGlite keeps its pages in the memory of the process
 * that opened it and writes them back on its own schedule, so two processes on one data directory
 * (the shop, and `npm run staff` or `npm run import` beside it) would each overwrite the other's
 * writes. Opening takes `<dataDir>.lock` (holding the process id); a second opener is refused with a
 * message naming the process and the way out. A lock whose process is gone (a crash) is taken over.
 */
export class DatabaseInUseError extends Error {
  override readonly name = "DatabaseInUseError";
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/** Takes the lock of `dataDir`; the returned function releases it (also released when the process exits). */
export function lockDataDir(dataDir: string): () => void {
  const file = `${dataDir}.lock`;
  const own = String(process.pid);
  try {
    writeFileSync(file, own, { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const holder = Number(readFileSync(file, "utf8").trim());
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
      throw new DatabaseInUseError(
        `The embedded database in ${dataDir} is open in another process (pid ${holder}), probably the running shop: stop it first, or run on PostgreSQL (DATABASE_URL).`,
      );
    }
    writeFileSync(file, own);
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off("exit", release);
    try {
      if (readFileSync(file, "utf8").trim() === own) unlinkSync(file);
    } catch {
      // Already gone.
    }
  };
  process.on("exit", release);
  return release;
}
