import { SAVE_DELAY_MS } from "@preflight/sync-protocol/rules/constants";
import { describe, expect, it } from "vitest";
import type { LocalUserTest } from "../../local/store/db.ts";
import { MESSAGES } from "../../ui/question/rules.ts";
import type { TestData } from "./queries.ts";
import { CHOICE, CLOZE, SELECT, TEST, TEXT, testData } from "./test.mock.ts";
import {
  autoConfirmDue,
  initialSession,
  type KeyAction,
  keyAction,
  type OnScreen,
  onScreen,
  reduce,
  type SessionAction,
  type SessionEffect,
  type TestSession,
} from "./test-session.ts";

const TEST_ID = TEST.id;

/** A session with `data` loaded, as the screen has it when the test first shows. */
function opened(data: TestData = testData()): TestSession {
  return reduce(initialSession, { type: "loaded", data }).state;
}

/** Applies `actions` in turn; the state after the last, and every effect asked for on the way. */
function play(state: TestSession, ...actions: SessionAction[]): { state: TestSession; effects: SessionEffect[] } {
  const effects: SessionEffect[] = [];
  for (const action of actions) {
    const step = reduce(state, action);
    state = step.state;
    effects.push(...step.effects);
  }
  return { state, effects };
}

function seen(state: TestSession): OnScreen {
  const screen = onScreen(state);
  if (!screen) throw new Error("nothing on screen");
  return screen;
}

const choose = (ids: number[]): SessionAction => ({ type: "choose", draft: { kind: "ids", ids } });
const at = (position: number, change: Partial<LocalUserTest> = {}, answers: Parameters<typeof testData>[1] = []) =>
  opened(testData({ position, ...change }, answers));

describe("opening the question screen", () => {
  it("shows nothing before the test is loaded", () => {
    expect(onScreen(initialSession)).toBeNull();
    expect(reduce(initialSession, { type: "next" })).toEqual({ state: initialSession, effects: [] });
  });

  it("shows the stored position with a draft made from the answer saved there", () => {
    const s = seen(at(2, {}, [{ questionId: SELECT.id, given: [21], correct: false }]));
    expect(s.position).toBe(2);
    expect(s.total).toBe(4);
    expect(s.question?.reference).toBe("010-0102");
    expect(s.draft).toEqual({ kind: "ids", ids: [21] });
    expect(s.unanswered).toBe(3);
    expect(s.busy).toBe(false);
  });

  it("gives each question type its empty draft", () => {
    expect(seen(at(1)).draft).toEqual({ kind: "ids", ids: [] });
    expect(seen(at(3)).draft).toEqual({ kind: "text", text: "" });
    expect(seen(at(4)).draft).toEqual({ kind: "gaps", gaps: [null, null] });
  });

  it("a question not on this device shows no question, and moving from it does nothing (out of date)", () => {
    const state = opened(testData({ position: 2 }, [], [CHOICE, undefined, TEXT, CLOZE]));
    expect(seen(state).question).toBeUndefined();
    const next = play(state, { type: "next" });
    expect(seen(next.state).position).toBe(2);
    expect(next.effects).toEqual([{ kind: "ping", direction: "next" }]);
  });

  it("the pagination marks answered questions; right or wrong only where answers show during the test", () => {
    const answers = [
      { questionId: CHOICE.id, given: [12], correct: true },
      { questionId: TEXT.id, given: { value: 1 }, correct: false },
    ];
    const afterTest = seen(opened(testData({}, answers)));
    expect(afterTest.pages.map((p) => p.answered)).toEqual([true, false, true, false]);
    expect(afterTest.correctness).toBeUndefined();
    const afterChoice = seen(opened(testData({ display_answers: "after_choice" }, answers)));
    expect(afterChoice.correctness).toEqual(["correct", null, "incorrect", null]);
  });
});

