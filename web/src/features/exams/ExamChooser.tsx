/**
 * The timed and untimed exam chooser (/test/select/timed, /test/select/untimed): a subject
 * list, then a dialog with the subject's question banks (banks with total 0 hidden), the exam
 * length, the display-answers choice (untimed; a timed exam shows answers after the test) and
 * Start. The exam is built on the device from its bank, offline too.
 */
import { type DisplayAnswers, testTypeTitle } from "@preflight/sync-protocol";
import { ALL_SUBJECTS, PRACTICE_MESSAGES } from "@preflight/sync-protocol/rules/practice-filter";
import { useNavigate } from "@tanstack/react-router";
import { useLiveQuery } from "dexie-react-hooks";
import { useMemo, useState } from "react";
import { useSubjects } from "../../app/live-queries.ts";
import { useSignedIn } from "../../app/session-context.tsx";
import { createTest } from "../../local/actions/test.ts";
import { Choice, Choices } from "../../ui/Choices.tsx";
import { CancelConfirm, Modal } from "../../ui/Modal.tsx";
import { SHOW_ANSWERS_LABELS } from "../../ui/practice-labels.ts";
import { SummaryStrip } from "../../ui/SummaryStrip.tsx";
import { useSnackbar } from "../../ui/snackbar/context.ts";
import { subjectsHeading } from "../../ui/subject-tree.ts";
import {
  type ExamQuestionFact,
  type ExamType,
  examLengths,
  examTimeLimit,
  examTitle,
  noBanksMessage,
  type QuestionBank,
  questionBanks,
} from "./banks.ts";

const DISPLAY_CHOICES: DisplayAnswers[] = ["after_test", "after_choice", "before_choice"];

