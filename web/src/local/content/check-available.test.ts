/** What the server has that is newer than the device: asked once for callers at the same moment. */
import "fake-indexeddb/auto";
import type { Manifest } from "@preflight/sync-protocol/schemas/content-pack";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { now } from "../../platform.ts";
import { resetDatabases, signedInScope } from "../test-support.ts";

const MANIFEST: Manifest = {
  syllabus_id: 1,
  release: 3,
  published_at: null,
  subjects: [{ code: "010", title: "Air Law", version: 2 }],
  modules: [{ id: 1, title: "ATPL", subjects: ["010"] }],
  packs: [
    {
      id: "s1-010-v2",
      subject: "010",
      kind: "full",
      version: 2,
      base_version: null,
      size: 1200,
      sha256: "a".repeat(64),
      questions: 40,
      retired: 0,
    },
  ],
  images: [],
};

/** A fresh copy of the service (it remembers the last manifest for a few seconds). */
const load = () => import("./service.ts");

describe("checking for updates", () => {
  let manifestRequests = 0;
  beforeEach(async () => {
    vi.resetModules();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-29T09:00:00Z"));
    await resetDatabases();
    manifestRequests = 0;
    vi.stubGlobal("fetch", async (input: RequestInfo | URL) => {
      if (String(input) !== "/api/content/manifest") throw new Error(`unexpected request ${String(input)}`);
      manifestRequests++;
      return Response.json(MANIFEST);
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("checks at the same moment share one request", async () => {
    const { checkAvailable } = await load();
    const { db } = await signedInScope();
    const [first, second] = await Promise.all([checkAvailable(db), checkAvailable(db)]);
    expect(manifestRequests).toBe(1);
    expect(first).toMatchObject({ total_updates: 1, total_sources: 1, size: 1200 });
    expect(second).toMatchObject({ total_updates: 1, total_sources: 1, size: 1200 });
  });

  it("a check within 10 s uses the manifest just sent; a later one asks the server again", async () => {
    const { checkAvailable, MANIFEST_FRESH_MS } = await load();
    const { db } = await signedInScope();
    await checkAvailable(db);
    vi.setSystemTime(now() + MANIFEST_FRESH_MS - 1);
    await checkAvailable(db);
    expect(manifestRequests).toBe(1);
    vi.setSystemTime(now() + 1);
    await checkAvailable(db);
    expect(manifestRequests).toBe(2);
  });

  it("a check the student asks for goes to the server however recent the last one", async () => {
    const { checkAvailable } = await load();
    const { db } = await signedInScope();
    await checkAvailable(db);
    await checkAvailable(db, { askAgain: true });
    expect(manifestRequests).toBe(2);
  });

  it("a failed check is not kept for the next one", async () => {
    const { checkAvailable } = await load();
    const { db } = await signedInScope();
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    await expect(checkAvailable(db)).rejects.toThrow();
    vi.stubGlobal("fetch", async () => {
      manifestRequests++;
      return Response.json(MANIFEST);
    });
    await expect(checkAvailable(db)).resolves.toMatchObject({ total_updates: 1 });
    expect(manifestRequests).toBe(1);
  });
});