describe("answering (spec 4: Answering)", () => {
  it("choosing an answer puts it on screen and clears the message", () => {
    const confirmedEmpty = play(at(1, { display_answers: "after_choice" }), { type: "confirm" }).state;
    expect(seen(confirmedEmpty).message).toBe(MESSAGES.selectAtLeastOne);
    const s = seen(play(confirmedEmpty, choose([12])).state);
    expect(s.draft).toEqual({ kind: "ids", ids: [12] });
    expect(s.message).toBeNull();
  });

  it("letters a, b, c… toggle the matching answer: one at a time for multiple choice, several for multiple select", () => {
    expect(keyAction("b")).toEqual({ type: "toggle", index: 1 });
    const choice = play(at(1), { type: "toggle", index: 1 }, { type: "toggle", index: 0 }).state;
    expect(seen(choice).draft).toEqual({ kind: "ids", ids: [11] });
    expect(seen(play(choice, { type: "toggle", index: 0 }).state).draft).toEqual({ kind: "ids", ids: [] });
    const select = play(at(2), { type: "toggle", index: 0 }, { type: "toggle", index: 2 }).state;
    expect(seen(select).draft).toEqual({ kind: "ids", ids: [21, 23] });
  });

  it("a letter past the last answer, or on a text question, changes nothing", () => {
    expect(seen(play(at(1), { type: "toggle", index: 3 }).state).draft).toEqual({ kind: "ids", ids: [] });
    expect(seen(play(at(3), { type: "toggle", index: 0 }).state).draft).toEqual({ kind: "text", text: "" });
  });

  it("arrow keys move, Enter confirms; other keys are not the test's", () => {
    expect(keyAction("ArrowRight")).toEqual({ type: "next" });
    expect(keyAction("ArrowLeft")).toEqual({ type: "previous" });
    expect(keyAction("Enter")).toEqual({ type: "confirm" });
    expect(keyAction("1")).toBeNull();
  });

  it("Clear empties the answer on screen", () => {
    const cleared = play(at(4), { type: "choose", draft: { kind: "gaps", gaps: [41, null] } }, { type: "reset" });
    expect(seen(cleared.state).draft).toEqual({ kind: "gaps", gaps: [null, null] });
  });

  it("before_choice shows the correct answer before the student chooses", () => {
    const s = seen(at(1, { display_answers: "before_choice" }));
    expect(s.revealed).toBe(true);
    expect(s.locked).toBe(false);
  });

  it("after_test reveals nothing while the test runs, even with an answer saved", () => {
    const s = seen(at(1, {}, [{ questionId: CHOICE.id, given: [12], correct: true }]));
    expect(s.revealed).toBe(false);
    expect(s.locked).toBe(false);
  });
});

