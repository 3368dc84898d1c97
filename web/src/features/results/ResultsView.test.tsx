// @vitest-environment jsdom
import { resultVisibility } from "@preflight/sync-protocol/rules/hidden-results";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { LocalAnswer, LocalUserTest } from "../../local/store/db.ts";
import type { ResultsData } from "./queries.ts";
import { RESULT_MESSAGES, ResultsView, type ResultsViewProps } from "./ResultsView.tsx";
import { ANSWERS, PASSED, resultsData } from "./results.mock.ts";

function renderView(
  data: ResultsData = resultsData(),
  change: Partial<ResultsViewProps> & { hideFixedResults?: boolean } = {},
) {
  const { hideFixedResults = false, ...props } = change;
  const callbacks = {
    onShow: vi.fn<(questionId: number | null) => void>(),
    onRetake: vi.fn(),
    onQuitToExams: vi.fn(),
    onQuitToDashboard: vi.fn(),
  };
  render(
    <ResultsView
      data={data}
      visible={resultVisibility(data.test, hideFixedResults)}
      reviewIndex={-1}
      attempts={null}
      {...callbacks}
      {...props}
    />,
  );
  return { ...callbacks, user: userEvent.setup({ delay: null }) };
}

const failedByServer = (change: Partial<LocalUserTest> = {}) =>
  resultsData({ marked: { ...PASSED, pass: false, percentage: 33, score: 1, marked: true }, ...change });

