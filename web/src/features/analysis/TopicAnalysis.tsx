/**
 * Analysis by topic (spec study: Analysis by topic page; GET /analysis/topic/{subject_id}): the
 * 'Filter by subject' dropdown, 'Reset progress' with its confirmation, the topic bar chart with
 * a loading spinner, and help text. A reset is queued like every write and applied on the device
 * at once, so the chart starts again from zero offline too; a failure says 'Unable to reset
 * progress' (spec 8).
 */
import { type AnalysisInput, hasAnswers, latestResets, topicAnalysis } from "@preflight/sync-protocol/rules/analysis";
import { RESET_PROGRESS_FAILED } from "@preflight/sync-protocol/schemas/analysis";
import { Link } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import { useErrorNotice } from "../../app/error-notice.ts";
import { useSignedIn } from "../../app/session-context.tsx";
import { resetProgress } from "../../local/actions/analysis.ts";
import { Button } from "../../ui/Button.tsx";
import { Modal } from "../../ui/Modal.tsx";
import { SelectField } from "../../ui/SelectField.tsx";
import { AnalysisChart } from "./AnalysisChart.tsx";
import { ANALYSIS_TEXT, answeredChart } from "./model.ts";
import { useHeadingTitles } from "./queries.ts";
import { Spinner } from "./Spinner.tsx";

export function TopicAnalysis({ input }: { input: AnalysisInput | undefined }) {
  const { scope } = useSignedIn();
  const showError = useErrorNotice();
  const subjects = useMemo(() => {
    if (!input) return [];
    const titles = new Map(input.subjects.map((s) => [s.code, s.title]));
    return [...new Set(input.bank.map((q) => q.subject))]
      .sort()
      .map((code) => ({ code, title: titles.get(code) ?? code }));
  }, [input]);
  const [chosen, setChosen] = useState<string | null>(null);
  const subject = chosen && subjects.some((s) => s.code === chosen) ? chosen : (subjects[0]?.code ?? null);
  const titles = useHeadingTitles(scope.db, subject);
  const [confirming, setConfirming] = useState(false);
  const [resetting, setResetting] = useState(false);

  const reply = useMemo(
    () => (input && subject && titles ? topicAnalysis(subject, input, titles) : undefined),
    [input, subject, titles],
  );
  const wasReset = useMemo(
    () => (input && subject ? latestResets(input.resets).has(subject) : false),
    [input, subject],
  );
  const subjectTitle = subjects.find((s) => s.code === subject)?.title ?? "";

  const confirmReset = async () => {
    if (!subject) return;
    setResetting(true);
    try {
      await resetProgress(scope, subject);
    } catch (err) {
      console.warn("reset progress", err);
      showError(err, { text: RESET_PROGRESS_FAILED });
    } finally {
      setResetting(false);
      setConfirming(false);
    }
  };

  if (input === undefined)
    return <Spinner label={ANALYSIS_TEXT.calculating} visibleLabel={ANALYSIS_TEXT.calculating} />;
  if (subjects.length === 0) return <p className="text-sm text-slate-600">{ANALYSIS_TEXT.noSubjects}</p>;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <SelectField
          label={ANALYSIS_TEXT.filterBySubject}
          value={subject ?? ""}
          onChange={setChosen}
          className="w-full max-w-sm"
          data-testid="topic-subject"
        >
          {subjects.map((s) => (
            <option key={s.code} value={s.code}>
              {s.title}
            </option>
          ))}
        </SelectField>
        <Button variant="secondary" onPress={() => setConfirming(true)} disabled={!subject} testId="reset-progress">
          {ANALYSIS_TEXT.resetProgress}
        </Button>
      </div>
      <p className="text-sm text-slate-600" data-testid="topic-help">
        {ANALYSIS_TEXT.topicHelp}
      </p>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 className="text-base font-semibold text-slate-900">{subjectTitle}</h2>
        {subject ? (
          <Link
            to="/objectives/$subject"
            params={{ subject }}
            className="text-sm font-medium text-brand-700 underline hover:text-brand-900"
            data-testid="topic-objectives-link"
          >
            {ANALYSIS_TEXT.objectivesLink}
          </Link>
        ) : null}
      </div>
      {reply === undefined ? (
        <Spinner label="Loading the topics" />
      ) : reply === null ? (
        <p className="text-sm text-slate-600">{ANALYSIS_TEXT.noSubjects}</p>
      ) : (
        <AnalysisChart
          title={`${subjectTitle}: analysis by topic`}
          chart={answeredChart(reply)}
          series={reply}
          labelHeader="Topic"
          notesHeader="Questions"
          empty={
            hasAnswers(reply)
              ? null
              : wasReset
                ? ANALYSIS_TEXT.noTopicAnswersSinceReset(subjectTitle)
                : ANALYSIS_TEXT.noTopicAnswers(subjectTitle)
          }
          testId="topic-chart"
        />
      )}
      <Modal
        title={ANALYSIS_TEXT.resetTitle}
        isOpen={confirming}
        onClose={() => setConfirming(false)}
        actions={
          <>
            <Button variant="secondary" onPress={() => setConfirming(false)} testId="reset-cancel">
              {ANALYSIS_TEXT.cancel}
            </Button>
            <Button onPress={() => void confirmReset()} disabled={resetting} testId="reset-confirm">
              {ANALYSIS_TEXT.confirm}
            </Button>
          </>
        }
      >
        {ANALYSIS_TEXT.resetQuestion}
      </Modal>
    </div>
  );
}
