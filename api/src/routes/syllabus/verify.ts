/**
 * POST /test/verify-questions: does the device hold the content a test needs? A test is taken
 * with its questions' current versions; each subject's full packs record which version of each
 * question they hold (content_packs.question_index), so the first pack version holding every
 * question at its current version is the version the device needs of that subject.
 */

import { MAX_UPDATE_ATTEMPTS } from "@preflight/sync-protocol/rules/constants";
import { ACCESS_MESSAGES } from "@preflight/sync-protocol/rules/part-access";
import type { VerifyQuestions, VerifyQuestionsReply } from "@preflight/sync-protocol/schemas/syllabus";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { ApiError } from "../../errors.ts";
import { currentQuestions } from "../../read/questions.ts";
import { moduleFacts, progressTestRows } from "../../read/syllabus.ts";
import { loadFixedTest, questionIdsOf } from "../fixed/queries.ts";
import { syllabusOf } from "./queries.ts";

/** The question ids a test is taken with: a progress test of the student's syllabus, or a fixed test. */
async function testQuestionIds(
  db: Kysely<Database>,
  user: { id: string; syllabus_id: number | null },
  body: VerifyQuestions,
): Promise<number[]> {
  const syllabusId = syllabusOf(user);
  if (body.test_type === "exam") return questionIdsOf(await loadFixedTest(db, user, body.test_id));
  const named = (await moduleFacts(db, syllabusId)).some((m) =>
    m.parts.some((p) => p.progress_test_id === body.test_id),
  );
  const [test] = named ? await progressTestRows(db, [body.test_id]) : [];
  if (!test) throw new ApiError("not_found", `No progress test ${body.test_id} in your syllabus`);
  return JSON.parse(test.question_ids) as number[];
}

/** Per subject, the first pack version that holds every one of `questionIds` at its current version. */
export async function neededPackVersions(
  db: Kysely<Database>,
  syllabusId: number,
  questionIds: number[],
): Promise<Record<string, number>> {
  const current = await currentQuestions(db, questionIds);
  const subjects = [...new Set([...current.values()].map((q) => q.subject))];
  if (subjects.length === 0) return {};
  const packs = await db
    .selectFrom("content_packs")
    .select(["subject", "version", "question_index"])
    .where("syllabus_id", "=", syllabusId)
    .where("kind", "=", "full")
    .where("subject", "in", subjects)
    .orderBy("version")
    .execute();
  const needed: Record<string, number> = {};
  for (const [id, q] of current) {
    // Full packs in version order: the first that holds this version of the question.
    const first = packs.find(
      (p) =>
        p.subject === q.subject && (JSON.parse(p.question_index ?? "{}") as Record<string, number>)[id] === q.version,
    );
    // A question no pack of this syllabus carries cannot be downloaded: it needs nothing.
    if (first) needed[q.subject] = Math.max(needed[q.subject] ?? 0, first.version);
  }
  return needed;
}

export async function verifyQuestions(
  db: Kysely<Database>,
  user: { id: string; syllabus_id: number | null },
  body: VerifyQuestions,
): Promise<VerifyQuestionsReply> {
  const needed = await neededPackVersions(db, syllabusOf(user), await testQuestionIds(db, user, body));
  // An online-only client (no `installed`) takes the server's newest content: nothing to download.
  const installed = body.installed;
  const missing = installed
    ? Object.fromEntries(Object.entries(needed).filter(([subject, version]) => (installed[subject] ?? 0) < version))
    : {};
  const update = Object.keys(missing).length > 0;
  return {
    update,
    update_type: update ? "questions" : null,
    subjects: missing,
    message: update && (body.attempt ?? 0) >= MAX_UPDATE_ATTEMPTS ? ACCESS_MESSAGES.outOfDate : null,
  };
}
