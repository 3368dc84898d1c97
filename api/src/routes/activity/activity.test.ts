/**
 * The inactivity timing comes from the server's configuration (test-taking §9: default
 * inactivity time 30 minutes, poll interval supplied by configuration): the me reply tells the
 * device, and GET /user-active answers `active` by the same time.
 */
import { INACTIVITY_DEFAULTS } from "@preflight/sync-protocol/schemas/auth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inactivityFromEnv } from "../../deps.ts";
import { createTestApp, DIALECTS, type TestApp } from "../../test-support/harness.ts";

describe("PREFLIGHT_INACTIVITY_MINUTES and PREFLIGHT_INACTIVITY_POLL_SECONDS", () => {
  it("default to 30 minutes and a 10 s poll", () => {
    expect(inactivityFromEnv({})).toEqual({ minutes: 30, poll_seconds: 10 });
    expect(INACTIVITY_DEFAULTS).toEqual({ minutes: 30, poll_seconds: 10 });
  });

  it("are read as whole numbers", () => {
    expect(inactivityFromEnv({ PREFLIGHT_INACTIVITY_MINUTES: "5", PREFLIGHT_INACTIVITY_POLL_SECONDS: "30" })).toEqual({
      minutes: 5,
      poll_seconds: 30,
    });
  });

  it.each([["0"], ["-3"], ["1.5"], ["soon"]])("refuse to start on %s minutes", (value) => {
    expect(() => inactivityFromEnv({ PREFLIGHT_INACTIVITY_MINUTES: value })).toThrow(/PREFLIGHT_INACTIVITY_/);
  });
});

for (const dialect of DIALECTS) {
  describe(`the inactivity time from the configuration [${dialect}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect);
    });
    afterAll(() => t.close());

    it("the me reply tells the device the configured time and poll interval (the defaults when unset)", async () => {
      const cookie = await t.login();
      const me = async () =>
        ((await (await t.request("/api/auth/me", { cookie })).json()) as { user: { inactivity: unknown } }).user
          .inactivity;
      expect(await me()).toEqual({ minutes: 30, poll_seconds: 10 });
      t.deps.inactivity = { minutes: 5, poll_seconds: 2 };
      expect(await me()).toEqual({ minutes: 5, poll_seconds: 2 });
      t.deps.inactivity = undefined;
    });

    it("GET /user-active answers by the configured time; POST /user-active marks the student active", async () => {
      t.deps.inactivity = { minutes: 5, poll_seconds: 2 };
      const cookie = await t.login();
      const active = async () =>
        ((await (await t.request("/user-active", { cookie })).json()) as { active: boolean }).active;
      expect(await active()).toBe(true);
      t.clock.advance(4 * 60_000);
      expect(await active()).toBe(true);
      t.clock.advance(2 * 60_000);
      expect(await active()).toBe(false);
      const mark = await t.request("/user-active", { method: "POST", cookie, json: {} });
      expect(await mark.json()).toEqual({ success: true, active: true });
      expect(await active()).toBe(true);
      t.deps.inactivity = undefined;
    });
  });
}
