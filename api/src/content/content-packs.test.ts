import { loadFixtures } from "@preflight/fixtures/index.ts";
import { planUpdates } from "@preflight/sync-protocol/rules/content-plan";
import type { BankQuestion } from "@preflight/sync-protocol/schemas/content";
import type { Manifest } from "@preflight/sync-protocol/schemas/content-pack";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "../test-support/harness.ts";
import { ImportRejected, importBank } from "./import-bank.ts";
import { decodePack, sha256Hex } from "./pack-bytes.ts";

const fixtures = loadFixtures();
const meteorology = () => structuredClone(fixtures.questions.filter((q) => q.subject === "050"));

for (const dialect of DIALECTS) {
  describe(`content packs [${dialect}]`, () => {
    let t: TestApp;
    let cookie: string;
    beforeAll(async () => {
      t = await createTestApp(dialect);
      cookie = await t.login();
    });
    afterAll(() => t.close());

    const manifest = async () => {
      const res = await t.request("/api/content/manifest", { cookie });
      expect(res.status).toBe(200);
      return (await res.json()) as Manifest;
    };
    const pack = async (id: string, headers: Record<string, string> = {}) =>
      t.request(`/api/content/packs/${id}`, { cookie, headers });
    const installedAll = (m: Manifest, version = 1) => Object.fromEntries(m.subjects.map((s) => [s.code, version]));

    it("publishes release 1 of the demo content: one full pack per subject of the syllabus", async () => {
      const m = await manifest();
      expect(m).toMatchObject({ syllabus_id: 3, release: 1 });
      const subjects = [...new Set(fixtures.questions.map((q) => q.subject))].sort();
      expect(m.subjects.map((s) => s.code)).toEqual(subjects);
      expect(m.subjects.every((s) => s.version === 1)).toBe(true);
      expect(m.packs.filter((p) => p.kind === "full")).toHaveLength(subjects.length);
      expect(m.modules.length).toBeGreaterThan(0);
      expect(m.modules[0]?.subjects.length).toBeGreaterThan(0);
      const lessonImage = m.images.find((i) => i.file === "050-isa-profile.png");
      expect(lessonImage?.sha256).toMatch(/^[0-9a-f]{64}$/);
    });

    it("[CT8] serves a pack whose bytes match the manifest's size and sha256 and decode to the subject", async () => {
      const m = await manifest();
      const entry = m.packs.find((p) => p.id === "s3-050-v1");
      expect(entry).toBeDefined();
      const res = await pack("s3-050-v1");
      expect(res.status).toBe(200);
      expect(res.headers.get("Accept-Ranges")).toBe("bytes");
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect(bytes.length).toBe(entry?.size);
      expect(sha256Hex(bytes)).toBe(entry?.sha256);
      const body = decodePack(bytes);
      expect(body).toMatchObject({ id: "s3-050-v1", version: 1, base_version: null, retired: [] });
      expect(body.questions.map((q) => q.id).sort()).toEqual(
        fixtures.questions
          .filter((q) => q.subject === "050")
          .map((q) => q.id)
          .sort(),
      );
      expect(body.lessons?.some((l) => l.subject === "050")).toBe(true);
      expect(body.nodes?.every((n) => n.code.startsWith("050"))).toBe(true);
    });

    it("resumes: a Range request returns the rest, and the parts make the whole", async () => {
      const whole = new Uint8Array(await (await pack("s3-050-v1")).arrayBuffer());
      const cut = Math.floor(whole.length / 3);
      const rest = await pack("s3-050-v1", { Range: `bytes=${cut}-` });
      expect(rest.status).toBe(206);
      expect(rest.headers.get("Content-Range")).toBe(`bytes ${cut}-${whole.length - 1}/${whole.length}`);
      const joined = new Uint8Array([...whole.subarray(0, cut), ...new Uint8Array(await rest.arrayBuffer())]);
      expect(sha256Hex(joined)).toBe(sha256Hex(whole));
    });

    it("refuses bad pack requests clearly", async () => {
      const outside = await pack("s3-050-v1", { Range: "bytes=99999999-" });
      expect(outside.status).toBe(416);
      expect(((await outside.json()) as { error: { message: string } }).error.message).toMatch(/outside/);
      expect((await pack("s3-050-v1", { Range: "pages=1" })).status).toBe(416);
      expect((await pack("s3-050-v99")).status).toBe(404);
      expect((await pack("s1-050-v1")).status).toBe(404); // another syllabus's pack
      const bad = await pack("..%2Fetc");
      expect(bad.status).toBe(400);
      expect((await t.request("/api/content/packs/s3-050-v1")).status).toBe(401);
      expect((await t.request("/api/content/manifest")).status).toBe(401);
    });

    it("an unchanged manifest revalidates with its ETag to a 304 with no body; any other ETag gets the manifest", async () => {
      const first = await t.request("/api/content/manifest", { cookie });
      const etag = first.headers.get("ETag");
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(first.headers.get("Cache-Control")).toBe("no-cache");
      const again = await t.request("/api/content/manifest", { cookie, headers: { "If-None-Match": etag ?? "" } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe("");
      const stale = await t.request("/api/content/manifest", { cookie, headers: { "If-None-Match": '"other"' } });
      expect(stale.status).toBe(200);
      expect(((await stale.json()) as Manifest).release).toBe(1);
    });

    it("an import that changes, adds and drops questions publishes a delta for that subject only", async () => {
      const before = await manifest();
      const bank = meteorology();
      const [changed, dropped] = bank as [BankQuestion, BankQuestion];
      changed.question = `${changed.question} (revised)`;
      const added: BankQuestion = { ...structuredClone(changed), id: 9_050_001, question: "A new question?" };
      const file = [...bank.filter((q) => q.id !== dropped.id), added];

      const summary = await importBank(t.deps.db, t.clock, file, "050 revision");
      expect(summary).toMatchObject({ added: 1, changed: 1, retired: 1, restored: 0 });
      expect(summary.release).toMatchObject({ release: 2, changed: true });

      const after = await manifest();
      expect(after.release).toBe(2);
      const versions = Object.fromEntries(after.subjects.map((s) => [s.code, s.version]));
      expect(versions["050"]).toBe(2);
      expect(Object.entries(versions).filter(([code, v]) => code !== "050" && v !== 1)).toEqual([]);

      const plan = planUpdates(after, installedAll(before));
      expect(plan.updates.map((u) => u.subject)).toEqual(["050"]);
      expect(plan.updates[0]?.packs.map((p) => p.id)).toEqual(["s3-050-v1-v2"]);
      const delta = decodePack(new Uint8Array(await (await pack("s3-050-v1-v2")).arrayBuffer()));
      expect(delta.questions.map((q) => [q.id, q.version]).sort()).toEqual(
        [
          [changed.id, 2],
          [added.id, 1],
        ].sort(),
      );
      expect(delta.retired).toEqual([dropped.id]);
      // Headings, objectives and lessons did not change: the delta leaves them out.
      expect(delta).toMatchObject({ nodes: null, learning_objectives: null, lessons: null });

      // The retired question stays readable for the results and statistics that use it.
      const kept = await t.deps.db
        .selectFrom("question_versions")
        .select("version")
        .where("question_id", "=", dropped.id)
        .execute();
      expect(kept).toHaveLength(1);
      const full = decodePack(new Uint8Array(await (await pack("s3-050-v2")).arrayBuffer()));
      expect(full.questions.some((q) => q.id === dropped.id)).toBe(false);
    });

    it("importing the same bank again publishes nothing", async () => {
      const current = await manifest();
      const file = decodePack(new Uint8Array(await (await pack("s3-050-v2")).arrayBuffer())).questions.map(
        ({ version: _version, ...q }) => q,
      );
      // Syllabus 3 includes examples and only the 2020 edition; the dropped question stays retired.
      const others = meteorology().filter((q) => !file.some((f) => f.id === q.id) && q.id !== meteorology()[1]?.id);
      const summary = await importBank(t.deps.db, t.clock, [...file, ...others], "again");
      expect(summary.release.changed).toBe(false);
      expect((await manifest()).release).toBe(current.release);
    });

    it("POST /update/update-syllabus answers with the student's syllabus, or null without one", async () => {
      const res = await t.request("/update/update-syllabus", { method: "POST", cookie });
      expect(await res.json()).toEqual({ syllabus_sync_response: { id: 3, title: expect.any(String) } });
      await t.deps.db
        .updateTable("users")
        .set({ syllabus_id: null })
        .where("email", "=", "class@preflight.test")
        .execute();
      const none = await t.login("class@preflight.test");
      const reply = await t.request("/update/update-syllabus", { method: "POST", cookie: none });
      expect(await reply.json()).toEqual({ syllabus_sync_response: null });
      expect((await t.request("/api/content/manifest", { cookie: none })).status).toBe(404);
      expect((await t.request("/update/update-syllabus", { method: "POST" })).status).toBe(401);
    });

    it("[CT1] rejects a bad bank whole, naming each problem, and writes nothing", async () => {
      const bank = meteorology();
      const broken = [
        { ...bank[0], question: "" },
        { ...bank[1], subject: "999" },
        { ...bank[2], learning_objectives: ["050.99.99.99.99"] },
        bank[2],
      ];
      const count = async () =>
        Number(
          (
            await t.deps.db
              .selectFrom("question_versions")
              .select((eb) => eb.fn.countAll().as("n"))
              .executeTakeFirst()
          )?.n,
        );
      const before = await count();
      await expect(importBank(t.deps.db, t.clock, broken, "broken")).rejects.toBeInstanceOf(ImportRejected);
      const error = await importBank(t.deps.db, t.clock, broken, "broken").catch((e: ImportRejected) => e);
      expect((error as ImportRejected).problems.join("\n")).toMatch(/question 1 \(id \d+\) at question/);
      expect((error as ImportRejected).problems.join("\n")).toMatch(/appears twice/);
      await expect(importBank(t.deps.db, t.clock, { format: "other" }, "x")).rejects.toBeInstanceOf(ImportRejected);
      const unknownRefs = [{ ...bank[0], learning_objectives: ["050.99.99.99.99"] }];
      const refs = await importBank(t.deps.db, t.clock, unknownRefs, "refs").catch((e: ImportRejected) => e);
      expect((refs as ImportRejected).problems).toEqual([
        `question ${bank[0]?.id}: unknown learning objective 050.99.99.99.99`,
      ]);
      expect(await count()).toBe(before);
      expect((await manifest()).release).toBe(2);
    });
  });
}
