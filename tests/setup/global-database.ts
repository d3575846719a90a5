import { randomBytes } from "node:crypto";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "#db/client.ts";
import { seedDemoShop } from "#demo/seed.ts";
import { startJobQueue } from "#server/adapters/job-queue.ts";
import { PG_TEMPLATE, TEST_NOW, TEST_PRODUCTS, TEST_SEED } from "../support/constants.ts";
import { POSTGRES, serviceError } from "../support/services.ts";

/**
 * With TEST_DATABASE_URL (PostgreSQL), builds one migrated and seeded template database before the
 * workers start; each test file then copies it (CREATE DATABASE … TEMPLATE), which takes a moment.
 * Without it, each worker builds its own PGlite template (tests/support/database.ts).
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  // A name of this run's own: test runs from other checkouts may share the server, and one run's
  // set-up or tear-down must not drop the template another is copying.
  const template = `${PG_TEMPLATE}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect().catch((error) => {
    throw serviceError(POSTGRES, url, error);
  });
  await admin.query(`CREATE DATABASE ${template}`);
  const templateUrl = new URL(url);
  templateUrl.pathname = `/${template}`;
  const handle = await openDatabase({ url: templateUrl.href, poolSize: 4 });
  await handle.migrate();
  await seedDemoShop(handle.db, { products: TEST_PRODUCTS, seed: TEST_SEED, now: TEST_NOW });
  // The job queue's tables in the template, so each copy's queue starts without creating them.
  await (await startJobQueue(handle, { supervise: false })).stop();
  await handle.close();
  project.provide("pgTemplate", template);
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.end();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    pgTemplate: string;
  }
}
