import { type DatabaseHandle, openDatabase } from "#db/client.ts";
import { ConfigError, loadConfig } from "#server/config.ts";

/** The database `npm start` would use (DATABASE_URL, else PGlite under SHOP_DATA_DIR), migrated. */
export async function openConfiguredDatabase(): Promise<DatabaseHandle> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      for (const line of error.lines) console.error(`configuration error: ${line}`);
      process.exit(1);
    }
    throw error;
  }
  const handle = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : `${config.SHOP_DATA_DIR}/pglite`,
  });
  await handle.migrate();
  return handle;
}
