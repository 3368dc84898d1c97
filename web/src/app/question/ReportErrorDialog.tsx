import {
  QUESTION_COMMENT_MESSAGES,
  QUESTION_REPORT_CATEGORIES,
  QUESTION_REPORT_CATEGORY_LABELS,
  type QuestionReportCategory,
  questionReportSchema,
} from "@preflight/sync-protocol/schemas/question-comments";
import { useState } from "react";
import { QuestionCommentError, reportOutcome, reportQuestionError } from "../../local/actions/question-comments.ts";
import type { LocalScope } from "../../local/outbox/action.ts";
import { TextAreaField } from "../../ui/FormField.tsx";
import { CancelConfirm, Modal } from "../../ui/Modal.tsx";
import { SelectField } from "../../ui/SelectField.tsx";
import { useSnackbar } from "../../ui/snackbar/context.ts";
import { useErrorNotice } from "../error-notice.ts";

export const REPORT_TEXT = {
  title: "Report an error in this question",
  intro: "Tell the content team what is wrong with this question. They read every report.",
  category: "What is wrong?",
  choose: "Choose…",
  description: "Describe the error",
  descriptionHelp: "What is wrong, and what it should be (with a reference if you have one).",
  send: "Send report",
  sentTitle: "Report sent",
  queuedTitle: "Saved on this device",
} as const;

/**
 * 'Report an error in this question' (issue 19): a category and a required description, kept on
 * the device and queued, offline too. Once sent the dialog closes and says so (or that the report
 * waits on this device, or the server's refusal).
 */
export function ReportErrorDialog({
  scope,
  questionId,
  questionVersion,
  testId,
  isOpen,
  onClose,
}: {
  scope: LocalScope;
  questionId: number;
  questionVersion: number;
  testId: string | null;
  isOpen: boolean;
  onClose: () => void;
}) {
  const { notify } = useSnackbar();
  const showError = useErrorNotice();
  const [category, setCategory] = useState<QuestionReportCategory | "">("");
  const [description, setDescription] = useState("");
  const [errors, setErrors] = useState<{ category?: string; description?: string }>({});
  const [sending, setSending] = useState(false);

  const close = () => {
    setCategory("");
    setDescription("");
    setErrors({});
    onClose();
  };

  const send = async () => {
    const checked = {
      category: category === "" ? QUESTION_COMMENT_MESSAGES.categoryRequired : undefined,
      description: questionReportSchema.shape.description.safeParse(description).error?.issues[0]?.message,
    };
    if (checked.category || checked.description) {
      setErrors(checked);
      return;
    }
    setSending(true);
    let reportId: string;
    try {
      reportId = (
        await reportQuestionError(scope, {
          questionId,
          questionVersion,
          category: category as QuestionReportCategory,
          description,
          testId,
        })
      ).id;
    } catch (err) {
      setSending(false);
      showError(err, { explains: [QuestionCommentError], fallback: "Unable to save the report" });
      return;
    }
    setSending(false);
    close();
    const offline = !navigator.onLine;
    const outcome = await reportOutcome(scope.db, reportId, offline ? { waitMs: 0 } : {});
    if (outcome.kind === "applied") notify({ type: "success", title: REPORT_TEXT.sentTitle, text: outcome.message });
    else if (outcome.kind === "refused") notify({ type: "danger", title: "Error", text: outcome.message });
    else
      notify({
        type: "info",
        title: REPORT_TEXT.queuedTitle,
        text: offline ? QUESTION_COMMENT_MESSAGES.reportQueued : QUESTION_COMMENT_MESSAGES.reportWaiting,
      });
  };

  return (
    <Modal
      title={REPORT_TEXT.title}
      isOpen={isOpen}
      onClose={close}
      actions={
        <CancelConfirm
          onCancel={close}
          onConfirm={() => void send()}
          confirmLabel={REPORT_TEXT.send}
          disabled={sending}
          testId="report-send"
        />
      }
    >
      <div className="space-y-4">
        <p className="text-sm text-slate-700">{REPORT_TEXT.intro}</p>
        <SelectField
          label={REPORT_TEXT.category}
          value={category}
          onChange={(value) => {
            setCategory(value as QuestionReportCategory | "");
            setErrors((e) => ({ ...e, category: undefined }));
          }}
          error={errors.category}
          required
          data-testid="report-category"
        >
          <option value="" disabled>
            {REPORT_TEXT.choose}
          </option>
          {QUESTION_REPORT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {QUESTION_REPORT_CATEGORY_LABELS[c]}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label={REPORT_TEXT.description}
          name="description"
          value={description}
          onChange={(value) => {
            setDescription(value);
            setErrors((e) => ({ ...e, description: undefined }));
          }}
          rows={5}
          required
          description={REPORT_TEXT.descriptionHelp}
          error={errors.description}
          data-testid="report-description"
        />
      </div>
    </Modal>
  );
}
