import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { get } from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";

// A real nginx (Debian's package) terminating TLS in front of the e2e shop, configured by the very
// file the operations guide shows (docs/nginx/shop.conf): only the listen address, the certificate,
// the cache directory and the upstream port are replaced. A self-signed certificate for localhost, made with openssl.

export const HAS_NGINX = spawnSync("nginx", ["-v"]).status === 0;

export interface RunningNginx {
  url: string;
  stop(): Promise<void>;
}

/** The documented server block, pointed at this run's shop and certificate. */
function shopServerBlock(listenPort: number, upstreamPort: number, dir: string): string {
  const documented = readFileSync(path.resolve("docs/nginx/shop.conf"), "utf8");
  const replaced = documented
    .replace("server 127.0.0.1:3000;", `server 127.0.0.1:${upstreamPort};`)
    .replace("listen 443 ssl;", `listen 127.0.0.1:${listenPort} ssl;`)
    .replace("server_name shop.example;", "server_name localhost;")
    .replace("/etc/ssl/certs/shop.example.pem", path.join(dir, "cert.pem"))
    .replace("/etc/ssl/private/shop.example.key", path.join(dir, "key.pem"))
    .replace("proxy_cache_path /var/cache/nginx/shop ", `proxy_cache_path ${path.join(dir, "cache")} `);
  // Every replacement must have found its line: a changed example must not go untested.
  for (const line of [
    `127.0.0.1:${upstreamPort};`,
    `127.0.0.1:${listenPort} ssl;`,
    "cert.pem",
    "key.pem",
    `${path.join(dir, "cache")} `,
  ]) {
    if (!replaced.includes(line)) throw new Error(`docs/nginx/shop.conf no longer has the line for ${line}`);
  }
  return replaced;
}

export async function startNginx(listenPort: number, upstreamPort: number): Promise<RunningNginx> {
  const url = `https://localhost:${listenPort}`;
  // Readiness is "the shop answers on the port": another nginx already there would pass it while
  // ours failed to bind, and stopping that other one would pull the port from under this caller.
  if ((await healthStatus(`${url}/healthz`)) !== 0) {
    throw new Error(`port ${listenPort} already answers: another nginx of the suite is running there`);
  }
  const dir = mkdtempSync(path.join(tmpdir(), "shop-nginx-"));
  // nginx's workers drop to an unprivileged user: they must reach the temporary files.
  chmodSync(dir, 0o755);
  for (const sub of ["client_body", "proxy", "fastcgi", "uwsgi", "scgi", "cache"]) {
    mkdirSync(path.join(dir, sub));
    chmodSync(path.join(dir, sub), 0o777);
  }
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost,IP:127.0.0.1",
      "-keyout",
      path.join(dir, "key.pem"),
      "-out",
      path.join(dir, "cert.pem"),
    ],
    { stdio: "ignore" },
  );
  writeFileSync(path.join(dir, "shop.conf"), shopServerBlock(listenPort, upstreamPort, dir));
  writeFileSync(
    path.join(dir, "nginx.conf"),
    `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/shop.conf;
}
`,
  );
  const child: ChildProcess = spawn(
    "nginx",
    ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-e", path.join(dir, "error.log"), "-g", "daemon off;"],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr?.on("data", (d) => {
    stderr += d;
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGQUIT");
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  // Ready when the shop answers through it (nginx up, certificate served, upstream reached).
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
    if ((await healthStatus(`${url}/healthz`)) === 200) return { url, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not answer on ${url} within 30 s: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function healthStatus(url: string): Promise<number> {
  return new Promise((resolve) => {
    get(url, { rejectUnauthorized: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    }).on("error", () => resolve(0));
  });
}