describe("moving (spec 4: moving first saves any pending answer)", () => {
  it("next with a pending answer: buttons off, the save issued 200 ms later, then the next question", () => {
    const moving = play(at(1), choose([12]), { type: "next" });
    expect(moving.effects).toEqual([
      { kind: "ping", direction: "next" },
      { kind: "save", testId: TEST_ID, questionId: CHOICE.id, given: [12], delayMs: SAVE_DELAY_MS },
    ]);
    expect(SAVE_DELAY_MS).toBe(200);
    expect(seen(moving.state).busy).toBe(true);
    expect(seen(moving.state).position).toBe(1);

    const arrived = play(moving.state, { type: "saved", outcome: "saved" });
    expect(arrived.effects).toEqual([{ kind: "keep-position", testId: TEST_ID, position: 2 }]);
    const s = seen(arrived.state);
    expect(s.busy).toBe(false);
    expect(s.position).toBe(2);
    expect(s.question?.id).toBe(SELECT.id);
    expect(s.draft).toEqual({ kind: "ids", ids: [] });
  });

  it("next, previous, letters and answers are ignored while a save is in progress", () => {
    const moving = play(at(2), choose([21, 22]), { type: "previous" }).state;
    const ignored = play(moving, { type: "next" }, { type: "previous" }, { type: "toggle", index: 2 }, choose([23]));
    expect(ignored.effects).toEqual([]);
    expect(ignored.state).toBe(moving);
  });

  it("keys pressed while the save is in flight are held and applied in order once it is back, never dropped", () => {
    const key = (action: KeyAction): SessionAction => ({ type: "key", action });
    // b, → (the save of question 1 starts), then a, c and → typed before it is back.
    const moving = play(at(1), key({ type: "toggle", index: 1 }), key({ type: "next" }));
    const typedAhead = play(
      moving.state,
      key({ type: "toggle", index: 0 }),
      key({ type: "toggle", index: 2 }),
      key({ type: "next" }),
    );
    expect(typedAhead.effects).toEqual([]);
    expect(seen(typedAhead.state).position).toBe(1);

    const back = play(typedAhead.state, { type: "saved", outcome: "saved" });
    // On question 2 (multiple select) a and c are chosen, and → saves them on the way to 3.
    expect(back.effects).toEqual([
      { kind: "keep-position", testId: TEST_ID, position: 2 },
      { kind: "ping", direction: "next" },
      { kind: "save", testId: TEST_ID, questionId: SELECT.id, given: [21, 23], delayMs: SAVE_DELAY_MS },
    ]);
    expect(seen(back.state).busy).toBe(true);
    expect(back.state.held).toEqual([]);
    expect(seen(play(back.state, { type: "saved", outcome: "saved" }).state).position).toBe(3);
  });

  it("held keys are let go when the save is refused: the student sees why first", () => {
    const key = (action: KeyAction): SessionAction => ({ type: "key", action });
    const moving = play(at(1), choose([12]), key({ type: "next" }), key({ type: "toggle", index: 0 })).state;
    expect(moving.held).toHaveLength(1);
    const failed = play(moving, { type: "saved", outcome: "failed" });
    expect(failed.effects).toEqual([{ kind: "save-failed" }]);
    expect(failed.state.held).toEqual([]);
    expect(seen(failed.state).position).toBe(1);
  });

  it("Enter confirms where the display mode asks for confirmation, and nowhere else", () => {
    const enter: SessionAction = { type: "key", action: { type: "confirm" } };
    const confirming = play(at(1, { display_answers: "after_choice" }), choose([11]), enter);
    expect(confirming.effects).toEqual([
      { kind: "save", testId: TEST_ID, questionId: CHOICE.id, given: [11], delayMs: 0 },
    ]);
    expect(play(at(1), choose([11]), enter).effects).toEqual([]);
  });

  it("with nothing new to save, the move is at once", () => {
    const saved = at(1, {}, [{ questionId: CHOICE.id, given: [12], correct: true }]);
    const moved = play(saved, { type: "next" });
    expect(moved.effects).toEqual([
      { kind: "ping", direction: "next" },
      { kind: "keep-position", testId: TEST_ID, position: 2 },
    ]);
    expect(seen(moved.state).position).toBe(2);
    expect(seen(moved.state).busy).toBe(false);
  });

  it("coming back to a question shows its saved answer", () => {
    const there = play(at(1), choose([12]), { type: "next" }, { type: "saved", outcome: "saved" }).state;
    const reloaded = play(there, {
      type: "loaded",
      data: testData({ position: 2 }, [{ questionId: CHOICE.id, given: [12], correct: true }]),
    }).state;
    const back = play(reloaded, { type: "previous" });
    expect(back.effects).toEqual([
      { kind: "ping", direction: "prev" },
      { kind: "keep-position", testId: TEST_ID, position: 1 },
    ]);
    expect(seen(back.state).draft).toEqual({ kind: "ids", ids: [12] });
  });

  it("previous does nothing on the first question, not even the ping", () => {
    expect(play(at(1), { type: "previous" }).effects).toEqual([]);
  });

  it("a question number moves there without a ping; outside the test or the current one does nothing", () => {
    expect(play(at(1), { type: "go", target: 3 }).effects).toEqual([
      { kind: "keep-position", testId: TEST_ID, position: 3 },
    ]);
    for (const target of [0, 1, 5]) expect(play(at(1), { type: "go", target }).effects).toEqual([]);
  });

  it("at the last question, next leads to finishing", () => {
    const finishing = play(at(4), { type: "next" });
    expect(finishing.effects).toEqual([{ kind: "ping", direction: "next" }]);
    expect(seen(finishing.state).modal).toEqual({ kind: "finish" });
  });

  it("a save refused because the time ran out stays on the question and opens 'Time expired'", () => {
    const s = play(at(1), choose([12]), { type: "next" }, { type: "saved", outcome: "time-expired" });
    expect(s.effects.at(-1)?.kind).toBe("save");
    expect(seen(s.state)).toMatchObject({ position: 1, busy: false, modal: { kind: "time-expired" } });
  });

  it("a save that fails stays on the question and tells the student ('Error', 'Unable to save answer')", () => {
    const moving = play(at(1), choose([12]), { type: "next" }).state;
    const failed = play(moving, { type: "saved", outcome: "failed" });
    expect(failed.effects).toEqual([{ kind: "save-failed" }]);
    expect(seen(failed.state)).toMatchObject({ position: 1, busy: false, modal: null });
  });

  it("a save refused because the test has ended elsewhere stays quietly", () => {
    const moving = play(at(1), choose([12]), { type: "next" }).state;
    const refused = play(moving, { type: "saved", outcome: "test-finished" });
    expect(refused.effects).toEqual([]);
    expect(seen(refused.state)).toMatchObject({ position: 1, busy: false, modal: null });
  });

  it("a reply nobody waits for changes nothing", () => {
    const state = at(1);
    expect(play(state, { type: "saved", outcome: "saved" }, { type: "ended", ended: "finished" }).state).toBe(state);
  });
});

