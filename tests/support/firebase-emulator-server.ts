// The Firebase Auth emulator stand-in as a process, for the end-to-end run of the add-phone page with
// SMS_PROVIDER=firebase (playwright.config.ts): `tsx tests/support/firebase-emulator-server.ts PORT`.
import { createServer } from "node:http";
import { startFirebaseAuthEmulator } from "./firebase-auth-emulator.ts";

const port = Number(process.argv[2] ?? 9099);
const emulator = await startFirebaseAuthEmulator({ projectId: "shop-e2e", port });
// A readiness URL for Playwright's webServer check, beside the emulator itself.
createServer((_req, res) => res.end("ok")).listen(port + 1, "127.0.0.1");
process.stdout.write(`Firebase Auth emulator stand-in at ${emulator.url}\n`);
for (const signal of ["SIGTERM", "SIGINT"] as const)
  process.once(signal, () => emulator.close().then(() => process.exit(0)));
