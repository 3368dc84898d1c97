/**
 * Learning objectives with coverage (issue 19), one page per subject (/objectives/{subject}): the
 * subject's syllabus down to its learning objectives with, at each node, the questions of the
 * student's bank, how many they have answered and how often right (rules/objective-coverage.ts),
 * drawn on the device from its own records, offline too. A filter narrows the list; from any node
 * "Practice these questions" starts a practice test of its questions on the device, through the
 * one test builder (`useStartTest`), as the dashboard's review does.
 */
import {
  COVERAGE_FILTERS,
  COVERAGE_RATE_THRESHOLD,
  type CoverageFilter,
  type CoverageNode,
  coverageNodes,
  filterCoverage,
  questionsUnder,
} from "@preflight/sync-protocol/rules/objective-coverage";
import { PRACTICE_DEFAULT_ANSWERS, PRACTICE_DEFAULT_QUESTIONS } from "@preflight/sync-protocol/rules/practice-filter";
import { Link, useNavigate } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import { useSignedIn } from "../../app/session-context.tsx";
import { useStartTest } from "../../app/useStartTest.ts";
import { Button } from "../../ui/Button.tsx";
import { ErrorLine } from "../../ui/ErrorNotice.tsx";
import { Card, Page } from "../../ui/Page.tsx";
import { SelectField } from "../../ui/SelectField.tsx";
import { CoverageBar, coverageWords, LEVEL_NAMES, ObjectivesTree } from "./ObjectivesTree.tsx";
import { useObjectiveCoverage } from "./queries.ts";

export const FILTER_LABELS: Record<CoverageFilter, string> = {
  all: "All objectives",
  unanswered: "Not yet answered",
  below: `Below ${COVERAGE_RATE_THRESHOLD}% right`,
  no_questions: "Without questions",
};

const FILTER_EMPTY: Record<CoverageFilter, string> = {
  all: "This subject has no learning objectives on this device.",
  unanswered: "You have answered every question of this subject.",
  below: `No learning objective is below ${COVERAGE_RATE_THRESHOLD}% right.`,
  no_questions: "Every learning objective of this subject has questions.",
};

const questions = (n: number) => `${n} ${n === 1 ? "question" : "questions"}`;

function Status({ children }: { children: string }) {
  return (
    <p role="status" className="py-8 text-center text-sm text-slate-600" data-testid="objectives-status">
      {children}
    </p>
  );
}

