import { useState } from "react";
import { takeInactivityNote } from "../platform.ts";
import { Button } from "../ui/Button.tsx";
import { Modal } from "../ui/Modal.tsx";

/** The inactivity modals' words (inactivity.tsx); the dashboard's notice is here, apart from the test page's guard. */
export const INACTIVITY_MESSAGES = {
  stillThere: "Are you still there?",
  closedTitle: "Closed due to inactivity",
  closed: (reason: string, minutes: number) =>
    `The ${reason} has been closed as you have been inactive for over ${minutes} minutes.`,
} as const;

/** On the dashboard: says once that a test was closed for inactivity. */
export function ClosedForInactivity() {
  const [note, setNote] = useState(() => takeInactivityNote());
  if (!note) return null;
  return (
    <Modal
      title={INACTIVITY_MESSAGES.closedTitle}
      isOpen
      onClose={() => setNote(null)}
      actions={
        <Button onPress={() => setNote(null)} testId="inactivity-ok">
          OK
        </Button>
      }
    >
      <p>{INACTIVITY_MESSAGES.closed(note.showInactivityReason, note.inactivityTime)}</p>
    </Modal>
  );
}
