import { randomUUID } from "node:crypto";
import { type FlaggedReply, topicOfCode } from "@preflight/sync-protocol/rules/flagged";
import { stripHtml } from "@preflight/sync-protocol/rules/question";
import type { BankQuestion } from "@preflight/sync-protocol/schemas/content";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app.ts";
import { createTestApp, DIALECTS, type TestApp } from "../../test-support/harness.ts";
import { FakeDevice } from "../../test-support/mutations.ts";
import { ACTIVITY_TABLES, rowCounts } from "../../test-support/rows.ts";

/** A word of the question's text long enough to be telling, for the Contains filter. */
function wordOf(question: BankQuestion): string {
  const word = stripHtml(question.question)
    .split(/[^A-Za-z]+/)
    .find((w) => w.length >= 7);
  if (!word) throw new Error(`no long word in question ${question.id}`);
  return word;
}

for (const dialect of DIALECTS) {
  describe(`POST /api/user/flagged [${dialect}]`, () => {
    let t: TestApp;
    let device: FakeDevice;
    let bank: BankQuestion[];
    /** Flagged in this order: 12 of Air Law, then 2 of Meteorology. */
    let airLaw: BankQuestion[];
    let meteorology: BankQuestion[];

    beforeAll(async () => {
      t = await createTestApp(dialect);
      t.clock.advance(3 * 60 * 60 * 1000); // 12:00Z, later than every intent below
      device = await FakeDevice.signIn(t);
      const reply = await t.request("/api/content/bank", { cookie: device.cookie });
      bank = ((await reply.json()) as { questions: BankQuestion[] }).questions;
      airLaw = bank.filter((q) => q.subject === "010").slice(0, 12);
      meteorology = bank.filter((q) => q.subject === "050").slice(0, 2);
      expect(airLaw).toHaveLength(12);
    });
    afterAll(() => t.close());

    const list = (json: unknown, query = "") =>
      t.request(`/api/user/flagged${query}`, { method: "POST", cookie: device.cookie, json });
    const listOk = async (json: unknown, query = "") => {
      const res = await list(json, query);
      expect(res.status).toBe(200);
      return (await res.json()) as FlaggedReply;
    };
    const errorOf = async (res: Response) => {
      expect(res.status).toBe(400);
      return ((await res.json()) as { error: { code: string; message: string } }).error;
    };
    const flag = (questions: BankQuestion[], flagged = true) =>
      device.pushOk(questions.map((q) => device.mutation("POST /api/question/flag", { question_id: q.id, flagged })));

    it("needs a session", async () => {
      const res = await t.request("/api/user/flagged", { method: "POST", json: {} });
      expect(res.status).toBe(401);
    });

    it("answers an empty list before anything is flagged", async () => {
      expect(await listOk({})).toEqual({ all: [], data: [], current_page: 1, per_page: 10, total: 0 });
      expect(await listOk({ subject: "010" })).toEqual({ all: [], data: [], current_page: 1, per_page: 10, total: 0 });
    });

    it("without a subject lists nothing, but `all` holds every flagged id, most recently flagged first", async () => {
      const results = await flag([...airLaw, ...meteorology]);
      expect(results.every((r) => r.status === "applied")).toBe(true);
      const reply = await listOk({});
      expect(reply.all).toEqual([...airLaw, ...meteorology].map((q) => q.id).reverse());
      expect(reply).toMatchObject({ data: [], current_page: 1, per_page: 10, total: 0 });
    });

    it("lists a subject's flagged questions ten to a page, numbered over the whole list", async () => {
      const newestFirst = airLaw.map((q) => q.id).reverse();
      const first = await listOk({ subject: "010" });
      expect(first).toMatchObject({ current_page: 1, per_page: 10, total: 12 });
      expect(first.data.map((d) => d.question_id)).toEqual(newestFirst.slice(0, 10));
      expect(first.data.map((d) => d.question.question_number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);

      const second = await listOk({ subject: "010" }, "?page=2");
      expect(second).toMatchObject({ current_page: 2, per_page: 10, total: 12 });
      expect(second.data.map((d) => d.question_id)).toEqual(newestFirst.slice(10));
      expect(second.data.map((d) => d.question.question_number)).toEqual([11, 12]);

      // A page past the end is empty; the total still says how many there are.
      expect(await listOk({ subject: "010" }, "?page=3")).toMatchObject({ data: [], current_page: 3, total: 12 });
    });

    it("serves each item as spec 3 names it: stripped text, reference, answers with the correct ones", async () => {
      const { data } = await listOk({ subject: "050" });
      expect(data.map((d) => d.question_id)).toEqual(meteorology.map((q) => q.id).reverse());
      const item = data[0];
      const source = meteorology[1] as BankQuestion;
      expect(item).toEqual({
        question_id: source.id,
        question: {
          id: source.id,
          question_stripped: stripHtml(source.question),
          reference: source.reference,
          type: source.type,
          question: source.question,
          answers: source.answers.map((a) => ({
            id: a.id,
            answer: a.answer,
            correct: a.correct,
            ...(a.group === undefined ? {} : { question_cloze_group: a.group }),
          })),
          score: source.score,
          question_number: 1,
          isFlagged: true,
          note: null,
          seen_in_exam: [],
        },
      });
      expect(item?.question.question_stripped).not.toMatch(/<[^>]+>/);
    });

    it("filters by topic", async () => {
      const topic = topicOfCode((airLaw[0] as BankQuestion).syllabus_code);
      const expected = airLaw.filter((q) => topicOfCode(q.syllabus_code) === topic).map((q) => q.id);
      const reply = await listOk({ subject: "010", topic });
      expect(reply.total).toBe(expected.length);
      expect(reply.data.map((d) => d.question_id).sort()).toEqual(expected.sort());
      expect(reply.all).toHaveLength(14);
    });

    it("filters by Contains, lowercased, in the text without its html", async () => {
      const target = airLaw[3] as BankQuestion;
      const word = wordOf(target);
      const reply = await listOk({ subject: "010", contains: `  ${word.toUpperCase()} ` });
      expect(reply.data.map((d) => d.question_id)).toContain(target.id);
      for (const item of reply.data)
        expect(item.question.question_stripped.toLowerCase()).toContain(word.toLowerCase());
      expect(await listOk({ subject: "010", contains: "zzqxv no such text" })).toMatchObject({ data: [], total: 0 });
    });

    it("Contains finds the student's own note on a flagged question too, and the item carries the note", async () => {
      const target = airLaw[5] as BankQuestion;
      const note = "Mnemonic: CAVOK means\nno cloud below 5000 ft";
      await device.pushOk([device.mutation("POST /api/question/note", { question_id: target.id, text: note })]);
      const reply = await listOk({ subject: "010", contains: "cavok MEANS" });
      expect(reply.data.map((d) => d.question_id)).toEqual([target.id]);
      expect(reply.data[0]?.question.note).toBe(note);
      // Another student's note on the same question is not this student's to find.
      const other = await FakeDevice.signInAsNewStudent(t);
      await other.pushOk([
        other.mutation("POST /api/question/flag", { question_id: target.id, flagged: true }),
        other.mutation("POST /api/question/note", { question_id: target.id, text: "someone else's words" }),
      ]);
      expect(await listOk({ subject: "010", contains: "someone else" })).toMatchObject({ data: [], total: 0 });
      // A cleared note is found no more.
      await device.pushOk([device.mutation("POST /api/question/note", { question_id: target.id, text: "" })]);
      expect(await listOk({ subject: "010", contains: "cavok" })).toMatchObject({ data: [], total: 0 });
      const cleared = (await listOk({ subject: "010" }, "?page=1")).data.find((d) => d.question_id === target.id);
      expect(cleared?.question.note ?? null).toBeNull();
    });

    it("carries the student's seen-in-exam reports", async () => {
      const target = meteorology[0] as BankQuestion;
      await device.pushOk([
        device.mutation("POST /questions/{id}/seen-in-exam".replace("{id}", String(target.id)), {
          report_id: randomUUID(),
          date_seen: "2026-10",
          authority: "de_lba",
        }),
      ]);
      const item = (await listOk({ subject: "050" })).data.find((d) => d.question_id === target.id);
      expect(item?.question.seen_in_exam).toEqual([
        { date_seen: "2026-10", authority: { title: "Luftfahrt-Bundesamt (Germany)" } },
      ]);
    });

    it("drops an unflagged question, and every one after unflag all", async () => {
      const gone = airLaw[11] as BankQuestion;
      await flag([gone], false);
      const reply = await listOk({ subject: "010" });
      expect(reply.total).toBe(11);
      expect(reply.all).not.toContain(gone.id);
      expect(reply.data.map((d) => d.question_id)).not.toContain(gone.id);
      // Flagging it again puts it first: most recently flagged.
      await flag([gone], true);
      expect((await listOk({ subject: "010" })).data[0]?.question_id).toBe(gone.id);

      await device.pushOk([device.mutation("POST /api/question/unflag_all", {})]);
      expect(await listOk({ subject: "010" })).toEqual({ all: [], data: [], current_page: 1, per_page: 10, total: 0 });
    });

    it.each([
      ["?page=0", "page: page must be a whole number from 1"],
      ["?page=-2", "page: page must be a whole number from 1"],
      ["?page=1.5", "page: page must be a whole number from 1"],
      ["?page=two", "page: page must be a whole number from 1"],
    ])("refuses %s with 400 and says why", async (query, message) => {
      const error = await errorOf(await list({ subject: "010" }, query));
      expect(error).toMatchObject({ code: "bad_request", message });
    });

    it.each([
      [{ subject: "10" }, "subject: subject must be a subject code of three digits, e.g. 010"],
      [{ subject: 10 }, "subject: subject must be a subject code of three digits, e.g. 010"],
      [{ subject: "010", topic: "10.1" }, "topic: topic must be a topic code, e.g. 010.01"],
      [{ topic: "010.01" }, "topic: Choose a subject first"],
      [{ contains: "vfr" }, "contains: Choose a subject first"],
      [{ subject: "050", topic: "010.01" }, "topic: topic 010.01 is not in subject 050"],
      [{ subject: "010", contains: ["vfr"] }, "contains: contains must be text"],
      [{ subject: "010", contains: "x".repeat(201) }, "contains: contains must be at most 200 characters"],
      [[], "Invalid input: expected object, received array"],
    ])("refuses the body %j with 400 and says why", async (body, message) => {
      const before = await rowCounts(t.deps.db, ACTIVITY_TABLES);
      const error = await errorOf(await list(body));
      expect(error.code).toBe("bad_request");
      expect(error.message).toBe(message);
      expect(await rowCounts(t.deps.db, ACTIVITY_TABLES)).toEqual(before);
    });

    it("takes a call without a body as no filter (the payload's fields are all optional)", async () => {
      const res = await t.request("/api/user/flagged", { method: "POST", cookie: device.cookie });
      expect(res.status).toBe(200);
      expect(((await res.json()) as FlaggedReply).data).toEqual([]);
    });

    it("refuses a body that is not JSON with 400", async () => {
      const res = await t.request("/api/user/flagged", {
        method: "POST",
        cookie: device.cookie,
        headers: { "Content-Type": "application/json" },
        body: "{subject:",
      });
      expect((await errorOf(res)).message).toBe("Malformed JSON in request body");
    });

    it("is gone when flagging is switched off", async () => {
      const off = createApp({
        ...t.deps,
        features: { flagged: false, seen_in_exam: true, ai_tutor: false, display_answers: true },
      });
      const res = await off.request("/api/user/flagged", {
        method: "POST",
        headers: { Cookie: device.cookie, "Content-Type": "application/json" },
        body: "{}",
      });
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
        "Flagged questions are not enabled",
      );
    });
  });

  describe(`GET /api/question_topic [${dialect}]`, () => {
    let t: TestApp;
    let cookie: string;
    let bank: BankQuestion[];
    beforeAll(async () => {
      t = await createTestApp(dialect);
      cookie = await t.login();
      bank = ((await (await t.request("/api/content/bank", { cookie })).json()) as { questions: BankQuestion[] })
        .questions;
    });
    afterAll(() => t.close());

    it("lists the topics of a subject that hold questions of the student's bank, titled, in order", async () => {
      const res = await t.request("/api/question_topic?subject_code=010", { cookie });
      expect(res.status).toBe(200);
      const { data } = (await res.json()) as { data: { id: string; title: string }[] };
      const expected = [...new Set(bank.filter((q) => q.subject === "010").map((q) => topicOfCode(q.syllabus_code)))];
      expect(data.map((d) => d.id)).toEqual(expected.sort());
      expect(data.find((d) => d.id === "010.01")?.title).toBe(
        "International law: conventions, agreements and organisations",
      );
    });

    it("files the 071 and 072 headings under subject 070", async () => {
      const { data } = (await (await t.request("/api/question_topic?subject_code=070", { cookie })).json()) as {
        data: { id: string }[];
      };
      expect(data.length).toBeGreaterThan(0);
      expect(data.every((d) => /^07[12]\.\d{2}$/.test(d.id))).toBe(true);
    });

    it.each(["", "?subject_code=10", "?subject_code=abc"])("refuses %j with 400", async (query) => {
      const res = await t.request(`/api/question_topic${query}`, { cookie });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
        "subject_code: subject must be a subject code of three digits, e.g. 010",
      );
    });

    it("needs a session", async () => {
      expect((await t.request("/api/question_topic?subject_code=010")).status).toBe(401);
    });
  });
}
