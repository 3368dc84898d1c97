/**
 * is_syncing across instances on PostgreSQL: an instance knows its own pushes at once, and tells
 * the others of a push only once it has run a while, so the many short pushes of a busy server
 * write nothing.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "../test-support/harness.ts";
import { pushesRunning } from "./pushes-running.ts";

describe.runIf(DIALECTS.includes("postgres"))("pushes running [postgres]", () => {
  let t: TestApp;
  let userId: string;
  beforeAll(async () => {
    t = await createTestApp("postgres");
    userId = (await t.deps.db.selectFrom("users").select("id").executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t.close());
  const rows = async () => (await t.deps.db.selectFrom("pushes_running").select("id").execute()).length;

  it("a short push is known to its own instance only, and writes no row", async () => {
    const one = pushesRunning(t.deps, 60_000);
    const two = pushesRunning(t.deps, 60_000);
    const done = await one.start(userId);
    expect(await one.any(userId)).toBe(true);
    expect(await two.any(userId)).toBe(false);
    await done();
    expect(await one.any(userId)).toBe(false);
    expect(await rows()).toBe(0);
  });

  it("a push still running after the delay is seen by every instance, until it ends", async () => {
    const one = pushesRunning(t.deps, 20);
    const two = pushesRunning(t.deps, 20);
    const done = await one.start(userId);
    await vi.waitFor(async () => expect(await two.any(userId)).toBe(true));
    expect(await rows()).toBe(1);
    await done();
    expect(await two.any(userId)).toBe(false);
    expect(await rows()).toBe(0);
  });
});
