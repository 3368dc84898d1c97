/**
 * Comments on an exam's questions and reports of errors in questions (issue 19), on SQLite and
 * PostgreSQL: each queued write stored exactly once however often it is sent, bad input refused
 * with a 4xx and a message and nothing written, the reports rate limited per student, and the
 * content team's lists for maintenance users only.
 */
import { randomUUID } from "node:crypto";
import { stripHtml } from "@preflight/sync-protocol/rules/question";
import type { BankQuestion } from "@preflight/sync-protocol/schemas/content";
import { errorBodySchema } from "@preflight/sync-protocol/schemas/errors";
import {
  QUESTION_COMMENT_LIMITS,
  QUESTION_COMMENT_MESSAGES,
  questionReportListReplySchema,
  questionReportStatusReplySchema,
  testCommentListReplySchema,
} from "@preflight/sync-protocol/schemas/question-comments";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "../../auth/limits.ts";
import { createTestApp, DIALECTS, type TestApp } from "../../test-support/harness.ts";
import { FakeDevice, generateBody, questionsByType } from "../../test-support/mutations.ts";

/** The server's clock reads noon; the devices' intents are stamped in the morning. */
const at = (hh: number, mm: number, ss = 0) => new Date(Date.UTC(2026, 10, 21, hh, mm, ss)).toISOString();
const COMMENT = "POST /test/current/comment";

