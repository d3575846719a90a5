import net from "node:net";
import { describe, expect, it } from "vitest";
import {
  isCi,
  POSTGRES,
  probeService,
  REDIS,
  redactUrl,
  serviceError,
  serviceUrl,
} from "../support/services.ts";

// The helper behind the tests that need Redis or PostgreSQL: under CI a missing or silent service
// fails the run; on a developer's machine a missing one skips its tests with the reason.

/** A port nothing listens on: one the system just handed out and took back. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("isCi", () => {
  it("reads CI as most CI services set it", () => {
    expect(isCi({ CI: "true" })).toBe(true);
    expect(isCi({ CI: "1" })).toBe(true);
    expect(isCi({})).toBe(false);
    expect(isCi({ CI: "" })).toBe(false);
    expect(isCi({ CI: "false" })).toBe(false);
    expect(isCi({ CI: "0" })).toBe(false);
  });
});

describe("serviceUrl", () => {
  it("under CI, throws for an unset TEST_REDIS_URL, naming it", () => {
    expect(() => serviceUrl(REDIS, { CI: "true" })).toThrow(
      "CI requires TEST_REDIS_URL: the Redis tests must run, not skip. " +
        "Set it to a Redis that answers (e.g. TEST_REDIS_URL=redis://127.0.0.1:6379).",
    );
  });

  it("without CI, returns the reason the tests skip", () => {
    expect(serviceUrl(REDIS, {})).toEqual({
      skip: "Redis tests skipped: TEST_REDIS_URL is not set (e.g. TEST_REDIS_URL=redis://127.0.0.1:6379).",
    });
    expect(serviceUrl(REDIS, { CI: "false", TEST_REDIS_URL: " " }).skip).toMatch(/^Redis tests skipped/);
  });

  it("under CI, lets PostgreSQL-only tests skip on the PGlite pass", () => {
    expect(serviceUrl(POSTGRES, { CI: "true" }).skip).toMatch(/^PostgreSQL tests skipped: TEST_DATABASE_URL/);
  });

  it("returns the URL when set", () => {
    expect(serviceUrl(REDIS, { CI: "true", TEST_REDIS_URL: "redis://127.0.0.1:6379" })).toEqual({
      url: "redis://127.0.0.1:6379",
    });
  });
});

describe("serviceError", () => {
  it("names the service, its variable and the address, never the password", () => {
    const cause = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5499"), { code: "ECONNREFUSED" });
    const error = serviceError(POSTGRES, "postgres://shop:s3cret@127.0.0.1:5499/test", cause);
    expect(error.message).toBe(
      "PostgreSQL at postgres://shop:***@127.0.0.1:5499/test (TEST_DATABASE_URL) is not answering: " +
        "connect ECONNREFUSED 127.0.0.1:5499",
    );
    expect(redactUrl("redis://:s3cret@127.0.0.1:6379")).not.toContain("s3cret");
    expect(redactUrl("not a url s3cret")).toBe("(not a valid URL)");
  });

  it("says a server that answered but refused is not usable, with its reason", () => {
    const cause = new Error('database "nope" does not exist');
    expect(serviceError(POSTGRES, "postgres://root@127.0.0.1:5432/nope", cause).message).toBe(
      'PostgreSQL at postgres://root@127.0.0.1:5432/nope (TEST_DATABASE_URL) could not be used: database "nope" does not exist',
    );
  });
});

describe("probeService", () => {
  it("resolves when the port takes a connection", async () => {
    const server = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as net.AddressInfo;
    try {
      await expect(probeService(REDIS, `redis://127.0.0.1:${port}`)).resolves.toBeUndefined();
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("throws a message naming the service and address when nothing answers", async () => {
    const port = await closedPort();
    await expect(probeService(REDIS, `redis://127.0.0.1:${port}`)).rejects.toThrow(
      `Redis at redis://127.0.0.1:${port} (TEST_REDIS_URL) is not answering: connect ECONNREFUSED 127.0.0.1:${port}`,
    );
  });
});
