import { attemptsRow } from "@preflight/sync-protocol/rules/fixed-tests";
import { useLiveQuery } from "dexie-react-hooks";
import { testQuestions } from "../../local/actions/test.ts";
import {
  getMeta,
  type LocalAnswer,
  type LocalShownQuestion,
  type LocalUserTest,
  type UserDb,
} from "../../local/store/db.ts";
import { attemptsUsed } from "../../local/store/fixed-attempts.ts";
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

/**
 * The attempts row of a fixed test's summary strip (spec: only with a non-zero limit); null
 * otherwise. Here, not with the frame's live reads: the fixed tests' rules are no part of the first page.
 */
export function useFixedAttempts(
  db: UserDb,
  fixedTestId: number | null | undefined,
): { used: number; limit: number } | null {
  return (
    useLiveQuery(async () => {
      if (fixedTestId == null) return null;
      const [fixed, all] = await Promise.all([db.fixedTests.get(fixedTestId), db.userTests.toArray()]);
      return fixed ? attemptsRow(fixed.attempts, attemptsUsed(fixed, all)) : null;
    }, [db, fixedTestId]) ?? null
  );
}