for (const dialect of DIALECTS) {
  describe(`question comments and error reports [${dialect}]`, () => {
    let t: TestApp;
    let mc: BankQuestion[];
    let admin: string;
    beforeAll(async () => {
      t = await createTestApp(dialect);
      t.clock.advance(3 * 60 * 60 * 1000); // 12:00Z
      mc = (await questionsByType(t)).multiple_choice;
      admin = await t.login("admin@preflight.test");
    });
    afterAll(() => t.close());

    const q = (i: number) => (mc[i] as BankQuestion).id;
    const mockExam = (testId: string, ids: number[]) => ({
      ...generateBody(testId, ids),
      test_type: "timed",
      title: "Mock exam",
      time_limit: 60,
    });
    /** A new student with a mock exam of three questions started at 09:00 on a device. */
    async function studentWithExam() {
      const device = await FakeDevice.signInAsNewStudent(t);
      const testId = randomUUID();
      const [made] = await device.pushOk([
        device.mutation("POST /test/generate/timed", mockExam(testId, [q(0), q(1), q(2)]), { createdAt: at(9, 0) }),
      ]);
      expect(made?.status).toBe("applied");
      return { device, testId };
    }
    const commentOf = async (testId: string, questionId: number) =>
      t.deps.db
        .selectFrom("user_test_questions")
        .select(["comment", "comment_updated_at"])
        .where("user_test_id", "=", testId)
        .where("question_id", "=", questionId)
        .executeTakeFirstOrThrow();
    const reportsOf = (userId: string) =>
      t.deps.db.selectFrom("question_reports").selectAll().where("user_id", "=", userId).execute();
    const reportBody = (overrides: Record<string, unknown> = {}) => ({
      report_id: randomUUID(),
      question_version: 1,
      category: "wrong_answer",
      description: "Answer b is the right one: see ICAO Annex 2, 3.2.",
      ...overrides,
    });

    describe("a comment on a question of a mock exam", () => {
      it("[SR24] [SR1] is stored with its test question once, however often the push is sent", async () => {
        const { device, testId } = await studentWithExam();
        const comment = device.mutation(
          COMMENT,
          { user_test_id: testId, question_id: q(1), comment: "  Two answers look right.  " },
          { createdAt: at(9, 5) },
        );
        const finish = device.mutation(`POST /test/current/finish/${testId}`, {}, { createdAt: at(9, 10) });
        const first = await device.pushOk([comment, finish]);
        expect(first.map((r) => r.status)).toEqual(["applied", "applied"]);
        expect(first[0]?.reply).toEqual({ success: true, comment: "Two answers look right.", updated_at: at(9, 5) });
        // The reply was lost: the device sends the same push again.
        const again = await device.pushOk([comment, finish]);
        expect(again.map((r) => r.status)).toEqual(["duplicate", "duplicate"]);
        expect(await commentOf(testId, q(1))).toEqual({
          comment: "Two answers look right.",
          comment_updated_at: at(9, 5),
        });
        const rows = await t.deps.db
          .selectFrom("user_test_questions")
          .select("question_id")
          .where("user_test_id", "=", testId)
          .where("comment", "is not", null)
          .execute();
        expect(rows).toEqual([{ question_id: q(1) }]);
      });

      it("[SR24] keeps the latest intent across devices, and an empty comment takes it away", async () => {
        const { device, testId } = await studentWithExam();
        const other = new FakeDevice(t, device.cookie, device.userId);
        await other.pushOk([
          other.mutation(
            COMMENT,
            { user_test_id: testId, question_id: q(0), comment: "newer" },
            { createdAt: at(9, 8) },
          ),
        ]);
        const [older] = await device.pushOk([
          device.mutation(
            COMMENT,
            { user_test_id: testId, question_id: q(0), comment: "older" },
            { createdAt: at(9, 4) },
          ),
        ]);
        expect(older?.reply).toEqual({ success: true, comment: "newer", updated_at: at(9, 8) });
        expect((await commentOf(testId, q(0))).comment).toBe("newer");
        await device.pushOk([
          device.mutation(COMMENT, { user_test_id: testId, question_id: q(0), comment: "" }, { createdAt: at(9, 9) }),
        ]);
        expect((await commentOf(testId, q(0))).comment).toBeNull();
      });

      it("[SR24] comes back to the student's other devices with the test, changed or taken away", async () => {
        const { device, testId } = await studentWithExam();
        const pull = async (cursor: string | null) =>
          (await (
            await t.request("/user-sync/sync", { method: "POST", cookie: device.cookie, json: { cursor } })
          ).json()) as {
            cursor: string;
            tests: { id: string; questions: { question_id: number; comment?: string | null }[] }[];
          };
        const first = await pull(null);
        const commentsIn = (reply: Awaited<ReturnType<typeof pull>>) =>
          reply.tests.find((x) => x.id === testId)?.questions.map((x) => x.comment ?? null);
        expect(commentsIn(first)).toEqual([null, null, null]);
        await device.pushOk([
          device.mutation(
            COMMENT,
            { user_test_id: testId, question_id: q(2), comment: "Check the units" },
            { createdAt: at(9, 6) },
          ),
        ]);
        // A device that pulled before the comment gets the test again, with it.
        const second = await pull(first.cursor);
        expect(commentsIn(second)).toEqual([null, null, "Check the units"]);
        await device.pushOk([
          device.mutation(COMMENT, { user_test_id: testId, question_id: q(2), comment: "" }, { createdAt: at(9, 7) }),
        ]);
        expect(commentsIn(await pull(second.cursor))).toEqual([null, null, null]);
      });

      it("[SR24] can no longer be changed after the test ended; one written before the end still counts", async () => {
        const { device, testId } = await studentWithExam();
        const other = new FakeDevice(t, device.cookie, device.userId);
        await other.pushOk([other.mutation(`POST /test/current/finish/${testId}`, {}, { createdAt: at(9, 20) })]);
        const results = await device.pushOk([
          device.mutation(
            COMMENT,
            { user_test_id: testId, question_id: q(2), comment: "before" },
            { createdAt: at(9, 15) },
          ),
          device.mutation(
            COMMENT,
            { user_test_id: testId, question_id: q(0), comment: "after" },
            { createdAt: at(9, 25) },
          ),
        ]);
        expect(results[0]?.status).toBe("applied");
        expect(results[1]).toMatchObject({
          status: "failed",
          error: { code: "test_finished", message: QUESTION_COMMENT_MESSAGES.commentTestEnded },
        });
        expect((await commentOf(testId, q(2))).comment).toBe("before");
        expect((await commentOf(testId, q(0))).comment).toBeNull();
      });

      it("[SR24] [SR3] is refused with a message, writing nothing, on bad input or a test it does not belong to", async () => {
        const { device, testId } = await studentWithExam();
        const practiceId = randomUUID();
        await device.pushOk([device.mutation("POST /test/generate/practice", generateBody(practiceId, [q(0)]))]);
        const stranger = await FakeDevice.signInAsNewStudent(t);
        const post = (json: unknown, cookie = device.cookie) =>
          t.request("/test/current/comment", { method: "POST", cookie, json });
        const cases: [string, unknown, number, string, string?][] = [
          [
            "too long",
            { user_test_id: testId, question_id: q(0), comment: "x".repeat(501) },
            400,
            QUESTION_COMMENT_MESSAGES.commentTooLong,
          ],
          ["no comment", { user_test_id: testId, question_id: q(0) }, 400, "comment"],
          ["a control character", { user_test_id: testId, question_id: q(0), comment: "a\u0000b" }, 400, "control"],
          ["not a uuid", { user_test_id: "x", question_id: q(0), comment: "c" }, 400, "user_test_id must be a uuid"],
          [
            "a practice test",
            { user_test_id: practiceId, question_id: q(0), comment: "c" },
            400,
            QUESTION_COMMENT_MESSAGES.commentNotExam,
          ],
          [
            "a question not in it",
            { user_test_id: testId, question_id: q(5), comment: "c" },
            400,
            "is not part of this test",
          ],
          [
            "another's test",
            { user_test_id: testId, question_id: q(0), comment: "c" },
            404,
            "can no longer be accessed",
            stranger.cookie,
          ],
        ];
        for (const [label, json, status, message, cookie] of cases) {
          const res = await post(json, cookie);
          expect(res.status, label).toBe(status);
          expect(errorBodySchema.parse(await res.json()).error.message, label).toContain(message);
        }
        const commented = await t.deps.db
          .selectFrom("user_test_questions")
          .select("comment")
          .where("user_test_id", "in", [testId, practiceId])
          .where("comment", "is not", null)
          .execute();
        expect(commented).toEqual([]);
        // Exactly the bound is taken.
        expect(
          (
            await post({
              user_test_id: testId,
              question_id: q(0),
              comment: "y".repeat(QUESTION_COMMENT_LIMITS.commentMaxChars),
            })
          ).status,
        ).toBe(200);
      });
    });

    describe("a report of an error in a question", () => {
      it("[SR25] [SR1] is stored once with the question, its version, the student, the time and the text, however often it is sent", async () => {
        const device = await FakeDevice.signInAsNewStudent(t);
        const body = reportBody({ category: "typo", description: "  'altitude' is spelt 'altitdue'.  " });
        const m = device.mutation(`POST /questions/${q(3)}/report-error`, body, { createdAt: at(10, 0) });
        const [first] = await device.pushOk([m]);
        expect(first).toMatchObject({
          status: "applied",
          reply: { success: true, message: QUESTION_COMMENT_MESSAGES.reportThanks },
        });
        expect((await device.pushOk([m]))[0]?.status).toBe("duplicate");
        // Sent again as a new change (a device that lost track of it): still one report.
        const [fresh] = await device.pushOk([device.mutation(`POST /questions/${q(3)}/report-error`, body)]);
        expect(fresh?.status).toBe("applied");
        // And as a direct call with the same report id.
        const direct = await t.request(`/questions/${q(3)}/report-error`, {
          method: "POST",
          cookie: device.cookie,
          json: body,
        });
        expect(direct.status).toBe(200);
        const rows = await reportsOf(device.userId);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({
          id: body.report_id,
          question_id: q(3),
          question_version: 1,
          category: "typo",
          description: "'altitude' is spelt 'altitdue'.",
          status: "open",
          created_at: at(10, 0),
        });
      });

      it("[SR25] [SR3] is refused with a message and writes nothing on bad input", async () => {
        const device = await FakeDevice.signInAsNewStudent(t);
        const other = await FakeDevice.signInAsNewStudent(t);
        const otherTest = randomUUID();
        await other.pushOk([other.mutation("POST /test/generate/practice", generateBody(otherTest, [q(0)]))]);
        const taken = reportBody();
        await other.pushOk([other.mutation(`POST /questions/${q(0)}/report-error`, taken)]);
        const cases: [string, string, unknown, number, string][] = [
          [
            "no description",
            `${q(0)}`,
            reportBody({ description: "   " }),
            400,
            QUESTION_COMMENT_MESSAGES.descriptionRequired,
          ],
          [
            "too short",
            `${q(0)}`,
            reportBody({ description: "ab" }),
            400,
            QUESTION_COMMENT_MESSAGES.descriptionTooShort,
          ],
          [
            "too long",
            `${q(0)}`,
            reportBody({ description: "x".repeat(2001) }),
            400,
            QUESTION_COMMENT_MESSAGES.descriptionTooLong,
          ],
          [
            "no category",
            `${q(0)}`,
            reportBody({ category: undefined }),
            400,
            QUESTION_COMMENT_MESSAGES.categoryRequired,
          ],
          [
            "an unknown category",
            `${q(0)}`,
            reportBody({ category: "spam" }),
            400,
            QUESTION_COMMENT_MESSAGES.categoryRequired,
          ],
          ["an unknown version", `${q(0)}`, reportBody({ question_version: 99 }), 400, "has no version 99"],
          ["an unknown question", "999999", reportBody(), 400, "has no version"],
          ["a bad question id", "abc", reportBody(), 400, "question id"],
          ["another's test", `${q(0)}`, reportBody({ user_test_id: otherTest }), 404, "can no longer be accessed"],
          ["another's report id", `${q(0)}`, taken, 409, "already used"],
        ];
        for (const [label, id, json, status, message] of cases) {
          const res = await t.request(`/questions/${id}/report-error`, { method: "POST", cookie: device.cookie, json });
          expect(res.status, label).toBe(status);
          expect(errorBodySchema.parse(await res.json()).error.message, label).toContain(message);
        }
        expect(await reportsOf(device.userId)).toEqual([]);
      });

      it(`[SR25] is limited to ${LIMITS.questionReportsUser.ceiling} an hour per student, a resend costing nothing`, async () => {
        const device = await FakeDevice.signInAsNewStudent(t);
        const sent = Array.from({ length: LIMITS.questionReportsUser.ceiling }, () =>
          device.mutation(`POST /questions/${q(4)}/report-error`, reportBody()),
        );
        const results = await device.pushOk(sent);
        expect(results.every((r) => r.status === "applied")).toBe(true);
        // Sent again: answered from the stored replies, not counted.
        expect((await device.pushOk(sent)).every((r) => r.status === "duplicate")).toBe(true);
        const [over] = await device.pushOk([device.mutation(`POST /questions/${q(4)}/report-error`, reportBody())]);
        expect(over).toMatchObject({
          status: "failed",
          error: { code: "too_many_requests", message: QUESTION_COMMENT_MESSAGES.tooManyReports },
        });
        const direct = await t.request(`/questions/${q(4)}/report-error`, {
          method: "POST",
          cookie: device.cookie,
          json: reportBody(),
        });
        expect(direct.status).toBe(429);
        expect(await reportsOf(device.userId)).toHaveLength(LIMITS.questionReportsUser.ceiling);
        // Another student is not held back by this one.
        const other = await FakeDevice.signInAsNewStudent(t);
        expect(
          (await other.pushOk([other.mutation(`POST /questions/${q(4)}/report-error`, reportBody())]))[0]?.status,
        ).toBe("applied");
        // An hour later the student may report again.
        t.clock.advance(60 * 60 * 1000 + 1000);
        const [later] = await device.pushOk([device.mutation(`POST /questions/${q(4)}/report-error`, reportBody())]);
        expect(later?.status).toBe("applied");
      });
    });

    describe("the content team's list", () => {
      it("lists reports newest first with the question's text, version and count, filters them and pages them", async () => {
        const device = await FakeDevice.signInAsNewStudent(t);
        const subject = mc[6]?.subject as string;
        const ids = [randomUUID(), randomUUID()];
        for (const id of ids) {
          t.clock.advance(1000);
          await device.pushOk([device.mutation(`POST /questions/${q(6)}/report-error`, reportBody({ report_id: id }))]);
        }
        const list = async (query: string) => {
          const res = await t.request(`/api/maintenance/question-reports?${query}`, { cookie: admin });
          expect(res.status, query).toBe(200);
          return questionReportListReplySchema.parse(await res.json());
        };
        const open = await list(`status=open&subject=${subject}&per_page=100`);
        expect(open.reports[0]?.id).toBe(ids[1]);
        expect(open.reports[1]?.id).toBe(ids[0]);
        expect(open.reports[0]).toMatchObject({
          question_id: q(6),
          question_version: 1,
          subject,
          category: "wrong_answer",
          status: "open",
          email: expect.stringMatching(/@preflight\.test$/),
          question_report_count: 2,
        });
        expect(open.reports[0]?.question_text).toBe(stripHtml((mc[6] as BankQuestion).question));
        expect(open.reports.every((r) => r.subject === subject)).toBe(true);
        const page1 = await list("status=all&per_page=1&page=1");
        const page2 = await list("status=all&per_page=1&page=2");
        expect(page1.total).toBeGreaterThanOrEqual(2);
        expect(page1.reports).toHaveLength(1);
        expect(page2.reports[0]?.id).not.toBe(page1.reports[0]?.id);

        const resolve = await t.request(`/api/maintenance/question-reports/${ids[1]}`, {
          method: "POST",
          cookie: admin,
          json: { status: "resolved" },
        });
        expect(resolve.status).toBe(200);
        const { report } = questionReportStatusReplySchema.parse(await resolve.json());
        expect(report).toMatchObject({ id: ids[1], status: "resolved", resolved_by: "admin@preflight.test" });
        expect((await list(`status=open&subject=${subject}&per_page=100`)).reports.map((r) => r.id)).not.toContain(
          ids[1],
        );
        expect((await list(`status=resolved&per_page=100`)).reports.map((r) => r.id)).toContain(ids[1]);
      });

      it("lists the comments of exams newest first", async () => {
        const { device, testId } = await studentWithExam();
        await device.pushOk([
          device.mutation(
            COMMENT,
            { user_test_id: testId, question_id: q(2), comment: "Listed comment" },
            { createdAt: at(9, 30) },
          ),
        ]);
        const res = await t.request(`/api/maintenance/test-comments?subject=${mc[2]?.subject}`, { cookie: admin });
        expect(res.status).toBe(200);
        const { comments, total } = testCommentListReplySchema.parse(await res.json());
        const mine = comments.find((c) => c.user_test_id === testId);
        expect(mine).toMatchObject({ question_id: q(2), comment: "Listed comment", test_type: "timed", position: 3 });
        expect(total).toBeGreaterThanOrEqual(1);
      });

      it("is the maintenance users' only: students get 403, signed out 401; bad queries and ids are 4xx", async () => {
        const student = await t.login();
        for (const path of ["/api/maintenance/question-reports", "/api/maintenance/test-comments"]) {
          expect((await t.request(path, { cookie: student })).status, path).toBe(403);
          expect((await t.request(path)).status, path).toBe(401);
        }
        const report = await t.deps.db
          .selectFrom("question_reports")
          .select(["id", "status"])
          .executeTakeFirstOrThrow();
        const byStudent = await t.request(`/api/maintenance/question-reports/${report.id}`, {
          method: "POST",
          cookie: student,
          json: { status: "dismissed" },
        });
        expect(byStudent.status).toBe(403);
        const held = await t.deps.db
          .selectFrom("question_reports")
          .select("status")
          .where("id", "=", report.id)
          .executeTakeFirstOrThrow();
        expect(held.status).toBe(report.status);
        const bad: [string, number][] = [
          ["/api/maintenance/question-reports?status=closed", 400],
          ["/api/maintenance/question-reports?page=0", 400],
          ["/api/maintenance/question-reports?per_page=101", 400],
          ["/api/maintenance/question-reports?subject=air", 400],
          ["/api/maintenance/test-comments?page=x", 400],
        ];
        for (const [path, status] of bad) expect((await t.request(path, { cookie: admin })).status, path).toBe(status);
        const unknown = await t.request(`/api/maintenance/question-reports/${randomUUID()}`, {
          method: "POST",
          cookie: admin,
          json: { status: "resolved" },
        });
        expect(unknown.status).toBe(404);
        const badStatus = await t.request(`/api/maintenance/question-reports/${report.id}`, {
          method: "POST",
          cookie: admin,
          json: { status: "deleted" },
        });
        expect(badStatus.status).toBe(400);
      });
    });
  });
}
