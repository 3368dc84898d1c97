import "fake-indexeddb/auto";
import { withholdAnswers } from "@preflight/sync-protocol/rules/withheld-answers";
import type { FixedTestsReply } from "@preflight/sync-protocol/schemas/fixed";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTest, finishTest, saveAnswer, testQuestions } from "../actions/test.ts";
import { archiveKey } from "../store/db.ts";
import { multipleChoice, resetDatabases, signedInScope } from "../test-support.ts";
import { HIDE_FIXED_RESULTS_META, refreshFixedTests } from "./fixed-tests.ts";

function serveFixedTests(reply: FixedTestsReply) {
  vi.stubGlobal(
    "fetch",
    async () => new Response(JSON.stringify(reply), { status: 200, headers: { "Content-Type": "application/json" } }),
  );
}

/** The server with ETags: a 304 to the ETag of `reply`; the If-None-Match of each request is noted. */
function serveWithEtag(reply: FixedTestsReply, etag: string, asked: (string | null)[]) {
  vi.stubGlobal("fetch", async (_url: string, init?: RequestInit) => {
    const sent = new Headers(init?.headers).get("If-None-Match");
    asked.push(sent);
    if (sent === etag) return new Response(null, { status: 304, headers: { ETag: etag } });
    return new Response(JSON.stringify(reply), {
      status: 200,
      headers: { "Content-Type": "application/json", ETag: etag },
    });
  });
}

const school = {
  id: 2,
  title: "Air Law school exam",
  time_limit: 15,
  password_access: true,
  disabled_reason: null,
  attempts: 3,
  user_tests_count: 0,
  pass_percentage: 75,
  hide_results: false,
  hide_answers: false,
  opens_at: null,
  closes_at: null,
  question_ids: [30, 10, 20],
  question_versions: [1, 2, 1],
};

/** The school's test as the server sends it: its questions at the test's versions (question 10 edited, version 2). */
const schoolReply = (): FixedTestsReply => ({
  tests: [school],
  questions: [multipleChoice(30), { ...multipleChoice(10), version: 2 }, multipleChoice(20)],
  hide_fixed_results: false,
});

