import type { Executor } from "#db/client.ts";

/**
 * Background work that must follow a change exactly when it commits: a customer's mail, a webhook
 * delivery. A PostgreSQL-backed queue (pg-boss, docs/decisions/047-job-queue.md) stores the job in
 * the shop's own database, so queueing it is part of the caller's transaction: it exists once that
 * commits and never if it rolls back, and a crash loses none.
 */
export interface JobQueue {
  /** Queues one job inside the caller's transaction (`db`); one job per `data.id` at a time. */
  enqueue(db: Executor, name: JobName, data: JobData): Promise<void>;
}

/** `notification`: deliver one row of `notifications`; `webhook`: one row of `webhook_deliveries`. */
export type JobName = "notification" | "webhook";

export interface JobData {
  id: string;
}
