/** The fixed test's summary (spec 'Test summary strip') with Start, or why it cannot start. */
import { attemptsRow, fixedTestAccess } from "@preflight/sync-protocol/rules/fixed-tests";
import { useStartTest } from "../../app/useStartTest.ts";
import { accessInput } from "../../local/fixed-availability.ts";
import type { LocalFixedTest } from "../../local/store/db.ts";
import { ErrorNotice } from "../../ui/ErrorNotice.tsx";
import { CancelConfirm, Modal } from "../../ui/Modal.tsx";
import { SummaryStrip } from "../../ui/SummaryStrip.tsx";

export function FixedSummaryDialog({
  test,
  used,
  onClose,
}: {
  test: LocalFixedTest;
  used: number;
  onClose: () => void;
}) {
  const { start, error, starting } = useStartTest();
  const access = fixedTestAccess(accessInput(test, used));
  const startFixed = () =>
    start({
      test_type: "exam",
      title: test.title,
      count: test.question_ids.length,
      display_answers: "after_test",
      time_limit: test.time_limit,
      pass_percentage: test.pass_percentage,
      fixed: {
        id: test.id,
        question_ids: test.question_ids,
        question_versions: test.question_versions,
        hide_results: test.hide_results,
        hide_answers: test.hide_answers,
        can_retake: test.attempts === 0 || used + 1 < test.attempts,
      },
    });

  return (
    <Modal
      title={test.title}
      isOpen
      onClose={onClose}
      actions={
        <CancelConfirm
          onCancel={onClose}
          onConfirm={() => void startFixed()}
          confirmLabel={starting ? "Starting test…" : "Start"}
          disabled={!access.ok || starting}
          testId="fixed-start"
        />
      }
    >
      <div className="space-y-4">
        <SummaryStrip
          total={test.question_ids.length}
          passPercentage={test.pass_percentage}
          timeLimitMinutes={test.time_limit}
          showTimeLimit={test.time_limit !== null}
          attempts={attemptsRow(test.attempts, used)}
        />
        {test.hide_results || test.hide_answers ? (
          <p className="text-slate-600">Your results for this test are sent to your school.</p>
        ) : null}
        {!access.ok ? (
          <p role="alert" className="text-red-700" data-testid="fixed-refused">
            {access.message}
          </p>
        ) : null}
        {error ? (
          <ErrorNotice as="p" className="text-red-700">
            {error}
          </ErrorNotice>
        ) : null}
      </div>
    </Modal>
  );
}
