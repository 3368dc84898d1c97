/**
 * The route catalogue (sync-protocol/routes) is the list of calls: every route the app mounts
 * has an entry and every entry is mounted, so sign-in comes from the entries alone: every entry
 * that needs a session refuses a request without one (401), and a path param outside its schema
 * is a 400, never a 500. Every reply the API suite produces is parsed against its entry by
 * mountRoute (on outside production), so a drifting reply fails the test that caused it with a
 * 500; the last case here shows that check is on in tests.
 */

import { honoPath, routeKey, routes } from "@preflight/sync-protocol/routes/index";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { createTestApp, type TestApp } from "../test-support/harness.ts";
import { paramNames, pathOf, sampleParams } from "./catalogue-samples.ts";
import { checksReplies } from "./mount-route.ts";

/** Path param values no schema should take: a quote, a NUL byte, a number that is no id. */
const BAD_VALUES = ["a'b", "%00", "1.5"];

describe("the route catalogue", () => {
  let t: TestApp;
  let mounted: Set<string>;
  beforeAll(async () => {
    t = await createTestApp("sqlite");
    // Method "ALL" is middleware (app.use).
    mounted = new Set(
      createApp(t.deps)
        .routes.filter((r) => r.method !== "ALL")
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
    expect([...mounted].filter((k) => !catalogued.has(k))).toEqual([]);
  });

  it("answers every entry that needs a session with a 401 when there is none", async () => {
    const answers = await Promise.all(
      entries
        .filter((e) => e.entry.auth !== "none")
        .map(async ({ name, entry }) => {
          const body = entry.method === "GET" ? {} : { json: {} };
          const res = await t.request(pathOf(entry, sampleParams(entry)), { method: entry.method, ...body });
          const reply = (await res.json()) as { error?: { code?: string } };
          return `${name}: ${res.status} ${reply.error?.code}`;
        }),
    );
    expect(answers.filter((a) => !a.endsWith(": 401 unauthenticated"))).toEqual([]);
  });

  it("answers a path param outside its schema with a 400, never a 500", async () => {
    const cookies = {
      session: await t.login(),
      maintenance: await t.login("admin@preflight.test"),
      instructor: await t.login("instructor@preflight.test"),
    };
    const answers: string[] = [];
    for (const { name, entry } of entries) {
      for (const param of paramNames(entry)) {
        const refused = BAD_VALUES.filter(
          (bad) => !entry.params.safeParse({ ...sampleParams(entry), [param]: decodeURIComponent(bad) }).success,
        );
        // Every param's schema refuses at least one of the bad values.
        if (refused.length === 0) answers.push(`${name} {${param}}: takes every bad value`);
        for (const bad of refused) {
          const path = pathOf(entry, { ...sampleParams(entry), [param]: bad }, [param]);
          const cookie = entry.auth === "none" ? undefined : cookies[entry.auth];
          const body = entry.method === "GET" ? {} : { json: {} };
          const res = await t.request(path, { method: entry.method, cookie, ...body });
          if (res.status !== 400) answers.push(`${name} ${path}: ${res.status}`);
        }
      }
    }
    expect(answers).toEqual([]);
  });

  it("checks every reply against its entry in tests", () => {
    expect(checksReplies(t.deps)).toBe(true);
  });
});
