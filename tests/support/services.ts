import net from "node:net";

/**
 * A server some tests need, named by the environment variable that points them at it. On a
 * developer's machine a missing one skips those tests with the reason; under CI (CI set, not
 * "false" or "0") a missing one that CI must provide, or one that does not answer, fails the run:
 * a skipped test there would pass for one that ran.
 */
export interface Service {
  name: string;
  variable: string;
  /** What the variable might hold on a machine that runs the service, for the messages. */
  example: string;
  defaultPort: number;
  /** Whether CI must always set the variable (see POSTGRES for why PostgreSQL is not). */
  requiredInCi: boolean;
}

export const REDIS: Service = {
  name: "Redis",
  variable: "TEST_REDIS_URL",
  example: "redis://127.0.0.1:6379",
  defaultPort: 6379,
  requiredInCi: true,
};

// CI runs the integration suite twice: on PGlite, then on PostgreSQL (.ci/run fails when PostgreSQL
// does not answer), so PostgreSQL-only tests skip on the first pass even under CI.
export const POSTGRES: Service = {
  name: "PostgreSQL",
  variable: "TEST_DATABASE_URL",
  example: "postgres://root@127.0.0.1:5432/test",
  defaultPort: 5432,
  requiredInCi: false,
};

type Env = Record<string, string | undefined>;

export function isCi(env: Env = process.env): boolean {
  const ci = env.CI?.trim().toLowerCase();
  return !!ci && ci !== "false" && ci !== "0";
}

/** The URL with any password masked, fit for a message. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.href;
  } catch {
    return "(not a valid URL)";
  }
}

export type ServiceUrl = { url: string; skip?: undefined } | { url?: undefined; skip: string };

/**
 * The service's URL from its variable, or why its tests skip. Throws when CI requires the variable
 * and it is unset.
 */
export function serviceUrl(service: Service, env: Env = process.env): ServiceUrl {
  const url = env[service.variable]?.trim();
  if (url) return { url };
  if (service.requiredInCi && isCi(env)) {
    throw new Error(
      `CI requires ${service.variable}: the ${service.name} tests must run, not skip. ` +
        `Set it to a ${service.name} that answers (e.g. ${service.variable}=${service.example}).`,
    );
  }
  return {
    skip: `${service.name} tests skipped: ${service.variable} is not set (e.g. ${service.variable}=${service.example}).`,
  };
}

const NETWORK_ERRORS = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "EAI_AGAIN",
]);

/** An error naming the service, its variable and the address tried (password masked), and why. */
export function serviceError(service: Service, url: string, cause: unknown): Error {
  const code = (cause as { code?: unknown } | null)?.code;
  const what =
    typeof code === "string" && NETWORK_ERRORS.has(code) ? "is not answering" : "could not be used";
  const why = cause instanceof Error ? cause.message || String(code ?? cause.name) : String(cause);
  return new Error(`${service.name} at ${redactUrl(url)} (${service.variable}) ${what}: ${why}`, { cause });
}

/** Resolves once the service's host and port take a TCP connection; throws serviceError otherwise. */
export async function probeService(service: Service, url: string, timeoutMs = 3000): Promise<void> {
  let host: string;
  let port: number;
  try {
    const parsed = new URL(url);
    host = parsed.hostname.replace(/^\[|\]$/g, "") || "localhost";
    port = parsed.port ? Number(parsed.port) : service.defaultPort;
  } catch (error) {
    throw serviceError(service, url, error);
  }
  await new Promise<void>((resolve, reject) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(timeoutMs, () =>
      socket.destroy(Object.assign(new Error(`no answer within ${timeoutMs} ms`), { code: "ETIMEDOUT" })),
    );
    socket.once("connect", () => {
      socket.end();
      resolve();
    });
    socket.once("error", (error) => reject(serviceError(service, url, error)));
  });
}

/**
 * For a describe block that needs the service: `skip` says whether it skips (the reason is printed),
 * and `url()`, awaited in its beforeAll, throws when CI requires the unset variable or the service
 * does not answer.
 */
export function serviceForTests(service: Service): { skip: boolean; url: () => Promise<string> } {
  let found: ServiceUrl;
  try {
    found = serviceUrl(service);
  } catch (error) {
    return { skip: false, url: () => Promise.reject(error) };
  }
  const { url, skip } = found;
  if (url === undefined) {
    console.info(skip);
    return { skip: true, url: () => Promise.reject(new Error(skip)) };
  }
  return {
    skip: false,
    url: async () => {
      await probeService(service, url);
      return url;
    },
  };
}