export function ExamChooser({ type, seed }: { type: ExamType; seed?: number | undefined }) {
  const { scope } = useSignedIn();
  const { db } = scope;
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
  const [chosen, setChosen] = useState<{ code: string; title: string } | null>(null);

  const perSubject = useMemo(() => {
    const counts = new Map<string, number>();
    for (const q of facts ?? []) counts.set(q.subject, (counts.get(q.subject) ?? 0) + 1);
    return counts;
  }, [facts]);
  const list =
    subjects && facts
      ? [
          ...(facts.length > 0 ? [{ code: ALL_SUBJECTS, title: "All subjects", questions: facts.length }] : []),
          ...subjects.map((s) => ({ code: s.code, title: s.title, questions: perSubject.get(s.code) ?? 0 })),
        ]
      : undefined;
  const isExam = subjectsHeading(subjects ?? []) === "Choose an exam";

  return (
    <main className="mx-auto max-w-3xl px-3 py-6 sm:px-4">
      <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <div className="border-b border-slate-100 px-5 py-4 sm:px-6">
          <h1 className="text-xl font-semibold">{testTypeTitle(type)}</h1>
          <p className="mt-0.5 text-sm text-slate-600">{subjectsHeading(subjects ?? [])}</p>
        </div>
        {list === undefined ? (
          <p className="px-6 py-8 text-center text-slate-500">Loading…</p>
        ) : list.length === 0 ? (
          <p className="px-6 py-8 text-center text-slate-600">{PRACTICE_MESSAGES.noSubjects}</p>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="exam-subjects">
            {list.map((s) => (
              <li key={s.code}>
                <button
                  type="button"
                  onClick={() => setChosen({ code: s.code, title: s.title })}
                  data-testid="exam-subject"
                  className="flex w-full items-center gap-3 px-5 py-3 text-left hover:bg-slate-50 sm:px-6"
                >
                  {s.code !== ALL_SUBJECTS ? (
                    <span className="w-10 shrink-0 font-mono text-xs text-slate-500">{s.code}</span>
                  ) : null}
                  <span className="min-w-0 flex-1 font-medium text-slate-900">{s.title}</span>
                  <span className="shrink-0 text-sm text-slate-500">
                    {s.questions} {s.questions === 1 ? "question" : "questions"}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {chosen && facts && tests ? (
        <ExamDialog
          key={chosen.code}
          type={type}
          seed={seed}
          subjectTitle={chosen.title}
          banks={questionBanks(chosen.code, chosen.title, type, facts, tests)}
          isExam={isExam}
          onClose={() => setChosen(null)}
        />
      ) : null}
    </main>
  );
}

function ExamDialog({
  type,
  seed,
  subjectTitle,
  banks,
  isExam,
  onClose,
}: {
  type: ExamType;
  seed: number | undefined;
  subjectTitle: string;
  banks: QuestionBank[];
  isExam: boolean;
  onClose: () => void;
}) {
  const { scope } = useSignedIn();
  const navigate = useNavigate();
  const { notify } = useSnackbar();
  const [bankId, setBankId] = useState<QuestionBank["id"] | null>(banks[0]?.id ?? null);
  const bank = banks.find((b) => b.id === bankId) ?? banks[0];
  const lengths = examLengths(bank?.total ?? 0);
  const [length, setLength] = useState<number | null>(null);
  const count = length !== null && lengths.includes(length) ? length : (lengths[0] ?? 0);
  const [display, setDisplay] = useState<DisplayAnswers>("after_test");
  const [starting, setStarting] = useState(false);
  const timeLimit = examTimeLimit(type, count);

  const start = async () => {
    if (!bank) return;
    setStarting(true);
    try {
      const test = await createTest(scope, {
        test_type: type,
        title: examTitle(type, subjectTitle, bank.title, count),
        count,
        from: bank.question_ids,
        display_answers: type === "timed" ? "after_test" : display,
        seed: seed ?? crypto.getRandomValues(new Uint32Array(1))[0] ?? 1,
        time_limit: timeLimit,
      });
      await navigate({ to: "/test/$testId", params: { testId: test.id } });
    } catch {
      notify({ type: "danger", title: "Error", text: PRACTICE_MESSAGES.startFailed });
      setStarting(false);
    }
  };

  return (
    <Modal
      title={subjectTitle}
      isOpen
      onClose={onClose}
      dismissable={!starting}
      actions={
        <CancelConfirm
          onCancel={onClose}
          cancelDisabled={starting}
          onConfirm={() => void start()}
          confirmLabel={starting ? "Starting…" : "Start"}
          disabled={starting || !bank}
          testId="exam-start"
        />
      }
    >
      {banks.length === 0 || !bank ? (
        <p data-testid="exam-no-banks">{noBanksMessage(isExam)}</p>
      ) : (
        <div className="space-y-5">
          <Choices legend="Question bank">
            {banks.map((b) => (
              <Choice
                key={b.id}
                name="exam-bank"
                checked={b.id === bank.id}
                onChange={() => setBankId(b.id)}
                testId="exam-bank"
              >
                <span className="block font-medium text-slate-900">{b.title}</span>
                <span className="block text-xs text-slate-500">
                  {b.total} {b.total === 1 ? "question" : "questions"} · taken {b.user_tests}{" "}
                  {b.user_tests === 1 ? "time" : "times"}
                </span>
              </Choice>
            ))}
          </Choices>
          <Choices legend="Questions">
            {lengths.map((n) => (
              <Choice
                key={n}
                name="exam-length"
                checked={n === count}
                onChange={() => setLength(n)}
                testId="exam-length"
              >
                {n}
              </Choice>
            ))}
          </Choices>
          {type === "untimed" ? (
            <Choices legend="Show answers">
              {DISPLAY_CHOICES.map((value) => (
                <Choice
                  key={value}
                  name="exam-display"
                  checked={display === value}
                  onChange={() => setDisplay(value)}
                  testId="exam-display"
                >
                  {SHOW_ANSWERS_LABELS[value]}
                </Choice>
              ))}
            </Choices>
          ) : (
            <p className="text-slate-600">Answers are shown after the test.</p>
          )}
          <SummaryStrip
            total={count}
            passPercentage={null}
            timeLimitMinutes={timeLimit}
            showTimeLimit={type === "timed"}
          />
        </div>
      )}
    </Modal>
  );
}
