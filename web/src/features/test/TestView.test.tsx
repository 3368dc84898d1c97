// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { LocalUserTest } from "../../local/store/db.ts";
import { manualClock } from "../../ui/manual-clock.ts";
import { MESSAGES } from "../../ui/question/rules.ts";
import { SHORTCUTS } from "./shortcuts.ts";
import { TestView, type TestViewProps } from "./TestView.tsx";
import { CHOICE, SELECT, TEXT, testData } from "./test.mock.ts";
import { initialSession, type OnScreen, onScreen, reduce, type SessionAction } from "./test-session.ts";

/** What the screen shows for a test with `change` and `answers`, after `actions`: the reducer's own view. */
function shown(
  change: Partial<LocalUserTest> = {},
  answers: Parameters<typeof testData>[1] = [],
  ...actions: SessionAction[]
): OnScreen {
  let state = reduce(initialSession, { type: "loaded", data: testData(change, answers) }).state;
  for (const action of actions) state = reduce(state, action).state;
  const s = onScreen(state);
  if (!s) throw new Error("nothing on screen");
  return s;
}

function renderView(screenState: OnScreen = shown(), change: Partial<TestViewProps> = {}) {
  const onAction = vi.fn<(action: SessionAction) => void>();
  render(
    <TestView screen={screenState} onAction={onAction} flagged={new Set()} deadline={null} zoom={1} {...change} />,
  );
  return { onAction, user: userEvent.setup({ delay: null }) };
}

const actions = (onAction: ReturnType<typeof renderView>["onAction"]) => onAction.mock.calls.map(([a]) => a);

