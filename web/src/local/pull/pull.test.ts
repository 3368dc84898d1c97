/** What the app's online refresh (`pullAll`) asks the server for. */
import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getMeta } from "../store/db.ts";
import { resetDatabases, signedInScope } from "../test-support.ts";
import { pullAll } from "./pull.ts";

/** Every call answers 503; returns the paths asked, without their query. */
function serverDown(): string[] {
  const asked: string[] = [];
  vi.stubGlobal("fetch", async (input: string | URL | Request) => {
    asked.push(String(input instanceof Request ? input.url : input).split("?")[0] as string);
    return Response.json({ error: { code: "unavailable", message: "down" } }, { status: 503 });
  });
  return asked;
}

/** What the refresh asks besides the sync steps (whose first is the profile), sorted. */
const REFRESH_CALLS = [
  "/api/authorities",
  "/api/content/manifest",
  "/api/content/question-stats",
  "/api/user/fixed_tests",
];

describe("the online refresh", () => {
  beforeEach(resetDatabases);
  afterEach(() => vi.unstubAllGlobals());

  it("[PL1] asks for the content, the question statistics, the authorities, the fixed tests and the sync steps; each fails alone", async () => {
    const { db } = await signedInScope();
    const asked = serverDown();
    const failures = await pullAll(db);
    expect(failures).toHaveLength(5);
    expect(asked.sort()).toEqual([...REFRESH_CALLS, "/user-sync/profile"]);
    expect(await getMeta(db, "lastSyncAt")).toBeUndefined();
  });

  it("leaves the sync steps out when the sync screen runs them itself", async () => {
    const { db } = await signedInScope();
    const asked = serverDown();
    const failures = await pullAll(db, { syncSteps: false });
    expect(failures).toHaveLength(4);
    expect(asked.sort()).toEqual(REFRESH_CALLS);
  });
});
