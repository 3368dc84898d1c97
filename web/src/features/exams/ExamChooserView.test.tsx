// @vitest-environment jsdom
import { ALL_SUBJECTS, PRACTICE_MESSAGES } from "@preflight/sync-protocol/rules/practice-filter";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ExamSubject, QuestionBank } from "./banks.ts";
import { type ExamChoice, ExamChooserView, type ExamChooserViewProps } from "./ExamChooserView.tsx";

const SUBJECTS: ExamSubject[] = [
  { code: ALL_SUBJECTS, title: "All subjects", questions: 31 },
  { code: "010", title: "Air Law", questions: 30 },
  { code: "090", title: "Communications", questions: 1 },
];

const AIR_LAW: QuestionBank[] = [
  { id: "full", title: "Full question bank", total: 30, user_tests: 1, question_ids: range(30) },
  { id: "examples", title: "Example exam questions", total: 4, user_tests: 0, question_ids: [1, 2, 3, 4] },
];

function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i + 1);
}

function renderView(change: Partial<ExamChooserViewProps> = {}) {
  const onStart = vi.fn(async (_choice: ExamChoice) => true);
  const props: ExamChooserViewProps = {
    type: "timed",
    subjects: SUBJECTS,
    heading: "Choose a subject",
    banksOf: (subject) => (subject.code === "010" ? AIR_LAW : []),
    onStart,
    ...change,
  };
  render(<ExamChooserView {...props} />);
  return { onStart, user: userEvent.setup({ delay: null }) };
}

const subjectRow = (title: string) =>
  screen.getAllByTestId("exam-subject").find((row) => row.textContent?.includes(title)) as HTMLElement;

describe("the exam chooser", { timeout: 20_000 }, () => {
  afterEach(cleanup);

  it("lists 'All subjects' and each subject with its questions under the test type's title", () => {
    renderView();
    expect(screen.getByRole("heading", { name: "Timed exam" })).toBeTruthy();
    expect(screen.getByText("Choose a subject")).toBeTruthy();
    expect(screen.getAllByTestId("exam-subject").map((row) => row.textContent)).toEqual([
      "All subjects31 questions",
      "010Air Law30 questions",
      "090Communications1 question",
    ]);
  });

  it("says it is loading, or that there is no subject", () => {
    renderView({ subjects: undefined });
    expect(screen.getByText("Loading…")).toBeTruthy();
    cleanup();
    renderView({ subjects: [] });
    expect(screen.getByText(PRACTICE_MESSAGES.noSubjects)).toBeTruthy();
  });

  it("a subject's dialog offers its banks, lengths up to the bank's size and the time limit; Start hands the choice on", async () => {
    const { onStart, user } = renderView();
    await user.click(subjectRow("Air Law"));
    const dialog = within(screen.getByRole("dialog"));
    expect(dialog.getByRole("heading", { name: "Air Law" })).toBeTruthy();
    expect(dialog.getAllByTestId("exam-bank").map((b) => b.textContent)).toEqual([
      "Full question bank30 questions · taken 1 time",
      "Example exam questions4 questions · taken 0 times",
    ]);
    expect(dialog.getAllByTestId("exam-length").map((l) => l.textContent)).toEqual(["10", "20", "30"]);
    expect(dialog.getByText("Answers are shown after the test.")).toBeTruthy();
    expect(dialog.getByTestId("summary-strip").textContent).toContain("Time limit 00:13:00");

    await user.click(dialog.getByText("20"));
    expect(dialog.getByTestId("summary-strip").textContent).toContain("Time limit 00:25:00");
    await user.click(dialog.getByRole("button", { name: "Start" }));
    expect(onStart).toHaveBeenCalledWith({
      subjectTitle: "Air Law",
      bank: AIR_LAW[0],
      count: 20,
      display: "after_test",
      timeLimit: 25,
    });
  });

  it("an untimed exam offers how answers show, and Start comes back when the exam could not start", async () => {
    const onStart = vi.fn(async (_choice: ExamChoice) => false);
    const { user } = renderView({ type: "untimed", onStart });
    await user.click(subjectRow("Air Law"));
    const dialog = within(screen.getByRole("dialog"));
    await user.click(dialog.getByText("Example exam questions"));
    expect(dialog.getAllByTestId("exam-length").map((l) => l.textContent)).toEqual(["4"]);
    expect(dialog.getAllByTestId("exam-display")).toHaveLength(3);
    expect(dialog.getByTestId("summary-strip").textContent).not.toContain("Time limit");
    await user.click(dialog.getByRole("button", { name: "Start" }));
    expect(onStart).toHaveBeenCalledWith(expect.objectContaining({ bank: AIR_LAW[1], count: 4, timeLimit: null }));
    expect(dialog.getByRole("button", { name: "Start" })).toBeTruthy();
  });

  it("with the display_answers switch off, an untimed exam offers no Show answers and shows them after the test", async () => {
    const { onStart, user } = renderView({ type: "untimed", displayAnswersOffered: false });
    await user.click(subjectRow("Air Law"));
    const dialog = within(screen.getByRole("dialog"));
    expect(dialog.queryAllByTestId("exam-display")).toHaveLength(0);
    expect(dialog.getByText("Answers are shown after the test.")).toBeTruthy();
    await user.click(dialog.getByRole("button", { name: "Start" }));
    expect(onStart).toHaveBeenCalledWith(expect.objectContaining({ display: "after_test" }));
  });

  it("a subject with no questions says so and cannot start", async () => {
    const { user } = renderView();
    await user.click(subjectRow("Communications"));
    const dialog = within(screen.getByRole("dialog"));
    expect(dialog.getByTestId("exam-no-banks").textContent).toBe("No questions found for this subject.");
    expect(dialog.getByRole("button", { name: "Start" }).hasAttribute("disabled")).toBe(true);
  });
});
