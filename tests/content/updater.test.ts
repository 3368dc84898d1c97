/**
 * The updater against the real API in-process: the client engine (web/src/local/content) on
 * fake-indexeddb, downloading the server's published packs through a fetch that can cut a
 * connection half-way or damage bytes, as a train tunnel or a bad proxy would.
 */
import "fake-indexeddb/auto";
import { loadFixtures } from "@preflight/fixtures/index.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importBank } from "../../api/src/content/import-bank.ts";
import { createTestApp, type TestApp } from "../../api/src/test-support/harness.ts";
import { applyPack } from "../../web/src/local/content/apply.ts";
import type { Fetch } from "../../web/src/local/content/download.ts";
import type { UpdaterStatus } from "../../web/src/local/content/status.ts";
import { runUpdates, UPDATER_MESSAGES } from "../../web/src/local/content/updater.ts";
import { archiveKey, type UserDb, userDb } from "../../web/src/local/store/db.ts";

const fixtures = loadFixtures();
let dbCount = 0;

describe("the updater against the real server", () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp("sqlite");
    cookie = await t.login();
  });
  afterAll(() => t.close());

  /** Requests as the browser would send them, recorded; `fault` may replace a response. */
  function network(fault?: (path: string, response: Response, n: number) => Response | Promise<Response>) {
    const requests: { path: string; range: string | null }[] = [];
    const fetch: Fetch = async (path, init) => {
      const headers = new Headers(init?.headers);
      requests.push({ path, range: headers.get("Range") });
      const response = await t.request(path, { headers, cookie });
      return fault ? fault(path, response, requests.length) : response;
    };
    return { fetch, requests, packRequests: () => requests.filter((r) => r.path.includes("/packs/")) };
  }
  const freshDevice = (): UserDb => userDb(`device-${++dbCount}`);
  const noWait = async () => undefined;
  const subjectsOfSyllabus3 = [
    ...new Set(fixtures.questions.filter((q) => q.editions.includes("2020")).map((q) => q.subject)),
  ].sort();

  it("[CT8] a first run installs every subject of the student's syllabus, verified, and finishes at 100%", async () => {
    const db = freshDevice();
    const { fetch, packRequests } = network();
    const statuses: UpdaterStatus[] = [];
    const final = await runUpdates(db, { fetch, firstRun: true, onStatus: (s) => statuses.push(s), sleep: noWait });
    expect(final).toMatchObject({ state: "finished", progress: 100, firstRun: true, error: null });
    expect((await db.installedPacks.toArray()).map((p) => p.subject).sort()).toEqual(subjectsOfSyllabus3);
    expect(packRequests()).toHaveLength(subjectsOfSyllabus3.length);
    const expected = fixtures.questions.filter((q) => q.editions.includes("2020")).length;
    expect(await db.questions.count()).toBe(expected);
    expect(await db.lessonContent.count()).toBe(fixtures.lessons.length);
    expect(await db.syllabusNodes.where("subject").equals("050").count()).toBeGreaterThan(0);
    expect(final.downloadedBytes).toBe(final.totalSize);
    expect(statuses.some((s) => s.state === "downloading")).toBe(true);
    expect(statuses.some((s) => s.state === "processing")).toBe(true);
    expect(final.log.at(-1)?.text).toBe("All updates applied");
    expect(await db.updateRecords.where("kind").equals("applied").count()).toBe(subjectsOfSyllabus3.length);

    const again = network();
    expect(await runUpdates(db, { fetch: again.fetch, sleep: noWait })).toMatchObject({ state: "finished" });
    expect(again.packRequests()).toHaveLength(0);
  });

  it("a connection lost half-way resumes from the bytes already stored", async () => {
    const db = freshDevice();
    let cut = false;
    const net = network(async (path, response) => {
      if (cut || !path.endsWith("/packs/s3-050-v1")) return response;
      cut = true;
      const bytes = new Uint8Array(await response.arrayBuffer());
      const half = Math.floor(bytes.length / 2);
      let sent = false;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent) return controller.error(new TypeError("network connection was lost"));
          sent = true;
          controller.enqueue(bytes.subarray(0, half));
        },
      });
      return new Response(stream, { status: 200, headers: response.headers });
    });
    const statuses: UpdaterStatus[] = [];
    const final = await runUpdates(db, { fetch: net.fetch, sleep: noWait, onStatus: (s) => statuses.push(s) });
    expect(final.state).toBe("finished");
    const meteorology = net.packRequests().filter((r) => r.path.endsWith("/packs/s3-050-v1"));
    expect(meteorology).toHaveLength(2);
    expect(meteorology[0]?.range).toBeNull();
    const resumedAt = Number(/^bytes=(\d+)-$/.exec(meteorology[1]?.range ?? "")?.[1]);
    expect(resumedAt).toBeGreaterThan(0);
    expect(statuses.some((s) => s.state === "retrying" && s.warning === UPDATER_MESSAGES.lostConnection)).toBe(true);
    expect(await db.installedPacks.get("050")).toMatchObject({ version: 1 });
    expect(await db.packDownloads.count()).toBe(0);
    expect(await db.packChunks.count()).toBe(0);
  });

  it("[CT8] damaged bytes fail the sha256 check, are thrown away and fetched again whole", async () => {
    const db = freshDevice();
    let damaged = false;
    const net = network(async (path, response) => {
      if (damaged || !path.endsWith("/packs/s3-010-v1")) return response;
      damaged = true;
      const bytes = new Uint8Array(await response.arrayBuffer());
      bytes[bytes.length - 10] = (bytes[bytes.length - 10] ?? 0) ^ 0xff;
      return new Response(bytes, { status: 200, headers: response.headers });
    });
    const final = await runUpdates(db, { fetch: net.fetch, sleep: noWait });
    expect(final.state).toBe("finished");
    expect(final.log.some((l) => /damaged/.test(l.text))).toBe(true);
    const airLaw = net.packRequests().filter((r) => r.path.endsWith("/packs/s3-010-v1"));
    expect(airLaw.map((r) => r.range)).toEqual([null, null]);
  });

  it("[CT8] gives up after five attempts, records the failure and keeps what was applied", async () => {
    const db = freshDevice();
    const net = network((path, response) =>
      path.endsWith("/packs/s3-081-v1") ? new Response("upstream down", { status: 502 }) : response,
    );
    const final = await runUpdates(db, { fetch: net.fetch, sleep: noWait });
    expect(final).toMatchObject({ state: "failed", attempt: 5, error: UPDATER_MESSAGES.failed });
    expect(net.packRequests().filter((r) => r.path.endsWith("/packs/s3-081-v1"))).toHaveLength(5);
    expect(await db.updateRecords.where("kind").equals("failed").count()).toBe(1);
    expect((await db.installedPacks.count()) > 0).toBe(true);
    expect(await db.installedPacks.get("081")).toBeUndefined();
  });

  it("cancelling stops the update and a later run finishes it", async () => {
    const db = freshDevice();
    const controller = new AbortController();
    const net = network((path, response) => {
      if (path.includes("/packs/")) controller.abort();
      return response;
    });
    const final = await runUpdates(db, { fetch: net.fetch, sleep: noWait, signal: controller.signal });
    expect(final.state).toBe("cancelled");
    const later = await runUpdates(db, { fetch: network().fetch, sleep: noWait });
    expect(later.state).toBe("finished");
    expect((await db.installedPacks.toArray()).length).toBe(subjectsOfSyllabus3.length);
  });

  it("interrupt: the run stops once the pack in hand is applied, nothing after it starts, and a later run carries on", async () => {
    const db = freshDevice();
    const net = network();
    let stopAsked = false;
    const final = await runUpdates(db, {
      fetch: net.fetch,
      sleep: noWait,
      shouldStop: () => stopAsked,
      onStatus: (s) => {
        // Asked while the first pack is being processed.
        if (s.state === "processing") stopAsked = true;
      },
    });
    expect(final).toMatchObject({ state: "cancelled", currentUpdate: null, error: null });
    expect(final.log.at(-1)?.text).toBe("Stopped after the current update, as asked");
    expect(net.packRequests()).toHaveLength(1);
    expect(await db.installedPacks.count()).toBe(1);
    expect(await db.packDownloads.count()).toBe(0);
    expect(await db.updateRecords.where("kind").equals("failed").count()).toBe(0);

    const later = network();
    expect(await runUpdates(db, { fetch: later.fetch, sleep: noWait })).toMatchObject({ state: "finished" });
    expect(later.packRequests()).toHaveLength(subjectsOfSyllabus3.length - 1);
    expect((await db.installedPacks.toArray()).length).toBe(subjectsOfSyllabus3.length);
  });

  it("[CT8] a new release arrives as a delta: changed questions replaced, the old version archived, retired ones moved out", async () => {
    const db = freshDevice();
    await runUpdates(db, { fetch: network().fetch, sleep: noWait });

    const all050 = structuredClone(fixtures.questions.filter((q) => q.subject === "050"));
    const in2020 = all050.filter((q) => q.editions.includes("2020"));
    const [changed, retired] = in2020 as [(typeof all050)[0], (typeof all050)[0]];
    changed.question = `${changed.question} (revised)`;
    await importBank(
      t.deps.db,
      t.clock,
      all050.filter((q) => q.id !== retired.id),
      "revision",
    );

    const net = network();
    expect(await runUpdates(db, { fetch: net.fetch, sleep: noWait })).toMatchObject({ state: "finished" });
    expect(net.packRequests().map((r) => r.path)).toEqual(["/api/content/packs/s3-050-v1-v2"]);
    expect(await db.questions.get(changed.id)).toMatchObject({ version: 2, question: changed.question });
    expect(await db.questionArchive.get(archiveKey(changed.id, 1))).toBeDefined();
    expect(await db.questions.get(retired.id)).toBeUndefined();
    expect(await db.questionArchive.get(archiveKey(retired.id, 1))).toBeDefined();
    expect(await db.installedPacks.get("050")).toMatchObject({ version: 2 });
  });

  it("a delta never applies on top of a version it was not made from", async () => {
    const db = freshDevice();
    const pack = {
      format: 1 as const,
      id: "s3-050-v1-v2",
      syllabus_id: 3,
      subject: { code: "050", title: "Meteorology" },
      version: 2,
      base_version: 1,
      questions: [],
      retired: [],
      nodes: [],
      learning_objectives: [],
      lessons: [],
    };
    await expect(applyPack(db, pack, "x")).rejects.toThrow(/holds none/);
    expect(await db.installedPacks.count()).toBe(0);
  });
});
