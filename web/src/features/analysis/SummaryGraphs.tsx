/**
 * Summary graphs (spec study: Report selector page): a dropdown with two views, 'Percentage of
 * questions answered' (GET /analysis/subject) and 'Average mock exam scores'
 * (GET /analysis/average-timed), drawn per subject from the device's records.
 */
import {
  type AnalysisInput,
  averageMockExamScores,
  hasAnswers,
  hasMockExams,
  percentageAnswered,
} from "@preflight/sync-protocol/rules/analysis";
import { Link } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import { SelectField } from "../../ui/SelectField.tsx";
import { AnalysisChart } from "./AnalysisChart.tsx";
import {
  ANALYSIS_TEXT,
  answeredChart,
  isSummaryView,
  mockExamChart,
  SUMMARY_VIEWS,
  type SummaryView,
} from "./model.ts";
import { Spinner } from "./Spinner.tsx";

export function SummaryGraphs({ input }: { input: AnalysisInput | undefined }) {
  const [view, setView] = useState<SummaryView>("subject");
  const title = SUMMARY_VIEWS.find((v) => v.id === view)?.title ?? "";
  return (
    <div className="space-y-4">
      <SelectField
        label="Summary graph"
        value={view}
        onChange={(value) => {
          if (isSummaryView(value)) setView(value);
        }}
        className="max-w-sm"
        data-testid="summary-view"
      >
        {SUMMARY_VIEWS.map((v) => (
          <option key={v.id} value={v.id}>
            {v.title}
          </option>
        ))}
      </SelectField>
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      {input === undefined ? (
        <Spinner label={ANALYSIS_TEXT.calculating} visibleLabel={ANALYSIS_TEXT.calculating} />
      ) : input.bank.length === 0 ? (
        <p className="text-sm text-slate-600">{ANALYSIS_TEXT.noSubjects}</p>
      ) : view === "subject" ? (
        <PercentageAnswered input={input} title={title} />
      ) : (
        <MockExamScores input={input} title={title} />
      )}
    </div>
  );
}

function PercentageAnswered({ input, title }: { input: AnalysisInput; title: string }) {
  const reply = useMemo(() => percentageAnswered(input), [input]);
  return (
    <AnalysisChart
      title={title}
      chart={answeredChart(reply)}
      series={reply}
      labelHeader="Subject"
      notesHeader="Questions"
      empty={hasAnswers(reply) ? null : ANALYSIS_TEXT.noAnswers}
      testId="summary-chart"
    />
  );
}

function MockExamScores({ input, title }: { input: AnalysisInput; title: string }) {
  const reply = useMemo(() => averageMockExamScores(input), [input]);
  return (
    <AnalysisChart
      title={title}
      chart={mockExamChart(reply)}
      series={reply}
      labelHeader="Subject"
      notesHeader="Mock exams"
      empty={
        hasMockExams(reply) ? null : (
          <>
            {ANALYSIS_TEXT.noMockExams}{" "}
            <Link to="/test/select/timed" className="font-medium text-brand-600 underline-offset-2 hover:underline">
              Take a timed exam
            </Link>
          </>
        )
      }
      testId="summary-chart"
    />
  );
}
