import { allowsComments } from "@preflight/sync-protocol/schemas/question-comments";
import { useLiveQuery } from "dexie-react-hooks";
import { useMemo, useState } from "react";
import { reportStates } from "../../local/actions/question-comments.ts";
import type { LocalScope } from "../../local/outbox/action.ts";
import { answerKey, type LocalUserTest } from "../../local/store/db.ts";
import { Button } from "../../ui/Button.tsx";
import { CommentDialog } from "./CommentDialog.tsx";
import { ReportErrorDialog } from "./ReportErrorDialog.tsx";

const TOOL_CLASS = "h-11 rounded-lg px-3 text-sm font-medium ring-1";
const TOOL_REST = "bg-surface text-slate-700 ring-slate-300 hover:bg-slate-50";
const TOOL_ON = "bg-sky-50 text-sky-900 ring-sky-300 hover:bg-sky-100";

/**
 * The question's notes (issue 19), in the question's toolbar and in the results review: in an
 * exam, the student's comment (a Comment button while the test runs, the comment shown with the
 * question, read-only once it ended), and on any question 'Report an error', with whether this
 * device's reports of it were sent. Its parts are items of the caller's toolbar, a flex row that wraps.
 */
export function QuestionCommentTools({
  scope,
  questionId,
  questionVersion,
  test,
  questionNumber,
}: {
  scope: LocalScope;
  questionId: number;
  questionVersion: number;
  /** The test the question is shown in, if any. */
  test?: Pick<LocalUserTest, "id" | "test_type" | "finished"> | undefined;
  /** Its number in that test (1-based). */
  questionNumber?: number;
}) {
  const [commentOpen, setCommentOpen] = useState(false);
  const [reportOpen, setReportOpen] = useState(false);
  const commentable = test !== undefined && allowsComments(test.test_type);
  const state = useLiveQuery(async () => {
    const [comment, reports] = await Promise.all([
      test ? scope.db.testComments.get(answerKey(test.id, questionId)) : undefined,
      reportStates(scope.db, questionId),
    ]);
    return { comment: comment?.text ?? "", reports };
  }, [scope.db, test?.id, questionId]);
  const comment = state?.comment ?? "";
  const reports = state?.reports ?? [];
  const waiting = reports.filter((r) => r.state === "waiting").length;
  const sent = reports.filter((r) => r.state === "sent").length;
  const editable = commentable && !test?.finished;

  return (
    <>
      {editable ? (
        <Button
          variant="plain"
          onPress={() => setCommentOpen(true)}
          testId="comment-button"
          ariaLabel={comment ? "Edit your comment on this question" : "Comment on this question"}
          className={`${TOOL_CLASS} ${comment ? TOOL_ON : TOOL_REST}`}
        >
          <CommentIcon />
          {comment ? "Edit comment" : "Comment"}
        </Button>
      ) : null}
      <Button
        variant="plain"
        onPress={() => setReportOpen(true)}
        testId="report-button"
        className={`${TOOL_CLASS} ${TOOL_REST}`}
      >
        <ReportIcon />
        Report an error
      </Button>
      {reports.length > 0 ? (
        <span className="text-xs text-slate-600" data-testid="report-status" role="status">
          {waiting > 0
            ? `Your report is saved on this device and will be sent when online.`
            : sent > 0
              ? `You reported this question: sent to the content team.`
              : "Your report was not accepted (see This device)."}
        </span>
      ) : null}
      {commentable && comment ? (
        <figure
          className="w-full rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-950 ring-1 ring-sky-200"
          data-testid="comment-shown"
        >
          <figcaption className="font-medium">Your comment{test?.finished ? " (sent with the test)" : ""}</figcaption>
          <p className="mt-0.5 whitespace-pre-wrap break-words">{comment}</p>
        </figure>
      ) : null}
      {editable && test ? (
        <CommentDialog
          scope={scope}
          testId={test.id}
          questionId={questionId}
          questionNumber={questionNumber ?? 1}
          current={comment}
          isOpen={commentOpen}
          onClose={() => setCommentOpen(false)}
        />
      ) : null}
      <ReportErrorDialog
        scope={scope}
        questionId={questionId}
        questionVersion={questionVersion}
        testId={test?.id ?? null}
        isOpen={reportOpen}
        onClose={() => setReportOpen(false)}
      />
    </>
  );
}

/** A toolbar button's line icon (24-unit box, drawn in the text's colour). */
function ToolIcon({ path }: { path: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="mr-1.5 inline h-4 w-4 align-[-2px]"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      aria-hidden
    >
      <path d={path} strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
}

function CommentIcon() {
  return <ToolIcon path="M4 5h16v11H9l-5 4z" />;
}

function ReportIcon() {
  return <ToolIcon path="M12 3 2 20h20zM12 10v4m0 3v.01" />;
}

/** Whether the question is commented (for the test's question list). */
export function useCommentedIds(scope: LocalScope, testId: string | undefined): ReadonlySet<number> {
  const ids = useLiveQuery(
    async () =>
      testId
        ? (await scope.db.testComments.where("key").startsWith(`${testId}:`).toArray()).map((c) => c.questionId)
        : [],
    [scope.db, testId],
  );
  return useMemo(() => new Set(ids ?? []), [ids]);
}
