import { useLiveQuery } from "dexie-react-hooks";
import { testQuestions } from "../../local/actions/test.ts";
import type { LocalAnswer, LocalShownQuestion, LocalUserTest, UserDb } from "../../local/store/db.ts";

/** A test as the results page reads it: the test, the answers saved by question id, its questions in order. */
export interface ResultsData {
  test: LocalUserTest;
  answers: Map<number, LocalAnswer>;
  /** Undefined where the question is not on this device. */
  questions: (LocalShownQuestion | undefined)[];
}

/** The test, its answers and its questions as they were when it was built, kept live. */
export function useResultsData(db: UserDb, testId: string): ResultsData | null | undefined {
  return useLiveQuery(async () => {
    const test = await db.userTests.get(testId);
    if (!test) return null;
    const [answers, questions] = await Promise.all([
      db.answers.where("testId").equals(testId).toArray(),
      testQuestions(db, test),
    ]);
    return { test, answers: new Map(answers.map((a) => [a.questionId, a])), questions };
  }, [db, testId]);
}
