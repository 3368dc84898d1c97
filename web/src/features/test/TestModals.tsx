import { Button, CancelConfirm, Modal } from "../../ui/Modal.tsx";
import { MESSAGES } from "../../ui/question/rules.ts";
import type { TestController, TestModal } from "./useTestController.ts";

/** Every modal of the question screen, with the spec's words. */
export function TestModals({ controller, unanswered }: { controller: TestController; unanswered: number }) {
  const { modal, closeModal, proceed } = controller;
  const open = (kind: TestModal["kind"]) => modal?.kind === kind;
  const go = () => modal && proceed(modal);
  return (
    <>
      <Modal
        title="Finish test?"
        isOpen={open("finish")}
        onClose={closeModal}
        actions={<CancelConfirm onCancel={closeModal} onConfirm={go} confirmLabel="Finish" testId="confirm-finish" />}
      >
        {unanswered > 0 ? <p>{MESSAGES.unanswered}</p> : <p>All questions are answered.</p>}
      </Modal>
      <Modal
        title={MESSAGES.notConfirmed}
        isOpen={open("unconfirmed")}
        onClose={closeModal}
        actions={
          <>
            <Button variant="secondary" onPress={go} testId="leave-unconfirmed">
              Move on without saving
            </Button>
            <Button onPress={closeModal} testId="stay-unconfirmed">
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
        onClose={closeModal}
        actions={
          <>
            <Button variant="secondary" onPress={closeModal}>
              Go back
            </Button>
            <Button onPress={go} testId="confirm-count">
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
        onClose={closeModal}
        actions={
          <CancelConfirm onCancel={closeModal} onConfirm={go} confirmLabel="Abandon test" testId="confirm-abandon" />
        }
      >
        <p>The test will be marked with the answers you have given so far.</p>
        {unanswered > 0 ? <p className="mt-2">{MESSAGES.unanswered}</p> : null}
      </Modal>
      <Modal
        title={MESSAGES.timeExpired}
        isOpen={open("time-expired")}
        onClose={go}
        dismissable={false}
        actions={
          <Button onPress={go} testId="time-expired-results">
            View results
          </Button>
        }
      >
        <p>The time for this test has run out. It has been marked with the answers you gave.</p>
      </Modal>
    </>
  );
}
