/**
 * Comments on exam questions and reports of errors in questions (issue 19;
 * sync-protocol/schemas/question-comments.ts).
 *
 *   POST /test/current/comment            queued write (effects.ts): the comment on a test question
 *   POST /questions/{id}/report-error     queued write (effects.ts): a report, stored once
 *   GET  /api/maintenance/question-reports?status=open&subject=010&page=1&per_page=20
 *       → { reports, page, per_page, total }: the newest first, each with the question's text at
 *         the reported version and how many reports name the question
 *   POST /api/maintenance/question-reports/{id}   { status }  → { report }: resolve, dismiss, reopen
 *   GET  /api/maintenance/test-comments?subject=010&page=1&per_page=20
 *       → { comments, page, per_page, total }: the comments of exams, the newest first
 *
 * The lists and the status are the content team's: maintenance users only (the entries' role).
 */

import { routes } from "@preflight/sync-protocol/routes/index";
import type { TestType } from "@preflight/sync-protocol/rules/constants";
import { stripHtml } from "@preflight/sync-protocol/rules/question";
import type { BankQuestion } from "@preflight/sync-protocol/schemas/content";
import type {
  QuestionReportCategory,
  QuestionReportItem,
  QuestionReportListReply,
  QuestionReportStatus,
  QuestionReportStatusReply,
  TestCommentListReply,
} from "@preflight/sync-protocol/schemas/question-comments";
import { Hono } from "hono";
import type { Db } from "../../db/schema.ts";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { ApiError } from "../../errors.ts";
import { routeMounter } from "../../http/mount-route.ts";
import type { Replayer } from "../../sync/replay.ts";

/** A question version's text and reference, read from its stored content. */
function questionOf(content: string): { text: string; reference: string | null } {
  const q = JSON.parse(content) as Pick<BankQuestion, "question" | "reference">;
  return { text: stripHtml(q.question), reference: q.reference ?? null };
}

/** The report rows with what the list shows of each (the caller adds its filters). */
function reportRows(db: Db) {
  return db
    .selectFrom("question_reports as r")
    .innerJoin("users as u", "u.id", "r.user_id")
    .innerJoin("questions as q", "q.id", "r.question_id")
    .innerJoin("question_versions as v", (j) =>
      j.onRef("v.question_id", "=", "r.question_id").onRef("v.version", "=", "r.question_version"),
    )
    .leftJoin("users as m", "m.id", "r.resolved_by")
    .select((eb) => [
      "r.id",
      "r.question_id",
      "r.question_version",
      "r.category",
      "r.description",
      "r.status",
      "r.created_at",
      "r.received_at",
      "r.resolved_at",
      eb
        .selectFrom("question_reports as c")
        .select((c) => c.fn.countAll<number>().as("n"))
        .whereRef("c.question_id", "=", "r.question_id")
        .as("question_report_count"),
    ])
    .select(["u.email", "q.subject", "q.current_version", "v.content", "m.email as resolved_by_email"]);
}

type ReportRow = Awaited<ReturnType<ReturnType<typeof reportRows>["execute"]>>[number];

function reportItem(r: ReportRow): QuestionReportItem {
  const { text, reference } = questionOf(r.content);
  return {
    id: r.id,
    question_id: r.question_id,
    question_version: r.question_version,
    current_version: r.current_version,
    subject: r.subject,
    reference,
    question_text: text,
    category: r.category as QuestionReportCategory,
    description: r.description,
    status: r.status as QuestionReportStatus,
    email: r.email,
    created_at: r.received_at,
    resolved_at: r.resolved_at,
    resolved_by: r.resolved_by_email ?? null,
    question_report_count: Number(r.question_report_count ?? 0),
  };
}

/** The subjects of these questions' rows, by code, with their titles. */
async function subjectsOf(db: Db, codes: { subject: string }[]) {
  const wanted = [...new Set(codes.map((c) => c.subject))].sort();
  if (wanted.length === 0) return [];
  const rows = await db.selectFrom("subjects").select(["code", "title"]).where("code", "in", wanted).execute();
  const titles = new Map(rows.map((r) => [r.code, r.title]));
  return wanted.map((code) => ({ code, title: titles.get(code) ?? code }));
}

