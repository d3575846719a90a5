import { describe, expect, it } from "vitest";
import { WEBHOOK_EVENT_TYPES } from "#contract/webhooks.ts";
import { ORDER_EVENT_TYPES } from "../shared/order-event.ts";
import {
  HTTPS_OR_LOOPBACK,
  HTTPS_REQUIRED,
  isPublicAddress,
  NO_CREDENTIALS,
  PUBLIC_ADDRESS_REQUIRED,
  webhookUrlProblem,
} from "./webhook-url.ts";

const production = { local: false };
const development = { local: true };

describe("where a webhook may go", () => {
  it("in production: https:// on a public host only", () => {
    expect(webhookUrlProblem("https://hooks.example.com/shop", production)).toBeNull();
    expect(webhookUrlProblem("https://93.184.216.34:8443/in", production)).toBeNull();
    expect(webhookUrlProblem("https://[2606:4700::1111]/in", production)).toBeNull();
    expect(webhookUrlProblem("http://hooks.example.com/shop", production)).toBe(HTTPS_REQUIRED);
    expect(webhookUrlProblem("ftp://hooks.example.com/shop", production)).toBe(HTTPS_REQUIRED);
    expect(webhookUrlProblem("not a url", production)).toBe(HTTPS_REQUIRED);
  });

  it("in production: refuses this machine, private networks, link-local and cloud metadata, however spelled", () => {
    for (const url of [
      "https://localhost/in",
      "https://LOCALHOST./in",
      "https://api.localhost/in",
      "https://127.0.0.1/in",
      "https://2130706433/in", // 127.0.0.1 as one number
      "https://0x7f.1/in", // and in hex
      "https://10.1.2.3/in",
      "https://172.20.0.5/in",
      "https://192.168.1.1/in",
      "https://169.254.169.254/latest/meta-data",
      "https://100.64.0.1/in",
      "https://0.0.0.0/in",
      "https://[::1]/in",
      "https://[::]/in",
      "https://[fe80::1]/in",
      "https://[fd00::1]/in",
      "https://[::ffff:127.0.0.1]/in",
      "https://[::ffff:a9fe:a9fe]/in", // 169.254.169.254, IPv4-mapped
      "https://[64:ff9b::a00:1]/in", // 10.0.0.1 through NAT64
    ]) {
      expect(webhookUrlProblem(url, production), url).toBe(PUBLIC_ADDRESS_REQUIRED);
    }
  });

  it("outside production: http:// to this machine too, and https:// anywhere", () => {
    expect(webhookUrlProblem("http://127.0.0.1:4000/hooks", development)).toBeNull();
    expect(webhookUrlProblem("http://localhost:4000/hooks", development)).toBeNull();
    expect(webhookUrlProblem("http://[::1]:4000/hooks", development)).toBeNull();
    expect(webhookUrlProblem("https://192.168.1.20/hooks", development)).toBeNull();
    expect(webhookUrlProblem("http://192.168.1.20/hooks", development)).toBe(HTTPS_OR_LOOPBACK);
    expect(webhookUrlProblem("http://hooks.example.com/shop", development)).toBe(HTTPS_OR_LOOPBACK);
  });

  it("never takes a user name or password in the URL", () => {
    expect(webhookUrlProblem("https://user:pass@hooks.example.com/", production)).toBe(NO_CREDENTIALS);
    expect(webhookUrlProblem("http://user@127.0.0.1:4000/", development)).toBe(NO_CREDENTIALS);
  });

  it("tells public addresses from the rest", () => {
    expect(isPublicAddress("8.8.8.8")).toBe(true);
    expect(isPublicAddress("2001:4860:4860::8888")).toBe(true);
    expect(isPublicAddress("172.15.255.255")).toBe(true);
    expect(isPublicAddress("172.16.0.0")).toBe(false);
    expect(isPublicAddress("198.18.0.1")).toBe(false);
    expect(isPublicAddress("224.0.0.1")).toBe(false);
    expect(isPublicAddress("255.255.255.255")).toBe(false);
    expect(isPublicAddress("not an address")).toBe(false);
  });
});

describe("the contract's events", () => {
  it("are the order workflow's events", () => {
    expect([...WEBHOOK_EVENT_TYPES]).toEqual([...ORDER_EVENT_TYPES]);
  });
});
