import { QUESTION_COMMENT_LIMITS, QUESTION_COMMENT_MESSAGES } from "@preflight/sync-protocol/schemas/question-comments";
import { useState } from "react";
import { QuestionCommentError, saveTestComment } from "../../local/actions/question-comments.ts";
import type { LocalScope } from "../../local/outbox/action.ts";
import { Button } from "../../ui/Button.tsx";
import { TextAreaField } from "../../ui/FormField.tsx";
import { Modal } from "../../ui/Modal.tsx";
import { useSnackbar } from "../../ui/snackbar/context.ts";
import { useErrorNotice } from "../error-notice.ts";

export const COMMENT_TEXT = {
  title: "Comment on this question",
  intro:
    "As in the real exam, you may leave a comment on a question for the examining authority: a question you think is wrong, ambiguous or out of date. It is saved on this device and sent with your test.",
  label: "Your comment",
  save: "Save comment",
  remove: "Remove comment",
} as const;

/**
 * The comment on one question of an exam (issue 19): a short text (QUESTION_COMMENT_LIMITS), saved
 * on the device with the answer and queued with the test, offline too. Remove takes it away.
 * The dialog is only opened while the test runs.
 */
export function CommentDialog({
  scope,
  testId,
  questionId,
  questionNumber,
  current,
  isOpen,
  onClose,
}: {
  scope: LocalScope;
  testId: string;
  questionId: number;
  questionNumber: number;
  /** The comment kept now ("" for none). */
  current: string;
  isOpen: boolean;
  onClose: () => void;
}) {
  const { notify } = useSnackbar();
  const showError = useErrorNotice();
  const [text, setText] = useState(current);
  const [opened, setOpened] = useState(false);
  // Each opening starts from the comment kept (state derived from props, set during render).
  if (isOpen !== opened) {
    setOpened(isOpen);
    if (isOpen) setText(current);
  }
  const left = QUESTION_COMMENT_LIMITS.commentMaxChars - text.length;
  const tooLong = left < 0;

  const save = async (value: string) => {
    try {
      const kept = await saveTestComment(scope, testId, questionId, value);
      notify({
        type: "success",
        title: kept === null ? "Comment removed" : "Comment saved",
        text: kept === null ? QUESTION_COMMENT_MESSAGES.commentRemoved : QUESTION_COMMENT_MESSAGES.commentSaved,
      });
      onClose();
    } catch (err) {
      showError(err, { explains: [QuestionCommentError], fallback: "Unable to save the comment" });
    }
  };

  return (
    <Modal
      title={`${COMMENT_TEXT.title} (question ${questionNumber})`}
      isOpen={isOpen}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onPress={onClose}>
            Cancel
          </Button>
          {current ? (
            <Button variant="secondary" onPress={() => void save("")} testId="comment-remove">
              {COMMENT_TEXT.remove}
            </Button>
          ) : null}
          <Button onPress={() => void save(text)} disabled={tooLong || text.trim() === ""} testId="comment-save">
            {COMMENT_TEXT.save}
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <p className="text-sm text-slate-700">{COMMENT_TEXT.intro}</p>
        <TextAreaField
          label={COMMENT_TEXT.label}
          name="comment"
          value={text}
          onChange={setText}
          rows={5}
          autoFocus
          data-testid="comment-text"
          error={tooLong ? QUESTION_COMMENT_MESSAGES.commentTooLong : undefined}
          description={
            <span aria-live="polite" data-testid="comment-left">
              {tooLong
                ? `${-left} ${-left === 1 ? "character" : "characters"} too many`
                : `${left} of ${QUESTION_COMMENT_LIMITS.commentMaxChars} characters left`}
            </span>
          }
        />
      </div>
    </Modal>
  );
}