export function questionCommentsRoutes(deps: AppDeps, replayer: Replayer) {
  const app = new Hono<AppEnv>();
  const mount = routeMounter(app, deps);
  mount(routes.testComment, replayer);
  mount(routes.reportQuestionError, replayer);

  mount(routes.maintenanceQuestionReports, async (c, { query }) => {
    let rows = reportRows(deps.db);
    let count = deps.db
      .selectFrom("question_reports as r")
      .innerJoin("questions as q", "q.id", "r.question_id")
      .select((eb) => eb.fn.countAll<number>().as("n"));
    if (query.status !== "all") {
      rows = rows.where("r.status", "=", query.status);
      count = count.where("r.status", "=", query.status);
    }
    if (query.subject) {
      rows = rows.where("q.subject", "=", query.subject);
      count = count.where("q.subject", "=", query.subject);
    }
    const [found, total, subjects] = await Promise.all([
      rows
        .orderBy("r.received_at", "desc")
        .orderBy("r.id", "desc")
        .limit(query.per_page)
        .offset((query.page - 1) * query.per_page)
        .execute(),
      count.executeTakeFirstOrThrow(),
      deps.db
        .selectFrom("question_reports as r")
        .innerJoin("questions as q", "q.id", "r.question_id")
        .select("q.subject")
        .distinct()
        .execute(),
    ]);
    const reply: QuestionReportListReply = {
      reports: found.map(reportItem),
      page: query.page,
      per_page: query.per_page,
      total: Number(total.n),
      subjects: await subjectsOf(deps.db, subjects),
    };
    return c.json(reply);
  });

  mount(routes.maintenanceQuestionReportStatus, async (c, { params, body }) => {
    const now = deps.clock.now().toISOString();
    const open = body.status === "open";
    const updated = await deps.db
      .updateTable("question_reports")
      .set({ status: body.status, resolved_at: open ? null : now, resolved_by: open ? null : c.var.user.id })
      .where("id", "=", params.id)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw new ApiError("not_found", "This report does not exist.");
    const row = await reportRows(deps.db).where("r.id", "=", params.id).executeTakeFirstOrThrow();
    const reply: QuestionReportStatusReply = { report: reportItem(row) };
    return c.json(reply);
  });

  mount(routes.maintenanceTestComments, async (c, { query }) => {
    const commented = (db: Db, filtered = true) => {
      let q = db
        .selectFrom("user_test_questions as s")
        .innerJoin("user_tests as t", "t.id", "s.user_test_id")
        .innerJoin("questions as q", "q.id", "s.question_id")
        .where("s.comment", "is not", null);
      if (filtered && query.subject) q = q.where("q.subject", "=", query.subject);
      return q;
    };
    const [found, total, subjects] = await Promise.all([
      commented(deps.db)
        .innerJoin("users as u", "u.id", "t.user_id")
        .innerJoin("question_versions as v", (j) =>
          j.onRef("v.question_id", "=", "s.question_id").onRef("v.version", "=", "s.question_version"),
        )
        .select([
          "s.user_test_id",
          "s.question_id",
          "s.question_version",
          "s.position",
          "s.comment",
          "s.comment_updated_at",
          "t.title",
          "t.test_type",
          "q.subject",
          "u.email",
          "v.content",
        ])
        .orderBy("s.comment_updated_at", "desc")
        .orderBy("s.user_test_id")
        .orderBy("s.position")
        .limit(query.per_page)
        .offset((query.page - 1) * query.per_page)
        .execute(),
      commented(deps.db)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow(),
      commented(deps.db, false).select("q.subject").distinct().execute(),
    ]);
    const reply: TestCommentListReply = {
      comments: found.map((r) => {
        const { text, reference } = questionOf(r.content);
        return {
          user_test_id: r.user_test_id,
          question_id: r.question_id,
          question_version: r.question_version,
          position: r.position,
          subject: r.subject,
          reference,
          question_text: text,
          test_title: r.title,
          test_type: r.test_type as TestType,
          comment: r.comment ?? "",
          email: r.email,
          updated_at: r.comment_updated_at ?? "",
        };
      }),
      page: query.page,
      per_page: query.per_page,
      total: Number(total.n),
      subjects: await subjectsOf(deps.db, subjects),
    };
    return c.json(reply);
  });
  return app;
}
