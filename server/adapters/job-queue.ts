import { sql } from "drizzle-orm";
import { fromDrizzle, fromPglite, PgBoss } from "pg-boss";
import type { Logger } from "pino";
import type { JobData, JobName, JobQueue } from "#core/ports/job-queue.ts";
import type { DatabaseHandle, Executor } from "#db/client.ts";

// The job queue is pg-boss (docs/decisions/047-job-queue.md): its tables live in the shop's own
// database (schema `pgboss`), on the embedded PGlite as on PostgreSQL, so a job is queued inside the
// transaction that causes it. Workers on every instance share the jobs (SKIP LOCKED); a job that
// throws is retried with exponential backoff, and one whose worker died is retried once it expires.

const QUEUES: readonly JobName[] = ["notification", "webhook"];
/** Jobs one worker takes at a time: each one mail, text or webhook, sent side by side. */
const WORK_BATCH = 5;

export interface JobQueueOptions {
  /** Seconds before the first retry; later ones double (with jitter), up to `retryDelayMaxSeconds`. */
  retryDelaySeconds?: number;
  retryDelayMaxSeconds?: number;
  /** Attempts after the first before a job is left failed. */
  retryLimit?: number;
  /** How often an idle worker looks for jobs. */
  pollingIntervalSeconds?: number;
  /**
   * pg-boss's upkeep on this instance (expiring jobs of dead workers, retention): on by default; a
   * test shop that runs no workers turns it off.
   */
  supervise?: boolean;
  logger?: Logger;
}

export interface JobRunner extends JobQueue {
  /** Runs `handler` for each job of `name` on this instance; a throw schedules a retry. */
  work(
    name: JobName,
    handler: (data: JobData, attempt: { retryCount: number; final: boolean }) => Promise<void>,
  ): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the queue on the shop's database, creating or upgrading its tables first. */
export async function startJobQueue(
  database: DatabaseHandle,
  options: JobQueueOptions = {},
): Promise<JobRunner> {
  const retryLimit = options.retryLimit ?? 12;
  const polling = options.pollingIntervalSeconds ?? 1;
  const supervise = options.supervise ?? true;
  const boss =
    "pglite" in database.connection
      ? new PgBoss({ db: fromPglite(database.connection.pglite), schedule: false, supervise })
      : new PgBoss({ connectionString: database.connection.url, max: 3, schedule: false, supervise });
  boss.on("error", (error: unknown) => options.logger?.warn({ err: error }, "job queue error"));
  await boss.start();
  for (const name of QUEUES) {
    const queue = {
      retryLimit,
      retryDelay: options.retryDelaySeconds ?? 5,
      retryDelayMax: options.retryDelayMaxSeconds ?? 3600,
      retryBackoff: true,
      // A delivery that has not finished in a minute is taken as lost with its worker and retried.
      expireInSeconds: 60,
    };
    if (await boss.getQueue(name)) await boss.updateQueue(name, queue);
    else await boss.createQueue(name, queue);
  }
  return {
    async enqueue(db: Executor, name: JobName, data: JobData) {
      await boss.send(name, data, {
        singletonKey: data.id,
        db: fromDrizzle(db as Parameters<typeof fromDrizzle>[0], sql as Parameters<typeof fromDrizzle>[1]),
      });
    },
    async work(name, handler) {
      // Up to WORK_BATCH jobs a fetch, run side by side and settled one by one (a failed delivery
      // is retried alone); while fetches come back full the worker fetches again at once, so a
      // backlog (a sale, an SMTP outage ending) drains at the pace of the deliveries, not one job
      // per polling interval (docs/back-office/notifications.md#retries).
      const options = {
        // Webhooks one at a time: each fetch takes the oldest, so an integrator receives an order's
        // events in the order they happened (unless one fails and is retried,
        // docs/integrations/webhooks.md); a full fetch is followed by the next at once.
        batchSize: name === "webhook" ? 1 : WORK_BATCH,
        burstWhenBatchFull: true,
        perJobResults: true,
        pollingIntervalSeconds: polling,
      } as const;
      const run = async (job: { id: string; data: JobData; retryCount?: number }) => {
        const retryCount = job.retryCount ?? 0;
        try {
          await handler(job.data, { retryCount, final: retryCount >= retryLimit });
          return { id: job.id, status: "completed" as const };
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          return { id: job.id, status: "failed" as const, output: { message: message.slice(0, 500) } };
        }
      };
      await boss.work<JobData, unknown, typeof options>(name, options, async (jobs) =>
        Promise.all(jobs.map(run)),
      );
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 5_000 });
    },
  };
}
