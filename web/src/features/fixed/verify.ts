/**
 * Spec: "Select, then verify questions. If an update is required show the update dialog."
 * The same content check as a progress test's start (features/syllabus/verify-content.ts): a
 * fixed test needs an update when any of its questions is not on the device at the version the
 * test is taken with (in the bank or the archive), offline too.
 */

import { type ContentCheck, verifyPinnedQuestions } from "../../local/content/verify.ts";
import type { LocalFixedTest, UserDb } from "../../local/store/db.ts";

export type QuestionCheck = ContentCheck;

export function verifyFixedTestQuestions(
  db: UserDb,
  test: Pick<LocalFixedTest, "question_ids" | "question_versions">,
): Promise<QuestionCheck> {
  return verifyPinnedQuestions(db, test);
}