describe("the checks before moving on (spec 5)", () => {
  it("after_test, multiple select with fewer than required: asks first, Continue saves and moves", () => {
    const asked = play(at(2), choose([21]), { type: "next" });
    expect(seen(asked.state).modal).toEqual({ kind: "count", required: 2, selected: 1, after: 3 });
    expect(MESSAGES.requiresCount(2, 1)).toBe("The question requires 2 answer(s). You have selected 1.");
    expect(asked.effects).toEqual([{ kind: "ping", direction: "next" }]);

    const going = play(asked.state, { type: "proceed" });
    expect(going.effects).toEqual([
      { kind: "save", testId: TEST_ID, questionId: SELECT.id, given: [21], delayMs: SAVE_DELAY_MS },
    ]);
    expect(seen(going.state).modal).toBeNull();
  });

  it("Go back closes the question and keeps the choice", () => {
    const back = play(at(2), choose([21]), { type: "next" }, { type: "close-modal" });
    expect(seen(back.state)).toMatchObject({ modal: null, position: 2, draft: { kind: "ids", ids: [21] } });
  });

  it("next and previous are ignored while a modal is open", () => {
    const asked = play(at(2), choose([21]), { type: "next" }).state;
    expect(play(asked, { type: "next" }, { type: "previous" }, { type: "toggle", index: 2 }).state).toBe(asked);
  });

  it("after_choice, moving on with an unconfirmed answer asks 'You have not confirmed your answer.'", () => {
    const asked = play(at(1, { display_answers: "after_choice" }), choose([11]), { type: "next" });
    expect(seen(asked.state).modal).toEqual({ kind: "unconfirmed", target: 2 });
    expect(MESSAGES.notConfirmed).toBe("You have not confirmed your answer.");
  });

  it("moving on without saving goes at once and saves nothing", () => {
    const asked = play(at(1, { display_answers: "after_choice" }), choose([11]), { type: "next" }).state;
    const moved = play(asked, { type: "proceed" });
    expect(moved.effects).toEqual([{ kind: "keep-position", testId: TEST_ID, position: 2 }]);
    expect(seen(moved.state).position).toBe(2);
  });
});

