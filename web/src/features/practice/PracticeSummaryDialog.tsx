import { PRACTICE_MESSAGES } from "@preflight/sync-protocol/rules/practice-filter";
import { CancelConfirm, Modal } from "../../ui/Modal.tsx";
import { SummaryStrip } from "../../ui/SummaryStrip.tsx";

/** 'Practice summary': what the test will hold, then Start (the test is built on the device). */
export function PracticeSummaryDialog({
  isOpen,
  lines,
  total,
  starting,
  allQuestions,
  onClose,
  onStart,
}: {
  isOpen: boolean;
  /** The choices, as label and value. */
  lines: [string, string][];
  total: number;
  starting: boolean;
  allQuestions: boolean;
  onClose: () => void;
  onStart: () => void;
}) {
  return (
    <Modal
      title="Practice summary"
      isOpen={isOpen}
      onClose={onClose}
      dismissable={!starting}
      actions={
        <CancelConfirm
          onCancel={onClose}
          cancelDisabled={starting}
          onConfirm={onStart}
          confirmLabel={starting ? "Starting…" : "Start"}
          disabled={starting || total === 0}
          testId="practice-start"
        />
      }
    >
      <div className="space-y-4">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1" data-testid="practice-summary">
          {lines.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium text-slate-800">{label}</dt>
              <dd className="min-w-0 break-words">{value}</dd>
            </div>
          ))}
        </dl>
        <SummaryStrip total={total} passPercentage={null} />
        {starting && allQuestions ? (
          <p className="text-center font-medium text-brand-700" role="status">
            {PRACTICE_MESSAGES.startingAll}
          </p>
        ) : null}
      </div>
    </Modal>
  );
}
