/** The retake dialog of 'Choose a previous test': the test's summary, then /test/retake/{id}. */
import { attemptsRow, fixedTestAccess } from "@preflight/sync-protocol/rules/fixed-tests";
import { useNavigate } from "@tanstack/react-router";
import { accessInput } from "../../local/fixed-availability.ts";
import type { LocalFixedTest, LocalUserTest } from "../../local/store/db.ts";
import { CancelConfirm, Modal } from "../../ui/Modal.tsx";
import { SummaryStrip } from "../../ui/SummaryStrip.tsx";

const CANNOT_RETAKE = "This test cannot be retaken.";

export function RetakeDialog({
  test,
  fixed,
  used,
  onClose,
}: {
  test: LocalUserTest;
  /** The fixed test it was taken from, when it is on this device. */
  fixed: LocalFixedTest | undefined;
  used: number;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  // A fixed test is checked against its attempts now; any other test says whether it can be retaken.
  const access = fixed
    ? fixedTestAccess(accessInput(fixed, used))
    : test.can_retake
      ? ({ ok: true } as const)
      : ({ ok: false, message: CANNOT_RETAKE } as const);
  return (
    <Modal
      title={`Retake ${test.title}?`}
      isOpen
      onClose={onClose}
      actions={
        <CancelConfirm
          onCancel={onClose}
          onConfirm={() => void navigate({ to: "/test/retake/$testId", params: { testId: test.id } })}
          confirmLabel="Retake Exam"
          disabled={!access.ok}
          testId="retake-start"
        />
      }
    >
      <div className="space-y-4">
        <p>A new attempt with the same questions and settings.</p>
        <SummaryStrip
          total={test.question_ids.length}
          passPercentage={test.pass_percentage}
          timeLimitMinutes={test.time_limit}
          showTimeLimit={test.time_limit !== null}
          attempts={fixed ? attemptsRow(fixed.attempts, used) : null}
        />
        {!access.ok ? (
          <p role="alert" className="text-red-700">
            {access.message}
          </p>
        ) : null}
      </div>
    </Modal>
  );
}
