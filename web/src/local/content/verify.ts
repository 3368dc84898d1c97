/**
 * "Questions are verified" before a progress test or fixed test opens (spec study 4): does the
 * device hold the content the test needs? Offline the device answers from its own tables; online
 * it also asks the server (POST /test/verify-questions, naming the pack versions it holds), which
 * knows of content published since the device last synced.
 */
import { syllabusRoutes } from "@preflight/sync-protocol/routes/syllabus";
import type { VerifyQuestionsReply } from "@preflight/sync-protocol/schemas/syllabus";
import { testQuestions } from "../actions/test.ts";
import { call, NetworkError } from "../api.ts";
import type { UserDb } from "../store/db.ts";
import { installedVersions } from "./installed.ts";

export interface ContentCheck {
  update: boolean;
}

/**
 * A progress test is taken with its questions' current versions: each must be on the device at
 * that version or newer.
 */
export async function verifyCurrentQuestions(
  db: UserDb,
  test: { question_ids: number[]; question_versions: number[] },
): Promise<ContentCheck> {
  const held = await db.questions.bulkGet(test.question_ids);
  const missing = held.some((q, i) => q === undefined || q.version < (test.question_versions[i] ?? 1));
  return { update: test.question_ids.length === 0 || missing };
}

/** A fixed test keeps its own versions: each must be on the device at exactly that version (bank or archive). */
export async function verifyPinnedQuestions(
  db: UserDb,
  test: { question_ids: number[]; question_versions: number[] },
): Promise<ContentCheck> {
  const questions = await testQuestions(db, test);
  return { update: test.question_ids.length === 0 || questions.some((q) => q === undefined) };
}

/** The server's answer for this device, or null when it cannot be reached (the local check stands). */
export async function verifyOnServer(
  db: UserDb,
  test: { test_id: number; test_type: "progress_test" | "progress_test_attempt" | "exam"; attempt?: number },
): Promise<VerifyQuestionsReply | null> {
  try {
    return await call(syllabusRoutes.verifyQuestions, { body: { ...test, installed: await installedVersions(db) } });
  } catch (err) {
    if (err instanceof NetworkError) return null;
    throw err;
  }
}
