/**
 * Inactivity (spec test-taking 4): the student's activity is polled; after the inactivity time
 * a modal 'Are you still there?' counts down 60 s with Continue; at zero the student goes to
 * /dashboard and the reason is stored, so the dashboard can say 'Closed due to inactivity'.
 */
import { INACTIVITY_COUNTDOWN_S, INACTIVITY_DEFAULT_MINUTES, INACTIVITY_POLL_MS } from "@preflight/sync-protocol";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { now, storeInactivityNote, takeInactivityNote } from "../platform.ts";
import { Button, Modal } from "../ui/Modal.tsx";
import { useCountdown } from "../ui/useCountdown.ts";

export const INACTIVITY_MESSAGES = {
  stillThere: "Are you still there?",
  closedTitle: "Closed due to inactivity",
  closed: (reason: string, minutes: number) =>
    `The ${reason} has been closed as you have been inactive for over ${minutes} minutes.`,
} as const;

const ACTIVITY_EVENTS = ["pointerdown", "keydown", "wheel", "touchstart"] as const;

/** Watches for inactivity while mounted (the question screen); `reason` names what gets closed. */
export function InactivityGuard({
  reason,
  minutes = INACTIVITY_DEFAULT_MINUTES,
  onClose,
}: {
  reason: string;
  minutes?: number;
  onClose?: () => void;
}) {
  const navigate = useNavigate();
  const lastActive = useRef(now());
  const [asking, setAsking] = useState(false);

  useEffect(() => {
    const mark = () => {
      lastActive.current = now();
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, mark, { passive: true });
    const poll = setInterval(() => {
      if (now() - lastActive.current >= minutes * 60_000) setAsking(true);
    }, INACTIVITY_POLL_MS);
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, mark);
      clearInterval(poll);
    };
  }, [minutes]);

  const close = () => {
    storeInactivityNote({ showInactivityReason: reason, inactivityTime: minutes });
    onClose?.();
    void navigate({ to: "/dashboard" });
  };

  return asking ? (
    <StillThere
      onContinue={() => {
        lastActive.current = now();
        setAsking(false);
      }}
      onTimeout={close}
    />
  ) : null;
}

function StillThere({ onContinue, onTimeout }: { onContinue: () => void; onTimeout: () => void }) {
  const [deadline] = useState(() => now() + INACTIVITY_COUNTDOWN_S * 1000);
  const seconds = useCountdown(deadline, undefined, onTimeout);
  return (
    <Modal
      title={INACTIVITY_MESSAGES.stillThere}
      isOpen
      onClose={onContinue}
      actions={
        <Button onPress={onContinue} testId="inactivity-continue">
          Continue
        </Button>
      }
    >
      <p>
        You will be returned to the dashboard in <span data-testid="inactivity-seconds">{Math.max(0, seconds)}</span>{" "}
        seconds.
      </p>
    </Modal>
  );
}

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
