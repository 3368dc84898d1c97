import { useLiveQuery } from "dexie-react-hooks";
import { testQuestions } from "../../local/actions/test.ts";
import {
  getMeta,
  type LocalAnswer,
  type LocalShownQuestion,
  type LocalUserTest,
  type UserDb,
} from "../../local/store/db.ts";
import { type HeadingTitles, topicOf } from "./breakdown.ts";

/** A test as the results page reads it: the test, the answers saved by question id, its questions in order. */
export interface ResultsData {
  test: LocalUserTest;
  answers: Map<number, LocalAnswer>;
  /** Undefined where the question is not on this device. */
  questions: (LocalShownQuestion | undefined)[];
  /** The titles of the test's subjects and topics, for the breakdown. */
  titles: HeadingTitles;
}

/** The test, its answers and its questions as they were when it was built, kept live. */
export function useResultsData(db: UserDb, testId: string): ResultsData | null | undefined {
  return useLiveQuery(async () => {
    const test = await db.userTests.get(testId);
    if (!test) return null;
    const [answers, questions, subjects] = await Promise.all([
      db.answers.where("testId").equals(testId).toArray(),
      testQuestions(db, test),
      getMeta<{ code: string; title: string }[]>(db, "subjects"),
    ]);
    const topics = [...new Set(questions.flatMap((q) => (q ? [topicOf(q.syllabus_code)] : [])))];
    const headings = await db.syllabusNodes.bulkGet(topics);
    return {
      test,
      answers: new Map(answers.map((a) => [a.questionId, a])),
      questions,
      titles: {
        subjects: new Map((subjects ?? []).map((s) => [s.code, s.title])),
        headings: new Map(headings.flatMap((h) => (h ? [[h.code, h.title] as const] : []))),
      },
    };
  }, [db, testId]);
}
