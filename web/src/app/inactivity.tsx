/**
 * Inactivity (spec test-taking §4, §8, §9): while a test is open the student's activity is
 * watched and, every poll interval, the server is asked whether the student is still there
 * (GET /user-active). After the inactivity time without activity on the page, or when the
 * server answers `active: false`, a modal 'Are you still there?' counts down 60 s with
 * Continue; at zero the student goes to /dashboard and the reason is stored, so the dashboard
 * can say 'Closed due to inactivity'. The time and the poll interval come from the server's
 * configuration (the me reply's `inactivity`; 30 minutes and 10 s until it has said).
 * Activity on the page (opening the test, Continue, and use at most once a minute) is told to
 * the server with POST /user-active, so both keep the same time; offline, the device decides alone.
 */
import { INACTIVITY_COUNTDOWN_S, INACTIVITY_DEFAULTS } from "@preflight/sync-protocol/rules/constants";
import type { InactivitySettings } from "@preflight/sync-protocol/schemas/auth";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { call } from "../local/api.ts";
import { now, storeInactivityNote } from "../platform.ts";
import { Button } from "../ui/Button.tsx";
import { Modal } from "../ui/Modal.tsx";
import { useCountdown } from "../ui/useCountdown.ts";
import { INACTIVITY_MESSAGES } from "./inactivity-closed.tsx";
import { ACTIVITY_EVENTS } from "./page-activity.ts";
import { useSignedIn } from "./session-context.tsx";

// The dashboard takes these from inactivity-closed.tsx, without the guard a test page runs.
export { ClosedForInactivity, INACTIVITY_MESSAGES } from "./inactivity-closed.tsx";

/** Page activity is told to the server at most this often. */
export const ACTIVITY_REPORT_MS = 60_000;

/**
 * Whether to ask 'Are you still there?': idle on the page for the inactivity time, or the server
 * says the student is not active (`serverActive` null: no answer, the device decides alone).
 */
export function shouldAskStillThere(idleMs: number, minutes: number, serverActive: boolean | null): boolean {
  return idleMs >= minutes * 60_000 || serverActive === false;
}

/** The inactivity time and poll interval the server configured, or the defaults until it has said. */
export function useInactivitySettings(): InactivitySettings {
  return useSignedIn().session.user.inactivity ?? INACTIVITY_DEFAULTS;
}

/** Tells the server the student is active (POST /user-active); online only, best effort. */
function reportActive(): void {
  if (navigator.onLine) void call("touchActivity").catch(() => undefined);
}

/** Watches for inactivity while mounted (the question screen); `reason` names what gets closed. */
export function InactivityGuard({ reason, onClose }: { reason: string; onClose?: () => void }) {
  const navigate = useNavigate();
  const { minutes, poll_seconds } = useInactivitySettings();
  const lastActive = useRef(now());
  const lastReported = useRef(now());
  const [asking, setAsking] = useState(false);

  useEffect(() => {
    // Opening the test is activity: the server's time starts again here too.
    reportActive();
    lastReported.current = now();
    const mark = () => {
      lastActive.current = now();
      if (lastActive.current - lastReported.current >= ACTIVITY_REPORT_MS) {
        lastReported.current = lastActive.current;
        reportActive();
      }
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, mark, { passive: true });
    let asked = false;
    let stopped = false;
    const poll = setInterval(async () => {
      if (asked) return;
      asked = true;
      const serverActive = navigator.onLine
        ? await call("userActive").then(
            (reply) => reply.active,
            () => null,
          )
        : null;
      asked = false;
      if (!stopped && shouldAskStillThere(now() - lastActive.current, minutes, serverActive)) setAsking(true);
    }, poll_seconds * 1000);
    return () => {
      stopped = true;
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, mark);
      clearInterval(poll);
    };
  }, [minutes, poll_seconds]);

  const close = () => {
    storeInactivityNote({ showInactivityReason: reason, inactivityTime: minutes });
    onClose?.();
    void navigate({ to: "/dashboard" });
  };

  return asking ? (
    <StillThere
      onContinue={() => {
        lastActive.current = now();
        lastReported.current = now();
        reportActive();
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