// Clicking through user-event is slow on a busy machine: more time than the default 5 s.
describe("the question screen", { timeout: 20_000 }, () => {
  afterEach(cleanup);

  it("shows the test type, the question number over the total, its reference and score, the question and its choices", () => {
    renderView(shown({ position: 2 }));
    expect(screen.getByTestId("test-heading").textContent).toBe("Practice");
    expect(screen.getByTestId("question-number").textContent).toBe("Question 002 / 004");
    expect(screen.getByText(SELECT.reference)).toBeTruthy();
    expect(screen.getByText("Score 2")).toBeTruthy();
    const question = within(screen.getByTestId("question"));
    expect(question.getByText(SELECT.question)).toBeTruthy();
    expect(question.getByText("Select 2 answers.")).toBeTruthy();
    expect(question.getAllByRole("checkbox").map((box) => box.closest("label")?.textContent)).toEqual([
      "aJourney log",
      "bCertificate of airworthiness",
      "cPilot's diary",
    ]);
    expect(screen.queryByTestId("countdown")).toBeNull();
  });

  it("choosing an answer calls back with the new choice", async () => {
    const { onAction, user } = renderView();
    await user.click(screen.getByRole("radio", { name: /The AIP, part AD/ }));
    expect(actions(onAction)).toEqual([{ type: "choose", draft: { kind: "ids", ids: [12] } }]);
  });

  it("typing a numeric answer calls back with the text", async () => {
    const { onAction, user } = renderView(shown({ position: 3 }));
    await user.type(screen.getByRole("textbox", { name: "Your answer" }), "3");
    expect(actions(onAction)).toEqual([{ type: "choose", draft: { kind: "text", text: "3" } }]);
    expect(screen.getByText(TEXT.text_range?.units ?? "")).toBeTruthy();
  });

  it("the buttons: Previous off on the first question, Next, Clear, Abandon and Finish test call back", async () => {
    const { onAction, user } = renderView();
    expect(screen.getByTestId<HTMLButtonElement>("previous").disabled).toBe(true);
    expect(screen.queryByTestId("confirm-answer")).toBeNull();
    for (const id of ["next", "reset-answer", "abandon", "finish"]) await user.click(screen.getByTestId(id));
    expect(actions(onAction)).toEqual([
      { type: "next" },
      { type: "reset" },
      { type: "abandon" },
      { type: "go", target: "finish" },
    ]);
  });

  it("on the last question Next reads Finish", () => {
    renderView(shown({ position: 4 }));
    expect(screen.getByTestId("next").textContent).toBe("Finish");
    expect(screen.getByTestId("next").textContent).not.toContain("→");
  });

  it("while a save is in progress every button and choice is off", () => {
    renderView(shown({}, [], { type: "choose", draft: { kind: "ids", ids: [12] } }, { type: "next" }));
    for (const id of ["previous", "next", "reset-answer", "abandon", "finish"])
      expect(screen.getByTestId<HTMLButtonElement>(id).disabled).toBe(true);
    for (const radio of screen.getAllByRole<HTMLInputElement>("radio")) expect(radio.disabled).toBe(true);
    for (const page of screen.getAllByTestId<HTMLButtonElement>("question-page")) expect(page.disabled).toBe(true);
  });

  it("the pagination shows each question answered or flagged, and a number moves there", async () => {
    const { onAction, user } = renderView(shown({}, [{ questionId: CHOICE.id, given: [12], correct: true }]), {
      flagged: new Set([TEXT.id]),
    });
    expect(screen.getAllByTestId("question-page").map((b) => b.getAttribute("aria-label"))).toEqual([
      "Question 1, answered",
      "Question 2",
      "Question 3, flagged",
      "Question 4",
    ]);
    await user.click(screen.getByRole("button", { name: "Question 3, flagged" }));
    expect(actions(onAction)).toEqual([{ type: "go", target: 3 }]);
  });

  it("keys: arrows move, letters toggle answers, Enter confirms; not while typing, with a modal open or the page asking", async () => {
    const { onAction, user } = renderView();
    await user.keyboard("b{ArrowRight}{ArrowLeft}{Enter}{Control>}a{/Control}");
    expect(actions(onAction)).toEqual([
      { type: "key", action: { type: "toggle", index: 1 } },
      { type: "key", action: { type: "next" } },
      { type: "key", action: { type: "previous" } },
      { type: "key", action: { type: "confirm" } },
    ]);
    cleanup();

    const paused = renderView(shown(), { keyboardPaused: true });
    await paused.user.keyboard("b{ArrowRight}");
    expect(paused.onAction).not.toHaveBeenCalled();
    cleanup();

    const typing = renderView(shown({ position: 3 }));
    fireEvent.keyDown(screen.getByRole("textbox", { name: "Your answer" }), { key: "a" });
    expect(typing.onAction).not.toHaveBeenCalled();
  });

  it("with an answer's radio focused, ← and → still move between questions and leave the choice; ↓ moves the choice", async () => {
    const { onAction, user } = renderView();
    await user.click(screen.getByRole("radio", { name: /The AIP, part AD/ }));
    onAction.mockClear();
    expect(document.activeElement).toBe(screen.getByRole("radio", { name: /The AIP, part AD/ }));
    await user.keyboard("{ArrowRight}{ArrowLeft}");
    expect(actions(onAction)).toEqual([
      { type: "key", action: { type: "next" } },
      { type: "key", action: { type: "previous" } },
    ]);
    onAction.mockClear();
    await user.keyboard("{ArrowDown}");
    expect(actions(onAction)).toEqual([{ type: "choose", draft: { kind: "ids", ids: [expect.any(Number)] } }]);
  });

  it("keys do nothing while a modal is open", async () => {
    const { onAction, user } = renderView(shown({}, [], { type: "go", target: "finish" }));
    await user.keyboard("{ArrowRight}b");
    expect(actions(onAction)).toEqual([]);
  });

  it("a message of the checks shows as an alert", () => {
    renderView(shown({ display_answers: "after_choice" }, [], { type: "confirm" }));
    expect(screen.getByTestId("question-message").textContent).toBe("Please select at least one answer");
    expect(screen.getByTestId("question-message").getAttribute("role")).toBe("alert");
  });

  it("after choice: Confirm answer calls back; once saved the answer is locked and shows Correct or Incorrect", async () => {
    const open = renderView(shown({ display_answers: "after_choice" }));
    await open.user.click(screen.getByTestId("confirm-answer"));
    expect(actions(open.onAction)).toEqual([{ type: "confirm" }]);
    expect(screen.queryByTestId("answer-verdict")).toBeNull();
    cleanup();

    renderView(shown({ display_answers: "after_choice" }, [{ questionId: CHOICE.id, given: [11], correct: false }]));
    expect(screen.getByTestId("answer-verdict").textContent).toBe("Incorrect");
    expect(screen.queryByTestId("confirm-answer")).toBeNull();
    expect(screen.queryByTestId("reset-answer")).toBeNull();
    expect(screen.getByRole<HTMLInputElement>("radio", { name: /The NOTAM summary/ }).checked).toBe(true);
    expect(document.querySelector("[data-verdict=correct]")?.textContent).toBe("✓ Correct answer");
    expect(screen.getByRole("button", { name: "Question 1, answered, incorrect" })).toBeTruthy();
  });

  it("before choice shows the correct answer before the student chooses, with no verdict yet", () => {
    renderView(shown({ display_answers: "before_choice" }));
    expect(document.querySelectorAll("[data-verdict=correct]")).toHaveLength(1);
    expect(screen.getByTestId("answer-verdict").textContent).toBe("");
  });

  it("after test reveals nothing", () => {
    renderView(shown({}, [{ questionId: CHOICE.id, given: [11], correct: false }]));
    expect(document.querySelectorAll("[data-verdict]")).toHaveLength(0);
    expect(screen.queryByTestId("answer-verdict")).toBeNull();
  });

  it("a question that is not on this device says the test is out of date", () => {
    const s = { ...shown(), question: undefined };
    renderView(s);
    expect(screen.getByTestId("out-of-date").textContent).toBe(MESSAGES.outOfDate);
  });

  it("the tools and the side panel of the question are shown in their places", () => {
    renderView(shown(), { tools: <button type="button">Flag</button>, sidePanel: <p>Side panel</p> });
    expect(screen.getByRole("button", { name: "Flag" })).toBeTruthy();
    expect(screen.getByRole("complementary").textContent).toBe("Side panel");
  });

  it("Finish asks with the unanswered warning; Finish goes on, Cancel closes", async () => {
    const { onAction, user } = renderView(shown({}, [], { type: "go", target: "finish" }));
    const dialog = within(screen.getByRole("dialog"));
    expect(dialog.getByText("Finish test?")).toBeTruthy();
    expect(dialog.getByText(MESSAGES.unanswered)).toBeTruthy();
    await user.click(dialog.getByTestId("confirm-finish"));
    await user.click(dialog.getByRole("button", { name: "Cancel" }));
    expect(actions(onAction)).toEqual([{ type: "proceed" }, { type: "close-modal" }]);
  });

  it("short of the required number, the dialog gives the spec's words", () => {
    renderView(shown({ position: 2 }, [], { type: "choose", draft: { kind: "ids", ids: [21] } }, { type: "next" }));
    expect(screen.getByRole("dialog").textContent).toContain("The question requires 2 answer(s). You have selected 1.");
    expect(screen.getByTestId("confirm-count")).toBeTruthy();
  });

  it("an unconfirmed answer: 'You have not confirmed your answer.' with Move on without saving and Go back", async () => {
    const { onAction, user } = renderView(
      shown(
        { display_answers: "after_choice" },
        [],
        { type: "choose", draft: { kind: "ids", ids: [11] } },
        {
          type: "next",
        },
      ),
    );
    expect(screen.getByRole("dialog").textContent).toContain("You have not confirmed your answer.");
    await user.click(screen.getByTestId("leave-unconfirmed"));
    await user.click(screen.getByTestId("stay-unconfirmed"));
    expect(actions(onAction)).toEqual([{ type: "proceed" }, { type: "close-modal" }]);
  });

  it("abandoning an exam asks first, with the unanswered warning", () => {
    renderView(shown({ test_type: "exam" }, [], { type: "abandon" }));
    const dialog = screen.getByRole("dialog");
    expect(dialog.textContent).toContain("Abandon test?");
    expect(dialog.textContent).toContain("The test will be marked with the answers you have given so far.");
    expect(dialog.textContent).toContain(MESSAGES.unanswered);
    expect(screen.getByTestId("confirm-abandon")).toBeTruthy();
  });

  it("a timed test shows the countdown; at zero it calls back, and 'Time expired' offers View results", async () => {
    const started = Date.UTC(2026, 5, 15, 12);
    const deadline = new Date(started + 30 * 60_000);
    const clock = manualClock(deadline.getTime() - 2_000);
    const { onAction } = renderView(shown({ time_limit: 30 }), { deadline, clock });
    expect(screen.getByRole("timer").textContent).toBe("Time remaining 00:00:02");
    act(() => clock.advance(2_000));
    expect(actions(onAction)).toEqual([{ type: "expire" }]);
    cleanup();

    // The same screen once the reducer took the expiry (a fresh clock, so the countdown does not fire again).
    const expired = renderView(shown({ time_limit: 30 }, [], { type: "expire" }), {
      deadline,
      clock: manualClock(deadline.getTime() - 60_000),
    });
    expect(screen.getByRole("dialog").textContent).toContain("Time expired");
    await expired.user.click(screen.getByTestId("time-expired-results"));
    expect(actions(expired.onAction)).toEqual([{ type: "proceed" }]);
  });

  it("an ended test shows no countdown", () => {
    const deadline = new Date(Date.UTC(2026, 5, 15, 12, 30));
    renderView(shown({ time_limit: 30, finished: "2026-06-15T12:30:00.000Z", ended: "time_expired" }), { deadline });
    expect(screen.queryByTestId("countdown")).toBeNull();
  });
});

describe("the shortcuts dialog", { timeout: 20_000 }, () => {
  afterEach(cleanup);

  it("? opens it, listing every shortcut; keys do nothing while it is open; Close returns focus", async () => {
    const { onAction, user } = renderView();
    const button = screen.getByTestId("shortcuts-button");
    button.focus();
    await user.keyboard("?");
    const dialog = screen.getByRole("dialog", { name: "Keyboard shortcuts" });
    expect(
      within(dialog)
        .getAllByTestId("shortcut")
        .map((row) => row.querySelector("dd")?.textContent),
    ).toEqual(SHORTCUTS.map((shortcut) => shortcut.does));
    await user.keyboard("a");
    expect(actions(onAction)).toEqual([]);
    await user.click(within(dialog).getByTestId("close-shortcuts"));
    expect(screen.queryByRole("dialog")).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(button));
  });
});
