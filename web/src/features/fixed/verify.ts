/**
 * Spec: "Select, then verify questions. If an update is required show the update dialog."
 * The seam for the content-update check: today a fixed test needs an update when any of its
 * questions is not on the device at the version the test uses (the versioned content packs will
 * answer this from their manifest instead; the caller does not change).
 */
import { testQuestions } from "../../local/actions/test.ts";
import type { LocalFixedTest, UserDb } from "../../local/db.ts";

export interface QuestionCheck {
  update: boolean;
}

export async function verifyFixedTestQuestions(
  db: UserDb,
  test: Pick<LocalFixedTest, "question_ids" | "question_versions">,
): Promise<QuestionCheck> {
  const questions = await testQuestions(db, test);
  return { update: test.question_ids.length === 0 || questions.some((q) => q === undefined) };
}
