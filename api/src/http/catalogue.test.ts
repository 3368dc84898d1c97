/**
 * The route catalogue (sync-protocol/routes) is the list of calls: every route the app mounts
 * has an entry and every entry is mounted. Every reply the API suite produces is parsed against
 * its entry by mountRoute (on outside production), so a drifting reply fails the test that
 * caused it with a 500; the last case here shows that check is on in tests.
 */
import { honoPath, routeKey, routes } from "@preflight/sync-protocol/routes/index";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { createTestApp, type TestApp } from "../test-support/harness.ts";
import { checksReplies } from "./mount-route.ts";

/** Routes still mounted by hand, awaiting their entry. The list may only shrink. */
const NOT_YET_CATALOGUED: string[] = [];

describe("the route catalogue", () => {
  let t: TestApp;
  let mounted: Set<string>;
  beforeAll(async () => {
    t = await createTestApp("sqlite");
    // Method "ALL" is middleware (app.use); a path ending in * is the sign-in path list's middleware.
    mounted = new Set(
      createApp(t.deps)
        .routes.filter((r) => r.method !== "ALL" && !r.path.endsWith("*"))
        .map((r) => `${r.method} ${r.path}`),
    );
  });
  afterAll(() => t.close());

  const entries = Object.entries(routes).map(([name, entry]) => ({
    name,
    key: `${entry.method} ${honoPath(entry.path)}`,
    entry,
  }));

  it("has one entry per call: no two entries share a method and path", () => {
    const keys = entries.map((e) => e.key);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it("mounts every entry", () => {
    expect(entries.filter((e) => !mounted.has(e.key)).map((e) => `${e.name}: ${routeKey(e.entry)}`)).toEqual([]);
  });

  it("has an entry for every mounted route", () => {
    const catalogued = new Set(entries.map((e) => e.key));
    const missing = [...mounted].filter((k) => !catalogued.has(k) && !NOT_YET_CATALOGUED.includes(k));
    expect(missing).toEqual([]);
  });

  it("lists as not yet catalogued only routes that are mounted and have no entry", () => {
    const catalogued = new Set(entries.map((e) => e.key));
    expect(NOT_YET_CATALOGUED.filter((k) => !mounted.has(k) || catalogued.has(k))).toEqual([]);
  });

  it("checks every reply against its entry in tests", () => {
    expect(checksReplies(t.deps)).toBe(true);
  });
});
