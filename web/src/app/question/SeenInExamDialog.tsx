import { useLiveQuery } from "dexie-react-hooks";
import { useState } from "react";
import { QuestionInputError, reportSeenInExam, seenInExamOutcome } from "../../local/actions/question.ts";
import type { LocalScope } from "../../local/outbox/action.ts";
import { CancelConfirm, Modal } from "../../ui/Modal.tsx";
import { SelectField } from "../../ui/SelectField.tsx";
import { useSnackbar } from "../../ui/snackbar/context.ts";
import { useErrorNotice } from "../error-notice.ts";

export const ALL_EASA = "all_easa";
export const OTHER_AUTHORITY_WARNING =
  "A question not marked as seen by this authority may still be used in its exams: the absence of a mark does not mean the question is not used.";

export const SEEN_IN_EXAM_TEXT = {
  marked: "This question has been marked as seen in exam.",
  queuedTitle: "Saved on this device",
  queuedOffline: "You are offline. This report will be sent when you are back online.",
  queuedOnline: "The server has not answered yet. This report will be sent as soon as it can be.",
} as const;

function currentMonth(now: Date): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}`;
}

/**
 * 'Mark as seen in exam': a month (never a future one) and an authority from the grouped list.
 * The report is kept on the device and queued; the dialog closes (the form reset) and, once the
 * server has answered, says Success or Error with the server's message (study §8); a report
 * that could not be sent yet says it waits on this device.
 */
export function SeenInExamDialog({
  scope,
  questionId,
  isOpen,
  onClose,
}: {
  scope: LocalScope;
  questionId: number;
  isOpen: boolean;
  onClose: () => void;
}) {
  const { notify } = useSnackbar();
  const showError = useErrorNotice();
  const authorities = useLiveQuery(() => scope.db.authorities.orderBy("position").toArray(), [scope.db]) ?? [];
  const maxMonth = currentMonth(scope.now());
  const [month, setMonth] = useState(maxMonth);
  const [authority, setAuthority] = useState(ALL_EASA);
  const groups = [...new Set(authorities.map((a) => a.group))];

  const reset = () => {
    setMonth(maxMonth);
    setAuthority(ALL_EASA);
    onClose();
  };
  const confirm = async () => {
    let reportId: string;
    try {
      reportId = (await reportSeenInExam(scope, questionId, month, authority)).id;
    } catch (err) {
      showError(err, { explains: [QuestionInputError], fallback: "Unable to mark this question" });
      reset();
      return;
    }
    reset();
    const offline = !navigator.onLine;
    const outcome = await seenInExamOutcome(scope.db, reportId, offline ? { waitMs: 0 } : {});
    if (outcome.kind === "applied")
      notify({ type: "success", title: "Success", text: outcome.message ?? SEEN_IN_EXAM_TEXT.marked });
    else if (outcome.kind === "refused") notify({ type: "danger", title: "Error", text: outcome.message });
    else
      notify({
        type: "info",
        title: SEEN_IN_EXAM_TEXT.queuedTitle,
        text: offline ? SEEN_IN_EXAM_TEXT.queuedOffline : SEEN_IN_EXAM_TEXT.queuedOnline,
      });
  };

  return (
    <Modal
      title="Mark as seen in exam"
      isOpen={isOpen}
      onClose={reset}
      actions={
        <CancelConfirm
          onCancel={reset}
          onConfirm={() => void confirm()}
          confirmLabel="Confirm"
          disabled={!month || !authority}
          testId="seen-confirm"
        />
      }
    >
      <div className="space-y-4">
        <label className="block">
          <span className="mb-1 block font-medium text-slate-800">Month</span>
          <input
            type="month"
            value={month}
            max={maxMonth}
            onChange={(e) => setMonth(e.target.value > maxMonth ? maxMonth : e.target.value)}
            className="rounded-md border border-slate-300 px-3 py-2"
            data-testid="seen-month"
            required
          />
        </label>
        <SelectField label="Authority" value={authority} onChange={setAuthority} data-testid="seen-authority" required>
          {groups.map((group) => (
            <optgroup key={group} label={group}>
              {authorities
                .filter((a) => a.group === group)
                .map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.title}
                  </option>
                ))}
            </optgroup>
          ))}
        </SelectField>
        {authority !== ALL_EASA ? (
          <p className="rounded-md bg-amber-50 px-3 py-2 text-amber-900" role="note" data-testid="seen-warning">
            {OTHER_AUTHORITY_WARNING}
          </p>
        ) : null}
      </div>
    </Modal>
  );
}
