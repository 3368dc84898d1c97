/**
 * The exam chooser as a pure view: the subject list, then the chosen subject's dialog (bank,
 * length, display answers for an untimed exam, the summary strip and Start). What it shows
 * comes in as props; Start hands the choice to `onStart`.
 */

import type { DisplayAnswers } from "@preflight/sync-protocol/rules/constants";
import { testTypeTitle } from "@preflight/sync-protocol/rules/format";
import { ALL_SUBJECTS, PRACTICE_MESSAGES } from "@preflight/sync-protocol/rules/practice-filter";
import { useState } from "react";
import { Button } from "../../ui/Button.tsx";
import { Choice, Choices } from "../../ui/Choices.tsx";
import { CancelConfirm, Modal } from "../../ui/Modal.tsx";
import { Card, Page } from "../../ui/Page.tsx";
import { SHOW_ANSWERS_LABELS } from "../../ui/practice-labels.ts";
import { SummaryStrip } from "../../ui/SummaryStrip.tsx";
import {
  type ExamSubject,
  type ExamType,
  examLengths,
  examTimeLimit,
  noBanksMessage,
  type QuestionBank,
} from "./banks.ts";

const DISPLAY_CHOICES: DisplayAnswers[] = ["after_test", "after_choice", "before_choice"];

/** What Start asks for: the bank and length chosen, and how answers show. */
export interface ExamChoice {
  subjectTitle: string;
  bank: QuestionBank;
  count: number;
  display: DisplayAnswers;
  timeLimit: number | null;
}

export interface ExamChooserViewProps {
  type: ExamType;
  /** The list to choose from; undefined while loading. */
  subjects: ExamSubject[] | undefined;
  /** 'Choose a subject' or 'Choose an exam'. */
  heading: string;
  /** A subject's question banks (those holding questions); undefined while loading. */
  banksOf: (subject: ExamSubject) => QuestionBank[] | undefined;
  /** Starts the exam; resolves false when it could not start (the dialog stays, Start again). */
  onStart: (choice: ExamChoice) => Promise<boolean>;
  /** The display_answers switch: off, no Show answers choice (answers after the test). */
  displayAnswersOffered?: boolean;
}

export function ExamChooserView({
  type,
  subjects,
  heading,
  banksOf,
  onStart,
  displayAnswersOffered = true,
}: ExamChooserViewProps) {
  const [chosen, setChosen] = useState<ExamSubject | null>(null);
  const banks = chosen ? banksOf(chosen) : undefined;
  return (
    <Page title={testTypeTitle(type)}>
      <Card title={heading} padded={false}>
        <div className="mt-4 border-b border-slate-100" />
        {subjects === undefined ? (
          <p className="px-6 py-8 text-center text-slate-600">Loading…</p>
        ) : subjects.length === 0 ? (
          <p className="px-6 py-8 text-center text-slate-600">{PRACTICE_MESSAGES.noSubjects}</p>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="exam-subjects">
            {subjects.map((s) => (
              <li key={s.code}>
                <Button
                  variant="plain"
                  onPress={() => setChosen(s)}
                  testId="exam-subject"
                  className="flex min-h-11 w-full items-center gap-3 px-5 py-3 text-left hover:bg-slate-50 sm:px-6"
                >
                  {s.code !== ALL_SUBJECTS ? (
                    <span className="w-10 shrink-0 font-mono text-xs text-slate-500">{s.code}</span>
                  ) : null}
                  <span className="min-w-0 flex-1 font-medium text-slate-900">{s.title}</span>
                  <span className="shrink-0 text-sm text-slate-500">
                    {s.questions} {s.questions === 1 ? "question" : "questions"}
                  </span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Card>
      {chosen && banks ? (
        <ExamDialog
          key={chosen.code}
          type={type}
          subjectTitle={chosen.title}
          banks={banks}
          isExam={heading === "Choose an exam"}
          displayChoice={type === "untimed" && displayAnswersOffered}
          onStart={onStart}
          onClose={() => setChosen(null)}
        />
      ) : null}
    </Page>
  );
}

function ExamDialog({
  type,
  subjectTitle,
  banks,
  isExam,
  displayChoice,
  onStart,
  onClose,
}: {
  type: ExamType;
  subjectTitle: string;
  banks: QuestionBank[];
  isExam: boolean;
  /** Whether Show answers is offered (untimed, with the display_answers switch on). */
  displayChoice: boolean;
  onStart: ExamChooserViewProps["onStart"];
  onClose: () => void;
}) {
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
    const started = await onStart({
      subjectTitle,
      bank,
      count,
      display: displayChoice ? display : "after_test",
      timeLimit,
    });
    if (!started) setStarting(false);
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
          <Choices
            legend="Question bank"
            value={String(bank.id)}
            onChange={(id) => setBankId(id as QuestionBank["id"])}
          >
            {banks.map((b) => (
              <Choice key={b.id} value={String(b.id)} testId="exam-bank">
                <span className="block font-medium text-slate-900">{b.title}</span>
                <span className="block text-xs text-slate-500">
                  {b.total} {b.total === 1 ? "question" : "questions"} · taken {b.user_tests}{" "}
                  {b.user_tests === 1 ? "time" : "times"}
                </span>
              </Choice>
            ))}
          </Choices>
          <Choices legend="Questions" value={String(count)} onChange={(n) => setLength(Number(n))}>
            {lengths.map((n) => (
              <Choice key={n} value={String(n)} testId="exam-length">
                {n}
              </Choice>
            ))}
          </Choices>
          {displayChoice ? (
            <Choices legend="Show answers" value={display} onChange={(value) => setDisplay(value as typeof display)}>
              {DISPLAY_CHOICES.map((value) => (
                <Choice key={value} value={value} testId="exam-display">
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