describe("confirming in the show-answers modes (spec 4: saved then locked)", () => {
  const afterChoice = (position: number, answers: Parameters<typeof testData>[1] = []) =>
    at(position, { display_answers: "after_choice" }, answers);

  it("Confirm saves at once; once the device has it, the answer locks and shows right or wrong", () => {
    const confirming = play(afterChoice(1), choose([11]), { type: "confirm" });
    expect(confirming.effects).toEqual([
      { kind: "save", testId: TEST_ID, questionId: CHOICE.id, given: [11], delayMs: 0 },
    ]);
    const saved = play(
      confirming.state,
      { type: "saved", outcome: "saved" },
      {
        type: "loaded",
        data: testData({ display_answers: "after_choice" }, [{ questionId: CHOICE.id, given: [11], correct: false }]),
      },
    ).state;
    expect(seen(saved)).toMatchObject({ locked: true, revealed: true, confirmed: true, correct: false, busy: false });

    const tried = play(saved, choose([12]), { type: "toggle", index: 1 }, { type: "reset" }, { type: "confirm" });
    expect(tried.state).toBe(saved);
    expect(tried.effects).toEqual([]);
  });

  it("the spec's messages: nothing selected, no value, a gap left open", () => {
    expect(seen(play(afterChoice(1), { type: "confirm" }).state).message).toBe("Please select at least one answer");
    expect(seen(play(afterChoice(3), { type: "confirm" }).state).message).toBe("Please enter a value");
    const gap = play(
      afterChoice(4),
      { type: "choose", draft: { kind: "gaps", gaps: [41, null] } },
      { type: "confirm" },
    );
    expect(seen(gap.state).message).toBe("Please choose an answer for every gap");
    expect(gap.effects).toEqual([]);
  });

  it("a numeric answer is saved as its value", () => {
    const typed = play(
      afterChoice(3),
      { type: "choose", draft: { kind: "text", text: " 3000,5 " } },
      { type: "confirm" },
    );
    expect(typed.effects).toEqual([
      { kind: "save", testId: TEST_ID, questionId: TEXT.id, given: { value: 3000.5 }, delayMs: 0 },
    ]);
  });

  it("confirming a multiple select short of the required number asks first, then saves", () => {
    const asked = play(afterChoice(2), choose([21]), { type: "confirm" });
    expect(seen(asked.state).modal).toEqual({ kind: "count", required: 2, selected: 1, after: "confirm" });
    expect(play(asked.state, { type: "proceed" }).effects).toEqual([
      { kind: "save", testId: TEST_ID, questionId: SELECT.id, given: [21], delayMs: 0 },
    ]);
  });

  it("multiple select confirms itself once the required number is chosen (only in show-answers modes)", () => {
    const one = play(afterChoice(2), choose([21])).state;
    expect(autoConfirmDue(one)).toBe(false);
    const two = play(one, choose([21, 22])).state;
    expect(autoConfirmDue(two)).toBe(true);
    expect(play(two, { type: "auto-confirm" }).effects).toEqual([
      { kind: "save", testId: TEST_ID, questionId: SELECT.id, given: [21, 22], delayMs: 0 },
    ]);
    expect(autoConfirmDue(play(at(2), choose([21, 22])).state)).toBe(false);
    const locked = afterChoice(2, [{ questionId: SELECT.id, given: [21, 22], correct: true }]);
    expect(autoConfirmDue(locked)).toBe(false);
  });

  it("a late auto-confirm after the choice changed does nothing", () => {
    const changed = play(afterChoice(2), choose([21, 22]), choose([21])).state;
    expect(play(changed, { type: "auto-confirm" }).effects).toEqual([]);
  });
});

