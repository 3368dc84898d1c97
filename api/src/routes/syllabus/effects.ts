/**
 * Queued writes of the syllabus area: lesson progress, and the start of a progress test, which
 * the server replays only when the access rules let the student open it at the intent's time.
 */
import { lessonCompleted } from "@preflight/sync-protocol/rules/access";
import { decidePartAccess, progressTestStartRefusal } from "@preflight/sync-protocol/rules/part-access";
import type { LessonProgress, LessonProgressReply } from "@preflight/sync-protocol/schemas/syllabus";
import type { GenerateTest } from "@preflight/sync-protocol/schemas/test";
import { ApiError } from "../../errors.ts";
import { accessSettings, progressTestRows } from "../../read/syllabus.ts";
import { type Effect, intentTime } from "../../sync/effects.ts";
import { generateTestWithFixedRules } from "../fixed/effects.ts";
import { partOfProgressTest, studentModules, syllabusOf } from "./queries.ts";

const PROGRESS_TEST_TYPES = new Set(["progress_test", "progress_test_attempt"]);

/**
 * POST /api/lesson/progress: the student opened a page of a lesson. Progress only grows (the
 * highest page opened), so a page replayed late from another device never undoes a later one;
 * the lesson is complete once its last page was opened.
 */
export const recordLessonProgress: Effect = async (ctx, raw) => {
  const body = raw as LessonProgress;
  const lesson = await ctx.trx
    .selectFrom("lessons")
    .select(["id", "pages"])
    .where("id", "=", body.lesson_id)
    .executeTakeFirst();
  if (!lesson) throw new ApiError("not_found", `No lesson ${body.lesson_id}`);
  const pageCount = (JSON.parse(lesson.pages) as unknown[]).length;
  if (body.page > Math.max(1, pageCount))
    throw new ApiError(
      "bad_request",
      `Lesson ${body.lesson_id} has ${pageCount} pages; page ${body.page} does not exist`,
    );
  const held = await ctx.trx
    .selectFrom("lesson_progress")
    .select(["page"])
    .where("user_id", "=", ctx.user.id)
    .where("lesson_id", "=", body.lesson_id)
    .executeTakeFirst();
  const page = Math.max(body.page, held?.page ?? 0);
  const completed = lessonCompleted(pageCount, page);
  const updatedAt = intentTime(ctx);
  if (!held)
    await ctx.trx
      .insertInto("lesson_progress")
      .values({
        user_id: ctx.user.id,
        lesson_id: body.lesson_id,
        page,
        completed: completed ? 1 : 0,
        updated_at: updatedAt,
      })
      .execute();
  else if (page > held.page)
    await ctx.trx
      .updateTable("lesson_progress")
      .set({ page, completed: completed ? 1 : 0, updated_at: updatedAt })
      .where("user_id", "=", ctx.user.id)
      .where("lesson_id", "=", body.lesson_id)
      .execute();
  const reply: LessonProgressReply = { success: true, lesson_id: body.lesson_id, page, completed };
  return { status: "applied", reply };
};

/**
 * POST /test/generate/{test_type} for progress tests: a test naming its progress test is checked
 * against the access rules as of the intent's time (prerequisite, target date, required lessons
 * with the initial-attempt exception, retry interval) and must take that test's questions; a
 * refusal is a failed mutation with the rule's message. Title, pass mark and time limit come
 * from the progress test. Every other test goes on to the fixed-test rules.
 */
export const generateTestWithSyllabusRules: Effect = async (ctx, raw) => {
  const body = raw as GenerateTest;
  const progressTestId = body.progress_test_id ?? null;
  if (progressTestId === null) return generateTestWithFixedRules(ctx, raw);
  if (!PROGRESS_TEST_TYPES.has(body.test_type))
    throw new ApiError(
      "bad_request",
      "progress_test_id is only for tests of type progress_test or progress_test_attempt",
    );
  if (body.fixed_test_id != null) throw new ApiError("bad_request", "A progress test is not a fixed test");

  const syllabusId = syllabusOf(ctx.user);
  const modules = await studentModules(ctx.trx, { id: ctx.user.id, syllabus_id: syllabusId });
  const { module, part } = partOfProgressTest(modules, progressTestId);
  const refusal = progressTestStartRefusal(
    decidePartAccess({ module, part, settings: await accessSettings(ctx.trx), now: new Date(intentTime(ctx)) }),
  );
  if (refusal) throw new ApiError("conflict", refusal);

  const [test] = await progressTestRows(ctx.trx, [progressTestId]);
  if (!test) throw new ApiError("not_found", `No progress test ${progressTestId}`);
  const expected = new Set(JSON.parse(test.question_ids) as number[]);
  if (body.question_ids.some((id) => !expected.has(id)))
    throw new ApiError("conflict", "This progress test's questions changed since they were downloaded");

  const outcome = await generateTestWithFixedRules(ctx, {
    ...body,
    title: test.title,
    pass_percentage: test.pass_percentage,
    time_limit: test.time_limit,
  } satisfies GenerateTest);
  if (outcome.status !== "applied") return outcome;
  await ctx.trx
    .updateTable("user_tests")
    .set({ progress_test_id: progressTestId })
    .where("id", "=", body.user_test_id)
    .execute();
  return outcome;
};
