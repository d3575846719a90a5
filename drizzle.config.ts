import { defineConfig } from "drizzle-kit";

// Used only to generate migrations (`npm run db:generate`); the server applies them at start-up.
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema.ts",
  out: "./db/migrations",
});
