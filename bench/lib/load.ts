import autocannon from "autocannon";
import { type Percentiles, percentiles } from "./stats.ts";

export interface LoadOptions {
  /** Base URL of the server, e.g. `http://127.0.0.1:4321`. */
  url: string;
  /** The next request (a GET of `path` unless it says otherwise); called once per request. */
  nextRequest: () => LoadRequest;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  /** Each measured response's headers (not the warm-up's): the cache benchmark counts X-Cache-Status. */
  onHeaders?: (headers: Record<string, string>) => void;
}

export interface LoadRequest {
  /** With its query string. */
  path: string;
  method?: "GET" | "POST" | "PUT" | "DELETE";
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  requestsPerSecond: number;
  requests: number;
  /** Round-trip latency as the client saw it, in ms. */
  latency: Percentiles;
  /** `Server-Timing: app;dur=` of each response: time spent inside the app, in ms (none for bare servers). */
  serverTime: Percentiles | null;
  non2xx: number;
  errors: number;
}

function lowerCased(headers: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
}

const SERVER_TIMING = /(?:^|,)\s*app;dur=([\d.]+)/;

/** The `app;dur=` value of a response's Server-Timing header, if it has one. */
export function serverTimingMs(headers: Record<string, unknown>): number | undefined {
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() !== "server-timing") continue;
    const match = SERVER_TIMING.exec(String(value));
    if (match) return Number(match[1]);
  }
  return undefined;
}

/**
 * Warms up for `warmupSeconds` (JIT, pools, PostgreSQL caches; results discarded), then measures for
 * `seconds` at a fixed number of connections, each sending its next request as soon as the last
 * one answers (closed loop: throughput is what the server sustains at that concurrency).
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  if (options.warmupSeconds > 0)
    await measure({ ...options, seconds: options.warmupSeconds, onHeaders: undefined });
  return measure(options);
}

async function measure(options: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  const serverTimes: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: options.seconds,
        timeout: 10,
        requests: [
          {
            setupRequest: (request) => {
              const next = options.nextRequest();
              return { ...request, method: "GET", ...next };
            },
            onResponse: (_status, _body, _context, headers) => {
              options.onHeaders?.(lowerCased(headers as Record<string, unknown>));
              const ms = serverTimingMs(headers as Record<string, unknown>);
              if (ms !== undefined) serverTimes.push(ms);
            },
          },
        ],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  return {
    requestsPerSecond: latencies.length / result.duration,
    requests: latencies.length,
    latency: percentiles(latencies),
    serverTime: serverTimes.length > 0 ? percentiles(serverTimes) : null,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/**
 * One request at a time: the server time of a request that never waits behind another one (no
 * queueing in the event loop or for a pool connection), the floor under the figures under load.
 * Stops after `count` requests or `maxSeconds`, whichever comes first, so a slow endpoint cannot
 * stretch the run.
 */
export async function sequentialServerTime(
  url: string,
  nextPath: () => string,
  count: number,
  maxSeconds: number,
): Promise<Percentiles> {
  const samples: number[] = [];
  const deadline = performance.now() + maxSeconds * 1000;
  while (samples.length < count && performance.now() < deadline) {
    const path = nextPath();
    const response = await fetch(new URL(path, url));
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
    const ms = serverTimingMs(Object.fromEntries(response.headers));
    if (ms === undefined) throw new Error(`GET ${path} has no Server-Timing app;dur= header`);
    samples.push(ms);
  }
  return percentiles(samples);
}