describe("finishing and leaving (spec 4: Finishing and leaving)", () => {
  it("Finish asks first and warns of unanswered questions; Finish ends the test and goes to the results", () => {
    const asked = play(at(1), { type: "go", target: "finish" });
    expect(seen(asked.state)).toMatchObject({ modal: { kind: "finish" }, unanswered: 4 });
    const ending = play(asked.state, { type: "proceed" });
    expect(ending.effects).toEqual([{ kind: "end", testId: TEST_ID, reason: "finished" }]);
    expect(seen(ending.state)).toMatchObject({ busy: true, modal: null });
    const ended = play(ending.state, { type: "ended", ended: "finished" });
    expect(ended.effects).toEqual([{ kind: "leave", reason: "finished", testType: "practice" }]);
    expect(seen(ended.state).busy).toBe(false);
  });

  it("Finish test with a pending answer saves it first", () => {
    const finishing = play(at(1), choose([12]), { type: "go", target: "finish" });
    expect(finishing.effects).toEqual([
      { kind: "save", testId: TEST_ID, questionId: CHOICE.id, given: [12], delayMs: SAVE_DELAY_MS },
    ]);
    expect(seen(play(finishing.state, { type: "saved", outcome: "saved" }).state).modal).toEqual({ kind: "finish" });
  });

  it("abandoning a practice test ends it at once and leaves for the practice chooser", () => {
    const ending = play(at(1), { type: "abandon" });
    expect(ending.effects).toEqual([{ kind: "end", testId: TEST_ID, reason: "abandoned" }]);
    expect(play(ending.state, { type: "ended", ended: "abandoned" }).effects).toEqual([
      { kind: "leave", reason: "abandoned", testType: "practice" },
    ]);
  });

  it("abandoning an exam or a progress test attempt asks first", () => {
    for (const test_type of ["exam", "progress_test_attempt"] as const) {
      const asked = play(at(1, { test_type }), { type: "abandon" });
      expect(asked.effects).toEqual([]);
      expect(seen(asked.state).modal).toEqual({ kind: "abandon" });
      expect(play(asked.state, { type: "proceed" }).effects).toEqual([
        { kind: "end", testId: TEST_ID, reason: "abandoned" },
      ]);
    }
  });

  it("finished after the deadline: 'Time expired' says so, and View results leaves for the results", () => {
    const ending = play(at(1, { time_limit: 30 }), { type: "go", target: "finish" }, { type: "proceed" }).state;
    const late = play(ending, { type: "ended", ended: "time_expired" });
    expect(late.effects).toEqual([]);
    expect(seen(late.state)).toMatchObject({ modal: { kind: "time-expired" }, busy: false });
    expect(play(late.state, { type: "proceed" }).effects).toEqual([
      { kind: "leave", reason: "time_expired", testType: "practice" },
    ]);
  });

  it("an end that fails turns the buttons back on", () => {
    const ending = play(at(1), { type: "abandon" }).state;
    expect(seen(play(ending, { type: "end-failed" }).state).busy).toBe(false);
  });
});

describe("time running out (spec 4: Time expiry opens a 'Time expired' modal)", () => {
  it("opens 'Time expired' and closes the test as of its deadline, without holding the buttons", () => {
    const expired = play(at(2, { time_limit: 30 }), { type: "expire" });
    expect(expired.effects).toEqual([{ kind: "close-expired", testId: TEST_ID }]);
    expect(seen(expired.state)).toMatchObject({ modal: { kind: "time-expired" }, busy: false });
  });

  it("replaces any other modal", () => {
    const asked = play(at(2, { time_limit: 30 }), choose([21]), { type: "next" }).state;
    expect(seen(play(asked, { type: "expire" }).state).modal).toEqual({ kind: "time-expired" });
  });

  it("a test that has already ended does not expire again", () => {
    const ended = at(1, { time_limit: 30, finished: "2026-06-15T12:30:00.000Z", ended: "time_expired" });
    expect(play(ended, { type: "expire" }).effects).toEqual([]);
  });

  it("an ended test is locked and revealed: no more answers", () => {
    const ended = at(1, { finished: "2026-06-15T12:30:00.000Z", ended: "finished" });
    expect(seen(ended)).toMatchObject({ ended: true, locked: true, revealed: true });
    expect(play(ended, choose([12])).state).toBe(ended);
  });
});
