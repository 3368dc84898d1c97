import type { GivenAnswer } from "@preflight/sync-protocol/schemas/answer";
import { useLiveQuery } from "dexie-react-hooks";
import { useState } from "react";
import { testQuestions } from "../../local/actions/test.ts";
import type { LocalShownQuestion, LocalUserTest, UserDb } from "../../local/store/db.ts";

/** A test as the device holds it: the test, its questions in order and the answers saved. */
export interface TestData {
  test: LocalUserTest;
  /** Undefined where the question is not on this device (the test is out of date). */
  questions: (LocalShownQuestion | undefined)[];
  saved: Map<number, GivenAnswer>;
  /** The device's grading of each saved answer (shown only where answers may be revealed); none for a withheld question. */
  correct: Map<number, boolean>;
}

/** The test, its questions in order and the answers saved on this device; null when there is no such test. */
async function readTestData(db: UserDb, testId: string): Promise<TestData | null> {
  const test = await db.userTests.get(testId);
  if (!test) return null;
  const [questions, answers] = await Promise.all([
    testQuestions(db, test),
    db.answers.where("testId").equals(testId).toArray(),
  ]);
  return {
    test,
    questions,
    saved: new Map(answers.map((a) => [a.questionId, a.given])),
    correct: new Map(answers.flatMap((a) => (a.correct === null ? [] : [[a.questionId, a.correct] as const]))),
  };
}

/** The test, its questions in order and the answers saved on this device, kept live. */
export function useTestData(db: UserDb, testId: string): TestData | null | undefined {
  return useLiveQuery(() => readTestData(db, testId), [db, testId]);
}

/**
 * The test as the question screen loads it (test-taking §8): `data` as useTestData (null: the
 * test is gone), or `failure` when reading it failed ("load"), or failed again after `retry`
 * ("reload"); each failure is logged.
 */
export interface TestLoad {
  data: TestData | null | undefined;
  failure: "load" | "reload" | null;
  retry: () => void;
}

export function useTestLoad(db: UserDb, testId: string): TestLoad {
  const [attempt, setAttempt] = useState(0);
  const result = useLiveQuery(async (): Promise<{ data: TestData | null } | { error: unknown }> => {
    try {
      return { data: await readTestData(db, testId) };
    } catch (error) {
      console.error(`test ${testId} could not be read`, error);
      return { error };
    }
  }, [db, testId, attempt]);
  const failed = result !== undefined && "error" in result;
  return {
    data: result !== undefined && "data" in result ? result.data : undefined,
    failure: failed ? (attempt > 0 ? "reload" : "load") : null,
    retry: () => setAttempt((n) => n + 1),
  };
}

/** The ids of the flagged questions, kept live (the pagination marks them). */
export function useFlaggedIds(db: UserDb): ReadonlySet<number> {
  const ids = useLiveQuery(() => db.flags.filter((f) => f.flagged).primaryKeys(), [db]);
  return new Set((ids ?? []) as number[]);
}