// Clicking through user-event is slow on a busy machine: more time than the default 5 s.
describe("the results page", { timeout: 20_000 }, () => {
  afterEach(cleanup);

  it("a pass: the spec's heading and score, the summary strip, the device's marking said plainly, Retake Exam", async () => {
    const { user, onRetake } = renderView();
    expect(screen.getByTestId("result-heading").textContent).toBe("Congratulations, you passed!");
    expect(screen.getByTestId("result-score").textContent).toBe("You scored 67%");
    expect(screen.getByTestId("summary-strip").textContent).toBe("Questions 3Pass mark 2 / 3");
    expect(screen.getByTestId("marking-source").textContent).toBe(
      "Marked on this device. The mark is confirmed the next time you are online.",
    );
    await user.click(screen.getByTestId("retake"));
    expect(onRetake).toHaveBeenCalledOnce();
  });

  it("the server's marking wins over the device's prediction", () => {
    renderView(failedByServer());
    expect(screen.getByTestId("result-heading").textContent).toBe("Sorry, you failed");
    expect(screen.getByTestId("result-score").textContent).toBe("You scored 33%");
    expect(screen.getByTestId("marking-source").textContent).toBe("Mark confirmed.");
  });

  it("no Retake Exam without can_retake, in the header or in the quit dialog", async () => {
    const { user } = renderView(resultsData({ can_retake: false }));
    expect(screen.queryByTestId("retake")).toBeNull();
    await user.click(screen.getByTestId("exit-results"));
    expect(within(screen.getByRole("dialog")).queryByRole("button", { name: "Retake Exam" })).toBeNull();
  });

  it("says how a test ended when the time ran out or it was abandoned", () => {
    renderView(resultsData({ ended: "time_expired", time_limit: 30 }));
    expect(screen.getByText("Time expired: marked with the answers given in time.")).toBeTruthy();
    expect(screen.getByTestId("summary-strip").textContent).toBe("Questions 3Time limit 00:30:00Pass mark 2 / 3");
    cleanup();
    renderView(resultsData({ ended: "abandoned" }));
    expect(screen.getByText("Abandoned: marked with the answers given.")).toBeTruthy();
  });

  it("tells the student how many answers the server kept but did not count because they came after the time limit", () => {
    renderView(
      resultsData({
        ended: "time_expired",
        time_limit: 30,
        marked: { ...PASSED, pass: false, percentage: 33, score: 1, marked: true, late_answers: 2 },
      }),
    );
    expect(screen.getByTestId("late-answers").textContent).toBe(
      "2 answers were given after the time limit: they were kept on record but not counted.",
    );
    cleanup();
    renderView(resultsData({ ended: "time_expired", time_limit: 30 }));
    expect(screen.queryByTestId("late-answers")).toBeNull();
  });

  it("a fixed test with the school's own questions waits for the server's score: the device cannot mark them", () => {
    renderView(resultsData({ test_type: "exam", fixed_test_id: 5, hide_answers: true, predicted: null, marked: null }));
    expect(screen.getByTestId("result-awaiting").textContent).toBe(
      "Your score will show here once your answers are marked, the next time you are online.",
    );
    expect(screen.queryByText(/You scored/)).toBeNull();
  });

  it("a fixed test with an attempts limit shows the attempts used", () => {
    renderView(resultsData({ test_type: "exam", fixed_test_id: 5 }), { attempts: { used: 2, limit: 3 } });
    expect(screen.getByTestId("summary-strip").textContent).toBe("Questions 3Attempts 2 / 3Pass mark 2 / 3");
  });

  it("the answers as a list: right, wrong and not answered, and a number opens its review", async () => {
    const { user, onShow } = renderView();
    expect(screen.getByTestId("results-legend").textContent).toBe("✓ Correct✗ Incorrect– Not answered");
    const buttons = within(screen.getByRole("list")).getAllByRole("button");
    expect(buttons.map((b) => [b.getAttribute("aria-label"), b.textContent])).toEqual([
      ["Question 1: correct", "✓ 001"],
      ["Question 2: incorrect", "✗ 002"],
      ["Question 3: not answered", "– 003"],
    ]);
    expect(screen.queryByTestId("review")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Question 2: incorrect" }));
    expect(onShow).toHaveBeenCalledWith(202);
  });

  it("reviewing one question: its number, verdict, the student's choice beside the correct one, the explanation", async () => {
    const { user, onShow } = renderView(resultsData(), { reviewIndex: 1 });
    const review = within(screen.getByTestId("review"));
    expect(screen.getByTestId("review").id).toBe("explanation-202");
    expect(review.getByTestId("review-number").textContent).toBe("Question 002 / 003");
    expect(review.getByText("010-0202")).toBeTruthy();
    expect(review.getByText("Incorrect")).toBeTruthy();
    const chosen = review.getByRole<HTMLInputElement>("radio", { name: /The operator's clerk/ });
    expect(chosen.checked).toBe(true);
    expect(chosen.disabled).toBe(true);
    expect(document.querySelector("[data-verdict=incorrect]")?.textContent).toBe("✗ Incorrect");
    expect(document.querySelector("[data-verdict=correct]")?.textContent).toBe("✓ Correct answer");
    expect(review.getByTestId("review-explanation").textContent).toBe(
      "ExplanationThe pilot in command answers for them.",
    );
    expect(screen.queryByTestId("results-legend")).toBeNull();

    await user.click(review.getByTestId("review-previous"));
    await user.click(review.getByTestId("review-next"));
    await user.click(review.getByTestId("review-close"));
    expect(onShow.mock.calls).toEqual([[201], [203], [null]]);
  });

  it("the review's previous is off on the first question and next on the last; unanswered says so", () => {
    renderView(resultsData(), { reviewIndex: 0 });
    expect(screen.getByTestId<HTMLButtonElement>("review-previous").disabled).toBe(true);
    expect(screen.getByTestId<HTMLButtonElement>("review-next").disabled).toBe(false);
    cleanup();
    renderView(resultsData(), { reviewIndex: 2 });
    expect(screen.getByTestId<HTMLButtonElement>("review-next").disabled).toBe(true);
    expect(within(screen.getByTestId("review")).getByText("Not answered")).toBeTruthy();
  });

  it("hidden results show neither score nor answers: the results have been sent to the school", () => {
    renderView(resultsData({ hide_results: true }), { reviewIndex: 1 });
    expect(screen.queryByTestId("result-heading")).toBeNull();
    expect(screen.getByTestId("result-hidden").textContent).toBe(RESULT_MESSAGES.sentToSchool);
    expect(screen.queryByTestId("review")).toBeNull();
    expect(screen.queryByTestId("results-legend")).toBeNull();
  });

  it("hide_fixed_results hides a fixed test's results, not a practice test's", () => {
    renderView(resultsData({ test_type: "exam" }), { hideFixedResults: true });
    expect(screen.queryByTestId("result-heading")).toBeNull();
    expect(screen.getByTestId("result-hidden")).toBeTruthy();
    cleanup();
    renderView(resultsData(), { hideFixedResults: true });
    expect(screen.getByTestId("result-heading")).toBeTruthy();
  });

  it("hidden answers show the score but no review", () => {
    renderView(resultsData({ hide_answers: true }));
    expect(screen.getByTestId("result-heading").textContent).toBe("Congratulations, you passed!");
    expect(screen.getByTestId("result-hidden").textContent).toBe(RESULT_MESSAGES.sentToSchool);
    expect(screen.queryByTestId("results-legend")).toBeNull();
  });

  it("a test without questions says 'No questions found in test'", () => {
    renderView(resultsData({ question_ids: [], question_versions: [] }));
    expect(screen.getByText("No questions found in test")).toBeTruthy();
  });

  it("Exit asks 'Quit test?' with the warning, and offers Retake Exam, Return to Exams and Return to dashboard", async () => {
    const { user, onRetake, onQuitToExams, onQuitToDashboard } = renderView(resultsData({ test_type: "timed" }));
    await user.click(screen.getByTestId("exit-results"));
    const quit = within(screen.getByRole("dialog"));
    expect(quit.getByText("Quit test?")).toBeTruthy();
    expect(quit.getByText("If you end this test you will not be able to return to this screen")).toBeTruthy();
    await user.click(quit.getByRole("button", { name: "Retake Exam" }));
    await user.click(quit.getByRole("button", { name: "Return to Exams" }));
    await user.click(quit.getByRole("button", { name: "Return to dashboard" }));
    expect([onRetake, onQuitToExams, onQuitToDashboard].map((f) => f.mock.calls.length)).toEqual([1, 1, 1]);
  });

  it("says how long the test took, and how each subject and topic went", () => {
    renderView(resultsData({ started: "2026-11-21T09:00:00.000Z", finished: "2026-11-21T09:12:05.000Z" }));
    expect(screen.getByTestId("result-time-taken").textContent).toBe("Time taken 12 min 05 s");
    const subject = screen.getByTestId("breakdown-subject");
    expect(subject.textContent).toBe("010 Air Law1 / 333%");
  });

  it("the next steps fit the test: a practice test is retaken as a test, its mistakes reviewed, a new one built", async () => {
    const { user, onShow, onRetake, onQuitToExams } = renderView();
    const actions = within(screen.getByTestId("result-actions"));
    expect(actions.getAllByRole("button").map((b) => b.textContent)).toEqual([
      "Review mistakes",
      "Retake test",
      "New practice test",
    ]);
    await user.click(actions.getByRole("button", { name: "Review mistakes" }));
    expect(onShow).toHaveBeenCalledWith(202);
    await user.click(actions.getByRole("button", { name: "Retake test" }));
    await user.click(actions.getByRole("button", { name: "New practice test" }));
    expect([onRetake, onQuitToExams].map((f) => f.mock.calls.length)).toEqual([1, 1]);
  });

  it("an exam is retaken as an exam and leads back to the exams; no mistakes, nothing to review", () => {
    const allRight = [201, 202, 203].map((id) => ({ ...ANSWERS[0], questionId: id, correct: true }) as LocalAnswer);
    renderView(resultsData({ test_type: "timed" }, allRight));
    const actions = within(screen.getByTestId("result-actions"));
    expect(actions.getAllByRole("button").map((b) => b.textContent)).toEqual(["Retake Exam", "Back to exams"]);
  });
});
