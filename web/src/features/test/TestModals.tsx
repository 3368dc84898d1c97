import { Button } from "../../ui/Button.tsx";
import { CancelConfirm, Modal } from "../../ui/Modal.tsx";
import { MESSAGES } from "../../ui/question/rules.ts";
import type { TestModal } from "./test-session.ts";

/** Every modal of the question screen, with the spec's words; `onProceed` goes on from the open one. */
export function TestModals({
  modal,
  unanswered,
  onProceed,
  onClose,
}: {
  modal: TestModal | null;
  unanswered: number;
  onProceed: () => void;
  onClose: () => void;
}) {
  const open = (kind: TestModal["kind"]) => modal?.kind === kind;
  return (
    <>
      <Modal
        title="Finish test?"
        isOpen={open("finish")}
        onClose={onClose}
        actions={
          <CancelConfirm onCancel={onClose} onConfirm={onProceed} confirmLabel="Finish" testId="confirm-finish" />
        }
      >
        {unanswered > 0 ? <p>{MESSAGES.unanswered}</p> : <p>All questions are answered.</p>}
      </Modal>
      <Modal
        title={MESSAGES.notConfirmed}
        isOpen={open("unconfirmed")}
        onClose={onClose}
        actions={
          <>
            <Button variant="secondary" onPress={onProceed} testId="leave-unconfirmed">
              Move on without saving
            </Button>
            <Button onPress={onClose} testId="stay-unconfirmed">
              Go back
            </Button>
          </>
        }
      >
        <p>Your choice on this question is not saved until you confirm it.</p>
      </Modal>
      <Modal
        title="Check your answer"
        isOpen={open("count")}
        onClose={onClose}
        actions={
          <>
            <Button variant="secondary" onPress={onClose}>
              Go back
            </Button>
            <Button onPress={onProceed} testId="confirm-count">
              Continue
            </Button>
          </>
        }
      >
        {modal?.kind === "count" ? <p>{MESSAGES.requiresCount(modal.required, modal.selected)}</p> : null}
      </Modal>
      <Modal
        title="Abandon test?"
        isOpen={open("abandon")}
        onClose={onClose}
        actions={
          <CancelConfirm
            onCancel={onClose}
            onConfirm={onProceed}
            confirmLabel="Abandon test"
            testId="confirm-abandon"
          />
        }
      >
        <p>The test will be marked with the answers you have given so far.</p>
        {unanswered > 0 ? <p className="mt-2">{MESSAGES.unanswered}</p> : null}
      </Modal>
      <Modal
        title={MESSAGES.timeExpired}
        isOpen={open("time-expired")}
        onClose={onProceed}
        dismissable={false}
        actions={
          <Button onPress={onProceed} testId="time-expired-results">
            View results
          </Button>
        }
      >
        <p>The time for this test has run out. It has been marked with the answers you gave.</p>
      </Modal>
    </>
  );
}
