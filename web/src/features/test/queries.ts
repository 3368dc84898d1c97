import type { GivenAnswer } from "@preflight/sync-protocol";
import { useLiveQuery } from "dexie-react-hooks";
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

/** The test, its questions in order and the answers saved on this device, kept live. */
export function useTestData(db: UserDb, testId: string): TestData | null | undefined {
  return useLiveQuery(async () => {
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
  }, [db, testId]);
}

/** The ids of the flagged questions, kept live (the pagination marks them). */
export function useFlaggedIds(db: UserDb): ReadonlySet<number> {
  const ids = useLiveQuery(() => db.flags.filter((f) => f.flagged).primaryKeys(), [db]);
  return new Set((ids ?? []) as number[]);
}