export function ObjectivesPage({ subject }: { subject: string }) {
  const { scope } = useSignedIn();
  const read = useObjectiveCoverage(scope.db, subject);
  const navigate = useNavigate();
  const { start, error, starting } = useStartTest();
  const [filter, setFilter] = useState<CoverageFilter>("all");
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());

  const ready = read?.state === "ready" ? read : null;
  const shown = useMemo(() => (ready ? filterCoverage(ready.tree, filter) : null), [ready, filter]);
  const headings = useMemo(
    () => (shown ? [...coverageNodes(shown)].filter((n) => n.children.length > 0).map((n) => n.code) : []),
    [shown],
  );

  const practice = (node: CoverageNode) => {
    if (!ready) return;
    const from = questionsUnder(node.code, subject, ready.questions());
    const count = Math.min(from.length, PRACTICE_DEFAULT_QUESTIONS);
    void start({
      test_type: "practice",
      title: `Practice test: ${node.code} ${node.title}`.slice(0, 180).concat(` (${questions(count)})`),
      count,
      from,
      display_answers: PRACTICE_DEFAULT_ANSWERS,
    });
  };

  const subjects = read && read.state !== "no-index" ? read.subjects : [];
  const title = subjects.find((s) => s.code === subject)?.title;
  const subjectField =
    subjects.length > 0 ? (
      <SelectField
        label="Subject"
        value={subject}
        onChange={(code) => void navigate({ to: "/objectives/$subject", params: { subject: code } })}
        className="w-full sm:max-w-sm"
        data-testid="objectives-subject"
      >
        {read?.state === "no-subject" ? <option value={subject}>Choose a subject</option> : null}
        {subjects.map((s) => (
          <option key={s.code} value={s.code}>
            {s.code} {s.title}
          </option>
        ))}
      </SelectField>
    ) : null;

  let body: React.ReactNode;
  if (read === undefined) body = <Status>Counting your answers…</Status>;
  else if (read.state === "no-index") body = <Status>Getting the learning objectives ready…</Status>;
  else if (read.state === "no-subject")
    body = <Status>{`This device has no questions of subject ${subject}. Choose a subject above.`}</Status>;
  else {
    const root = read.tree;
    const practiceCount = Math.min(root.questions, PRACTICE_DEFAULT_QUESTIONS);
    body = (
      <>
        <Card testId="objectives-summary">
          <div className="flex flex-wrap items-center justify-between gap-4">
            <div className="min-w-0 flex-1 basis-72">
              <h2 className="text-lg font-semibold text-slate-900">{root.title}</h2>
              <p className="mt-1 text-sm text-slate-700 tabular-nums" data-testid="objectives-summary-figures">
                {coverageWords(root)}
              </p>
              <CoverageBar node={root} className="mt-2 h-3 max-w-md" />
              <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-hidden>
                <span className="inline-flex items-center gap-1.5">
                  <span className="h-2.5 w-2.5 rounded-full bg-success" /> Right the last time
                </span>
                <span className="inline-flex items-center gap-1.5">
                  <span className="h-2.5 w-2.5 rounded-full bg-amber-500" /> Wrong the last time
                </span>
                <span className="inline-flex items-center gap-1.5">
                  <span className="h-2.5 w-2.5 rounded-full bg-slate-200 ring-1 ring-slate-300" /> Not answered
                </span>
              </p>
            </div>
            {root.questions > 0 ? (
              <div className="flex flex-col items-start gap-1">
                <Button
                  onPress={() => practice(root)}
                  disabled={starting}
                  testId="objectives-practice-subject"
                  ariaLabel={`Practice these questions: ${root.title}`}
                >
                  {starting ? "Starting test…" : "Practice these questions"}
                </Button>
                <span className="text-xs text-slate-600">
                  {practiceCount < root.questions
                    ? `${practiceCount} picked at random from ${root.questions.toLocaleString("en")}`
                    : questions(practiceCount)}
                </span>
              </div>
            ) : null}
          </div>
          <ErrorLine message={error} />
        </Card>

        <Card padded={false} testId="objectives-list">
          <div className="flex flex-wrap items-end justify-between gap-3 border-b border-slate-200 px-4 py-4 sm:px-6">
            <SelectField
              label="Show"
              value={filter}
              onChange={(value) => setFilter(value as CoverageFilter)}
              className="w-full sm:w-64"
              data-testid="objectives-filter"
            >
              {COVERAGE_FILTERS.map((f) => (
                <option key={f} value={f}>
                  {FILTER_LABELS[f]}
                </option>
              ))}
            </SelectField>
            <div className="flex gap-2">
              <Button
                variant="secondary"
                onPress={() => setExpanded(new Set(headings))}
                disabled={!shown}
                testId="objectives-expand"
              >
                Expand all
              </Button>
              <Button
                variant="secondary"
                onPress={() => setExpanded(new Set())}
                disabled={expanded.size === 0}
                testId="objectives-collapse"
              >
                Collapse all
              </Button>
            </div>
          </div>
          <p className="px-4 pt-3 text-xs text-slate-600 sm:px-6">
            {`${LEVEL_NAMES.topic}s, ${LEVEL_NAMES.subtopic.toLowerCase()}s, ${LEVEL_NAMES.section.toLowerCase()}s and learning objectives. Practice starts a test of up to ${PRACTICE_DEFAULT_QUESTIONS} of a line's questions, picked at random.`}
          </p>
          <div className="px-2 pb-2 sm:px-4">
            {shown && shown.children.length > 0 ? (
              <ObjectivesTree
                root={shown}
                label={`Learning objectives of ${root.title}`}
                expanded={expanded}
                onToggle={(code) =>
                  setExpanded((was) => {
                    const next = new Set(was);
                    if (!next.delete(code)) next.add(code);
                    return next;
                  })
                }
                onPractice={practice}
                starting={starting}
              />
            ) : (
              <Status>{FILTER_EMPTY[filter]}</Status>
            )}
          </div>
        </Card>
      </>
    );
  }

  return (
    <Page
      width="wide"
      title="Learning objectives"
      titleTestId="objectives-title"
      description={
        title
          ? `${title}: the questions of each learning objective, and how you did on them. Your answers count as on the analysis page.`
          : "The questions of each learning objective, and how you did on them."
      }
      actions={
        <Link
          to="/analysis"
          hash="subject"
          className="text-sm font-medium text-brand-700 underline hover:text-brand-900"
        >
          Analysis
        </Link>
      }
      busy={read === undefined || read.state === "no-index"}
      testId="objectives-page"
    >
      {subjectField}
      {body}
    </Page>
  );
}