describe("[FX5] downloading fixed tests", () => {
  beforeEach(resetDatabases);
  afterEach(() => vi.unstubAllGlobals());

  it("keeps the tests with their questions, so they open offline at their own versions", async () => {
    const { db } = await signedInScope();
    await db.questions.bulkPut([multipleChoice(10), multipleChoice(20)]); // the bank, at version 1
    serveFixedTests({
      tests: [school],
      questions: [multipleChoice(30), { ...multipleChoice(10), version: 2, question: "Edited" }, multipleChoice(20)],
      hide_fixed_results: true,
    });
    expect(await refreshFixedTests(db, () => new Date("2026-11-21T09:00:00.000Z"))).toBe(1);
    expect(await db.fixedTests.toArray()).toEqual([
      { ...school, position: 1, password_verified: false, downloadedAt: "2026-11-21T09:00:00.000Z" },
    ]);
    // A question the bank lacks is added; the bank's own copy stays, the other version is archived.
    expect((await db.questions.get(30))?.version).toBe(1);
    expect((await db.questions.get(10))?.question).toBe("Question 10");
    expect((await db.questionArchive.get(archiveKey(10, 2)))?.question.question).toBe("Edited");
    const questions = await testQuestions(db, school);
    expect(questions.map((q) => [q?.id, q?.version])).toEqual([
      [30, 1],
      [10, 2],
      [20, 1],
    ]);
    expect((await db.meta.get(HIDE_FIXED_RESULTS_META))?.value).toBe(true);
  });

  it("keeps a school's withheld question for its test only: never in the bank, answered ungraded, no score predicted", async () => {
    const scope = await signedInScope();
    const { db } = scope;
    await db.questions.bulkPut([multipleChoice(10)]);
    const hidden = {
      ...school,
      id: 3,
      password_access: false,
      hide_answers: true,
      opens_at: null,
      closes_at: null,
      question_ids: [10, 40],
      question_versions: [1, 1],
    };
    serveFixedTests({
      tests: [hidden],
      questions: [multipleChoice(10), { ...withholdAnswers(multipleChoice(40)), version: 1 }],
      hide_fixed_results: false,
    });
    await refreshFixedTests(db);
    // Not one of the bank's questions: no practice test, search or flag list can pick it.
    expect(await db.questions.get(40)).toBeUndefined();
    const [, shown] = await testQuestions(db, hidden);
    expect(shown).toMatchObject({ id: 40, withheld: true });
    expect(JSON.stringify(shown)).not.toMatch(/"correct"|"explanation"/);

    const test = await createTest(scope, {
      test_type: "exam",
      title: hidden.title,
      count: 2,
      display_answers: "after_test",
      seed: 1,
      fixed: { ...hidden, can_retake: true },
    });
    // The bank's question is predicted here; the school's is the server's to grade.
    expect(await saveAnswer(scope, test.id, 10, [1001])).toBe(true);
    expect(await saveAnswer(scope, test.id, 40, [4002])).toBeNull();
    expect((await db.answers.toArray()).map((a) => [a.questionId, a.correct])).toEqual([
      [10, true],
      [40, null],
    ]);
    expect((await db.outbox.toArray()).filter((e) => e.call === "POST /test/current/save")).toHaveLength(2);
    const finished = await finishTest(scope, test.id);
    expect(finished.predicted).toBeNull();
  });

  it("unchanged tests cost a 304: the device sends the ETag of its copy and keeps the copy as it was", async () => {
    const { db } = await signedInScope();
    const reply = schoolReply();
    const asked: (string | null)[] = [];
    serveWithEtag(reply, '"v1"', asked);
    expect(await refreshFixedTests(db, () => new Date("2026-11-21T09:00:00.000Z"))).toBe(1);
    await db.fixedTests.update(school.id, { password_verified: true });
    expect(await refreshFixedTests(db, () => new Date("2026-11-22T09:00:00.000Z"))).toBe(1);
    expect(asked).toEqual([null, '"v1"']);
    // Its download time stays: the attempts started here are counted from it (attemptsUsed).
    expect(await db.fixedTests.get(school.id)).toMatchObject({
      password_verified: true,
      downloadedAt: "2026-11-21T09:00:00.000Z",
    });

    // Changed on the server: the new reply comes whole, with its own ETag.
    serveWithEtag({ ...reply, tests: [{ ...school, user_tests_count: 1 }] }, '"v2"', asked);
    await refreshFixedTests(db);
    expect(asked.at(-1)).toBe('"v1"');
    expect((await db.fixedTests.get(school.id))?.user_tests_count).toBe(1);
    await refreshFixedTests(db);
    expect(asked.at(-1)).toBe('"v2"');
  });

  it("a copy that lost a question (a content update, an evicted bank) is downloaded whole, without its ETag", async () => {
    const { db } = await signedInScope();
    await db.questions.put(multipleChoice(10)); // the bank's own copy, at version 1: the test's version 2 is archived
    const reply = schoolReply();
    const asked: (string | null)[] = [];
    serveWithEtag(reply, '"v1"', asked);
    await refreshFixedTests(db);
    await db.questions.delete(20);
    await refreshFixedTests(db);
    await db.questionArchive.delete(archiveKey(10, 2));
    await refreshFixedTests(db);
    await refreshFixedTests(db);
    expect(asked).toEqual([null, null, null, '"v1"']);
    expect((await db.questions.get(20))?.id).toBe(20);
    expect((await db.questionArchive.get(archiveKey(10, 2)))?.question.version).toBe(2);
  });

  it("remembers an accepted password across downloads, until the test no longer needs one", async () => {
    const { db } = await signedInScope();
    const reply = { tests: [school], questions: [10, 20, 30].map(multipleChoice), hide_fixed_results: false };
    serveFixedTests(reply);
    await refreshFixedTests(db);
    await db.fixedTests.update(school.id, { password_verified: true });
    await refreshFixedTests(db);
    expect((await db.fixedTests.get(school.id))?.password_verified).toBe(true);
    serveFixedTests({ ...reply, tests: [{ ...school, password_access: false }] });
    await refreshFixedTests(db);
    expect((await db.fixedTests.get(school.id))?.password_verified).toBe(false);
  });

  it("a fixed test starts offline with the school's questions in order, and queues fixed_test_id", async () => {
    const scope = await signedInScope();
    serveFixedTests({ tests: [school], questions: [10, 20, 30].map(multipleChoice), hide_fixed_results: false });
    await refreshFixedTests(scope.db);
    vi.unstubAllGlobals();
    const test = await createTest(scope, {
      test_type: "exam",
      title: school.title,
      count: 3,
      display_answers: "after_test",
      seed: 99,
      time_limit: 15,
      pass_percentage: 75,
      fixed: {
        id: school.id,
        question_ids: school.question_ids,
        question_versions: school.question_versions,
        hide_results: true,
        hide_answers: true,
        can_retake: false,
      },
    });
    expect(test).toMatchObject({
      question_ids: [30, 10, 20],
      question_versions: [1, 2, 1],
      fixed_test_id: 2,
      hide_results: true,
      hide_answers: true,
      can_retake: false,
    });
    const [queued] = await scope.db.outbox.toArray();
    expect(queued?.call).toBe("POST /test/generate/exam");
    expect(queued?.body).toMatchObject({ fixed_test_id: 2, question_ids: [30, 10, 20], question_versions: [1, 2, 1] });
  });
});
