import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import type { Lifecycle } from "../deps.ts";
import { createTestApp, type TestApp } from "../test-support/harness.ts";

describe("GET /api/health and /api/ready", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("sqlite");
  });
  afterAll(() => t.close());

  it("answers ok without a session", async () => {
    const res = await t.request("/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });

  it("is ready while its database answers and it is not shutting down", async () => {
    const lifecycle: Lifecycle = { draining: false };
    const app = createApp({ ...t.deps, lifecycle });
    const ready = await app.request("/api/ready");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ ok: true });

    lifecycle.draining = true;
    const draining = await app.request("/api/ready");
    expect(draining.status).toBe(503);
    expect(await draining.json()).toMatchObject({
      error: { code: "unavailable", message: "This server is shutting down" },
    });
    // Still alive: the requests in flight finish.
    expect((await app.request("/api/health")).status).toBe(200);
  });

  it("is not ready when its database does not answer", async () => {
    const other = await createTestApp("sqlite");
    await other.deps.db.destroy();
    const res = await createApp(other.deps).request("/api/ready");
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({
      error: { code: "unavailable", message: "This server cannot reach its database" },
    });
  });
});
