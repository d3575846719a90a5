import { deliverNotification } from "#core/notifications/notification-delivery.ts";
import { deliverWebhook } from "#core/webhooks/webhook-sender.ts";
import type { Services } from "./index.ts";

/**
 * The job queue's workers on this instance: customer and staff messages, and webhook deliveries.
 * Every instance runs them; the queue hands each job to one (docs/decisions/047-job-queue.md).
 */
export async function startWorkers(services: Pick<Services, "ctx" | "jobs" | "logger">): Promise<void> {
  const { ctx, jobs, logger } = services;
  await jobs.work("notification", async ({ id }, attempt) => {
    await deliverNotification(ctx, id, attempt).catch((error: unknown) => {
      logger.warn(
        { err: error, notification: id, retry: attempt.retryCount },
        "notification delivery failed",
      );
      throw error;
    });
  });
  await jobs.work("webhook", async ({ id }, attempt) => {
    await deliverWebhook(ctx, id, attempt).catch((error: unknown) => {
      logger.warn({ err: error, delivery: id, retry: attempt.retryCount }, "webhook delivery failed");
      throw error;
    });
  });
}
