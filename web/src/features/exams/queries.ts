/** The exam chooser's reads: the subjects, the questions' facts and the tests taken, live from the device. */
import { useLiveQuery } from "dexie-react-hooks";
import { useCallback, useMemo } from "react";
import { useSubjects } from "../../app/live-queries.ts";
import type { UserDb } from "../../local/store/db.ts";
import { subjectsHeading } from "../../ui/subject-tree.ts";
import { type ExamQuestionFact, type ExamSubject, type ExamType, examSubjects, questionBanks } from "./banks.ts";

export interface ExamChooserData {
  /** The list to choose from; undefined while the device is read. */
  subjects: ExamSubject[] | undefined;
  /** Spec: 'Choose a subject', or 'Choose an exam' when subjects carry an exam licence id. */
  heading: string;
  /** A subject's question banks; undefined while the device is read. */
  banksOf: (subject: ExamSubject) => ReturnType<typeof questionBanks> | undefined;
}

export function useExamChooserData(db: UserDb, type: ExamType): ExamChooserData {
  const subjects = useSubjects(db);
  const facts = useLiveQuery(
    () =>
      db.questions.toArray((qs): ExamQuestionFact[] =>
        qs.map((q) => ({ id: q.id, subject: q.subject, example: q.example })),
      ),
    [db],
  );
  const tests = useLiveQuery(
    () => db.userTests.toArray((ts) => ts.map((t) => ({ test_type: t.test_type, title: t.title }))),
    [db],
  );
  const banksOf = useCallback(
    (subject: ExamSubject) =>
      facts && tests ? questionBanks(subject.code, subject.title, type, facts, tests) : undefined,
    [facts, tests, type],
  );
  const list = useMemo(() => (subjects && facts ? examSubjects(subjects, facts) : undefined), [subjects, facts]);
  return {
    subjects: list,
    heading: subjectsHeading(subjects ?? []),
    banksOf,
  };
}
