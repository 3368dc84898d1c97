/**
 * The timed and untimed exam chooser (/test/select/timed, /test/select/untimed): a subject
 * list, then a dialog with the subject's question banks (banks with total 0 hidden), the exam
 * length, the display-answers choice (untimed; a timed exam shows answers after the test) and
 * Start. The exam is built on the device from its bank, offline too. This screen joins the
 * device's data (queries.ts) to the pure view (ExamChooserView.tsx).
 */
import { PRACTICE_MESSAGES } from "@preflight/sync-protocol/rules/practice-filter";
import { useNavigate } from "@tanstack/react-router";
import { useDisplayAnswers } from "../../app/display-answers.ts";
import { useErrorNotice } from "../../app/error-notice.ts";
import { useSignedIn } from "../../app/session-context.tsx";
import { createTest } from "../../local/actions/test.ts";
import { type ExamType, examTitle } from "./banks.ts";
import { type ExamChoice, ExamChooserView } from "./ExamChooserView.tsx";
import { useExamChooserData } from "./queries.ts";

export function ExamChooser({ type, seed }: { type: ExamType; seed?: number | undefined }) {
  const { scope } = useSignedIn();
  const data = useExamChooserData(scope.db, type);
  const navigate = useNavigate();
  const showError = useErrorNotice();
  const displayAnswers = useDisplayAnswers();

  const start = async ({ subjectTitle, bank, count, display, timeLimit }: ExamChoice): Promise<boolean> => {
    try {
      const test = await createTest(scope, {
        test_type: type,
        title: examTitle(type, subjectTitle, bank.title, count),
        count,
        from: bank.question_ids,
        display_answers: displayAnswers.sent(display),
        seed: seed ?? crypto.getRandomValues(new Uint32Array(1))[0] ?? 1,
        time_limit: timeLimit,
      });
      await navigate({ to: "/test/$testId", params: { testId: test.id } });
      return true;
    } catch (err) {
      showError(err, { text: PRACTICE_MESSAGES.startFailed });
      return false;
    }
  };

  return <ExamChooserView type={type} {...data} displayAnswersOffered={displayAnswers.offered} onStart={start} />;
}
