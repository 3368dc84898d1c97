/**
 * The analysis page's exam readiness (issue 19): every subject of the bank, its chance of passing
 * the real exam now with its range, from the same answers the graphs count and every student's
 * counts per question on this device (sync-protocol/rules/readiness.ts).
 */
import type { AnalysisInput } from "@preflight/sync-protocol/rules/analysis";
import { examReadiness, readinessInput } from "@preflight/sync-protocol/rules/readiness";
import { useMemo } from "react";
import { useSignedIn } from "../../app/session-context.tsx";
import { now } from "../../platform.ts";
import { ReadinessExplained, ReadinessList } from "../../ui/ReadinessList.tsx";
import { ANALYSIS_TEXT } from "./model.ts";
import { useQuestionCounts } from "./queries.ts";
import { Spinner } from "./Spinner.tsx";

export function ExamReadiness({ input }: { input: AnalysisInput | undefined }) {
  const { scope } = useSignedIn();
  const counts = useQuestionCounts(scope.db);
  const items = useMemo(
    () => (input && counts ? examReadiness(readinessInput(input, counts, now())) : undefined),
    [input, counts],
  );
  return (
    <div className="space-y-3">
      <ReadinessExplained />
      {items === undefined ? (
        <Spinner label={ANALYSIS_TEXT.calculating} visibleLabel={ANALYSIS_TEXT.calculating} />
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-600">{ANALYSIS_TEXT.noSubjects}</p>
      ) : (
        <ReadinessList items={items} testId="analysis-readiness" />
      )}
    </div>
  );
}
