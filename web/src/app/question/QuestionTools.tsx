import { ZOOM_MIN } from "@preflight/sync-protocol/rules/constants";
import type { Features } from "@preflight/sync-protocol/schemas/auth";
import { useLiveQuery } from "dexie-react-hooks";
import { useState } from "react";
import { setZoom, toggleFlag } from "../../local/actions/question.ts";
import type { LocalScope } from "../../local/outbox/action.ts";
import { getMeta } from "../../local/store/db.ts";
import { Button } from "../../ui/Button.tsx";
import { ToggleButton } from "../../ui/ToggleButton.tsx";
import { ZoomControl } from "../../ui/zoom/ZoomControl.tsx";
import { SeenInExamDialog } from "./SeenInExamDialog.tsx";

/** The zoom the student chose last (remembered on the device and synced). */
export function useZoom(scope: LocalScope): number {
  return useLiveQuery(() => getMeta<number>(scope.db, "zoom"), [scope.db]) ?? ZOOM_MIN;
}

/** Flag, seen-in-exam (with its count) and zoom, for the question on screen. */
export function QuestionTools({
  scope,
  questionId,
  zoom,
  features,
}: {
  scope: LocalScope;
  questionId: number;
  zoom: number;
  features: Features;
}) {
  const [seenOpen, setSeenOpen] = useState(false);
  const state = useLiveQuery(async () => {
    const [flag, seen] = await Promise.all([
      scope.db.flags.get(questionId),
      scope.db.seenInExam.where("questionId").equals(questionId).count(),
    ]);
    return { flagged: flag?.flagged ?? false, seen };
  }, [scope.db, questionId]);
  const flagged = state?.flagged ?? false;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {features.flagged ? (
        <ToggleButton
          selected={flagged}
          onChange={() => void toggleFlag(scope, questionId)}
          testId="flag-button"
          className={`h-11 rounded-lg px-3 text-sm font-medium ring-1 ${flagged ? "bg-amber-100 text-amber-900 ring-amber-300" : "bg-surface text-slate-700 ring-slate-300 hover:bg-slate-50"}`}
        >
          {flagged ? "⚑ Flagged" : "⚐ Flag"}
        </ToggleButton>
      ) : null}
      {features.seen_in_exam ? (
        <Button
          variant="plain"
          onPress={() => setSeenOpen(true)}
          testId="seen-button"
          className="h-11 rounded-lg bg-surface px-3 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
        >
          Mark as seen in exam{" "}
          <span className="ml-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs" data-testid="seen-count">
            {state?.seen ?? 0}
          </span>
        </Button>
      ) : null}
      <ZoomControl value={zoom} onChange={(value) => void setZoom(scope, value)} />
      <SeenInExamDialog scope={scope} questionId={questionId} isOpen={seenOpen} onClose={() => setSeenOpen(false)} />
    </div>
  );
}
