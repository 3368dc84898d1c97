import {
  UPDATE_MODE_MANUAL,
  UPDATE_PROMPT_COUNTDOWN_S,
  UPDATE_PROMPT_IDLE_MS,
} from "@preflight/sync-protocol/rules/constants";
import { useNavigate, useRouterState } from "@tanstack/react-router";
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useRef, useState } from "react";
import { lastActivity } from "../../app/page-activity.ts";
import { useSignedIn } from "../../app/session-context.tsx";
import { type AvailableUpdates, startApprovedUpdate } from "../../local/content/service.ts";
import { getMeta } from "../../local/store/db.ts";
import { now } from "../../platform.ts";
import { Button } from "../../ui/Button.tsx";
import { Modal } from "../../ui/Modal.tsx";
import { useSnackbar } from "../../ui/snackbar/context.ts";
import { useCountdown } from "../../ui/useCountdown.ts";
import { UPDATE_MESSAGES } from "./messages.ts";

/**
 * UPDATES AVAILABLE (spec accounts 4): in manual mode, when the student is away and updates
 * exist, a 900 s countdown; at zero the updates are approved and the student goes to /update.
 * Cancel declines; the countdown starts afresh the next time the prompt shows.
 */
export function UpdatePrompt() {
  const db = useSignedIn().scope.db;
  const navigate = useNavigate();
  const { notify } = useSnackbar();
  const path = useRouterState({ select: (s) => s.location.pathname });
  const available = useLiveQuery(() => getMeta<AvailableUpdates>(db, "availableUpdates"), [db]);
  const manual = useLiveQuery(async () => (await getMeta<number>(db, "updateMode")) === UPDATE_MODE_MANUAL, [db]);
  const [deadline, setDeadline] = useState<number | null>(null);
  // A Cancel counts as activity: the next prompt waits for a new away period.
  const declinedAt = useRef(0);
  const count = available?.total_updates ?? 0;
  // Never over a test or the updater itself.
  const allowed = manual === true && count > 0 && !path.startsWith("/test/") && path !== "/update";

  // Away: nothing done on the page since the app opened (app/page-activity.ts), or since Cancel.
  useEffect(() => {
    const timer = setInterval(() => {
      if (allowed && now() - Math.max(lastActivity(), declinedAt.current) >= UPDATE_PROMPT_IDLE_MS)
        setDeadline((d) => d ?? now() + UPDATE_PROMPT_COUNTDOWN_S * 1000);
    }, 1000);
    return () => clearInterval(timer);
  }, [allowed]);

  if (deadline === null || !allowed) return null;
  const approve = async () => {
    setDeadline(null);
    if ((await startApprovedUpdate(db)) === "syncing")
      notify({ type: "warning", title: "Please wait", text: UPDATE_MESSAGES.duringSync });
    await navigate({ to: "/update" });
  };
  const decline = () => {
    declinedAt.current = now();
    setDeadline(null);
  };
  return <PromptModal count={count} deadline={deadline} onApprove={approve} onDecline={decline} />;
}

function PromptModal({
  count,
  deadline,
  onApprove,
  onDecline,
}: {
  count: number;
  deadline: number;
  onApprove: () => Promise<void>;
  onDecline: () => void;
}) {
  const seconds = useCountdown(deadline, undefined, () => void onApprove());
  const mm = String(Math.floor(Math.max(0, seconds) / 60)).padStart(2, "0");
  const ss = String(Math.max(0, seconds) % 60).padStart(2, "0");
  return (
    <Modal
      title={UPDATE_MESSAGES.promptTitle}
      isOpen
      onClose={onDecline}
      actions={
        <>
          <Button variant="secondary" onPress={onDecline} testId="update-prompt-cancel">
            Cancel
          </Button>
          <Button onPress={() => void onApprove()} testId="update-prompt-approve">
            {UPDATE_MESSAGES.updateNow}
          </Button>
        </>
      }
    >
      <p>
        {count} update{count === 1 ? " is" : "s are"} available for your course content.
      </p>
      <p className="mt-2">
        The update will start automatically in{" "}
        <span className="font-semibold tabular-nums" data-testid="update-prompt-countdown">
          {mm}:{ss}
        </span>
        .
      </p>
    </Modal>
  );
}
