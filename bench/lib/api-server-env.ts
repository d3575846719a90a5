/** The shop's default pool size: every benchmark's server and DB ceiling use it, so both have as many connections. */
export const BENCH_POOL_SIZE = 10;

/**
 * The environment of the shop's API server when a benchmark measures it (bench/api/api-server.ts in
 * a child process): production settings as deployed, no rate limit, warnings only, no Redis. The
 * built-in providers are allowed; the measured routes never call them.
 */
export function apiServerEnv(options: {
  /** PostgreSQL's URL, or "" for PGlite in `dataDir`. */
  databaseUrl: string;
  dataDir: string;
  poolSize: number;
  /** The secret a benchmark signs its own sessions with, when it has any. */
  jwtSecret?: string;
}): Record<string, string> {
  return {
    DATABASE_URL: options.databaseUrl,
    DATABASE_POOL_SIZE: String(options.poolSize),
    PORT: "0",
    HOST: "127.0.0.1",
    SHOP_DATA_DIR: options.dataDir,
    RATE_LIMIT_PER_MINUTE: "0",
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
    ALLOW_BUILTIN_PROVIDERS: "true",
    JWT_SECRET: options.jwtSecret ?? "bench-only-secret-bench-only-secret-0123",
    REDIS_URL: "",
  };
}
