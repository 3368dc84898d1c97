/**
 * Every reply carries the security headers (a strict CSP, nosniff, no framing, a referrer
 * policy): API replies, refusals and the app's shell alike; a reply that used a session is never
 * stored by a cache, while the routes that choose their own caching (static assets, images,
 * the bank's ETag) keep it.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { createTestApp, type TestApp } from "../test-support/harness.ts";

function expectSecurityHeaders(res: Response): void {
  const csp = res.headers.get("Content-Security-Policy") ?? "";
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self';");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
  expect(res.headers.get("X-Frame-Options")).toBe("DENY");
  expect(res.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
}

describe("security headers", () => {
  let t: TestApp;
  let cookie: string;
  let webDist: string;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    t = await createTestApp("sqlite");
    cookie = await t.login();
    webDist = await mkdtemp(join(tmpdir(), "preflight-web-"));
    await writeFile(join(webDist, "index.html"), "<!doctype html><title>Preflight</title>");
    await mkdir(join(webDist, "assets"));
    await writeFile(join(webDist, "assets", "index-abc123.js"), "export {};");
    app = createApp({ ...t.deps, webDist });
  });
  afterAll(async () => {
    await t.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it("an API reply, a refusal and a 404 carry them", async () => {
    for (const res of [
      await t.request("/api/health"),
      await t.request("/api/auth/me"),
      await t.request("/api/no-such-call"),
    ])
      expectSecurityHeaders(res);
  });

  it("the app's shell and its hashed assets carry them and keep their caching", async () => {
    const page = await app.request("/dashboard");
    expect(page.status).toBe(200);
    expectSecurityHeaders(page);
    expect(page.headers.get("Cache-Control")).toBe("no-cache");
    const asset = await app.request("/assets/index-abc123.js");
    expectSecurityHeaders(asset);
    expect(asset.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
  });

  it("a reply that used a session is no-store; the bank's ETag reply is private and revalidated", async () => {
    const me = await t.request("/api/auth/me", { cookie });
    expect(me.status).toBe(200);
    expect(me.headers.get("Cache-Control")).toBe("no-store");
    const bank = await t.request("/api/content/bank", { cookie });
    expect(bank.headers.get("ETag")).toBeTruthy();
    expect(bank.headers.get("Cache-Control")).toBe("private, no-cache");
    const again = await t.request("/api/content/bank", {
      cookie,
      headers: { "If-None-Match": bank.headers.get("ETag") as string },
    });
    expect(again.status).toBe(304);
  });

  it("replies without a session keep their own caching: images a day, health none", async () => {
    const image = await t.request("/content/images/010-airspace-vmc.svg", { cookie });
    expect(image.headers.get("Cache-Control")).toBe("public, max-age=86400");
    expectSecurityHeaders(image);
    expect((await t.request("/api/health")).headers.get("Cache-Control")).toBeNull();
  });
});
