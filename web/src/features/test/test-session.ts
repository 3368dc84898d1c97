/**
 * The question screen's behaviour (spec: test-taking sections 4 and 5) as a pure reducer: the
 * draft on screen, confirming in the show-answers modes, saving before every move, the checks
 * and their modals, finishing, abandoning and the time limit.
 *
 * `reduce(state, action)` returns the next state and the effects the page must carry out, as
 * data; no React, no storage, no timers. The hook (useTestSession.ts) performs each effect and
 * reports the effects that answer back with an action:
 *
 *   next (an answer is pending) → effects [ping next, save [11] after 200 ms], buttons off
 *   saved "saved"               → effects [keep position 2], question 2 on screen, buttons on
 *
 * The device's copy of the test (`data`) comes in with `loaded` each time the live query sees
 * a change; everything else the screen shows is derived from it by `onScreen`.
 */
import { SAVE_DELAY_MS, type TestType } from "@preflight/sync-protocol/rules/constants";
import { letterIndex } from "@preflight/sync-protocol/rules/format";
import type { GivenAnswer } from "@preflight/sync-protocol/schemas/answer";
import type { LocalShownQuestion, LocalUserTest, TestEnd } from "../../local/store/db.ts";
import type { PageCorrectness } from "../../ui/pagination-window.ts";
import {
  type Draft,
  draftFromGiven,
  emptyDraft,
  givenFromDraft,
  sameGiven,
  toggleByIndex,
} from "../../ui/question/draft.ts";
import {
  abandonAsksFirst,
  checkDraft,
  hasPendingInput,
  isRevealed,
  showsAnswersDuringTest,
} from "../../ui/question/rules.ts";
import type { TestData } from "./queries.ts";

/** Where a move goes: a question number, or to finishing (the finish modal). */
export type Target = number | "finish";

export type TestModal =
  | { kind: "finish" }
  | { kind: "unconfirmed"; target: Target }
  | { kind: "count"; required: number; selected: number; after: Target | "confirm" }
  | { kind: "abandon" }
  | { kind: "time-expired" };

export interface TestSession {
  /** The test as the device last read it; null until it is loaded. */
  data: TestData | null;
  /** The position moved to on this page; until the first move, the test's stored position. */
  moved: number | null;
  draft: Draft | null;
  /** The question the draft was made for. */
  draftFor: number | null;
  message: string | null;
  modal: TestModal | null;
  /** The save or the end the page waits for; the buttons are off meanwhile. */
  waiting: { kind: "save"; andThen: Target | null } | { kind: "end"; reason: TestEnd } | null;
  /**
   * Keys pressed while a save was in flight, in order: a student answering by keyboard at a
   * normal pace presses the next letter before the save of the last answer is back.
   */
  held: KeyAction[];
}

/** What a key of the question screen asks for (`keyAction`). */
export type KeyAction =
  | { type: "toggle"; index: number }
  | { type: "next" }
  | { type: "previous" }
  | { type: "confirm" };

/** Keys held beyond this many are dropped: nobody types twenty answers ahead on purpose. */
export const HELD_KEYS_LIMIT = 20;

export const initialSession: TestSession = {
  data: null,
  moved: null,
  draft: null,
  draftFor: null,
  message: null,
  modal: null,
  waiting: null,
  held: [],
};

/** How a save ended: kept, refused as too late, refused as the test has ended, or failed. */
export type SaveOutcome = "saved" | "time-expired" | "test-finished" | "failed";

export type SessionAction =
  | { type: "loaded"; data: TestData | null }
  /** The student changed the answer on screen (a click, typing, a gap chosen). */
  | { type: "choose"; draft: Draft }
  /** A letter key: a toggles the first answer, b the second … */
  | { type: "toggle"; index: number }
  /** A key of the question screen: applied now, or once the save in flight is back. */
  | { type: "key"; action: KeyAction }
  | { type: "next" }
  | { type: "previous" }
  /** A question number of the pagination, or the Finish test button. */
  | { type: "go"; target: Target }
  | { type: "confirm" }
  /** Multiple select, 50 ms after the required number was chosen (show-answers modes). */
  | { type: "auto-confirm" }
  | { type: "reset" }
  /** The student chose to go on from the modal that is open. */
  | { type: "proceed" }
  | { type: "close-modal" }
  | { type: "abandon" }
  /** The countdown reached zero. */
  | { type: "expire" }
  /** Answers a `save` effect. */
  | { type: "saved"; outcome: SaveOutcome }
  /** Answers an `end` effect with how the device closed the test. */
  | { type: "ended"; ended: TestEnd | null }
  /** An `end` effect failed: the buttons come back. */
  | { type: "end-failed" };

export type SessionEffect =
  /** The online-only activity ping of next and previous. */
  | { kind: "ping"; direction: "next" | "prev" }
  /** Save `given` after `delayMs`, then answer with `saved`. */
  | { kind: "save"; testId: string; questionId: number; given: GivenAnswer; delayMs: number }
  /** Remember the position; nobody waits for it. */
  | { kind: "keep-position"; testId: string; position: number }
  /** Close the test, then answer with `ended` (or `end-failed`). */
  | { kind: "end"; testId: string; reason: TestEnd }
  /** The time ran out: close the test as of its deadline; nobody waits for it. */
  | { kind: "close-expired"; testId: string }
  /** Leave the page: abandoned to the test type's exit, every other end to the results. */
  | { kind: "leave"; reason: TestEnd; testType: TestType }
  | { kind: "save-failed" };

export interface Step {
  state: TestSession;
  effects: SessionEffect[];
}

/** What the question screen shows, derived from the session. */
export interface OnScreen {
  test: LocalUserTest;
  position: number;
  total: number;
  /** Undefined when the question is not on this device (the test is out of date). */
  question: LocalShownQuestion | undefined;
  draft: Draft | null;
  /** The saved answer of the question on screen; in the show-answers modes, saved means locked. */
  saved: GivenAnswer | undefined;
  /** The device's grading of that saved answer. */
  correct: boolean | undefined;
  duringTest: boolean;
  confirmed: boolean;
  revealed: boolean;
  locked: boolean;
  busy: boolean;
  ended: boolean;
  message: string | null;
  modal: TestModal | null;
  unanswered: number;
  /** Each question of the test in order, answered or not. */
  pages: { id: number; answered: boolean }[];
  /** Right or wrong per question, only where the mode already shows answers (never after_test). */
  correctness: (PageCorrectness | null)[] | undefined;
}

export function onScreen(state: TestSession): OnScreen | null {
  const { data } = state;
  if (!data) return null;
  const { test } = data;
  const position = state.moved ?? test.position ?? 1;
  const question = data.questions[position - 1];
  const saved = question ? data.saved.get(question.id) : undefined;
  const ended = Boolean(test.finished);
  const duringTest = showsAnswersDuringTest(test.display_answers);
  const confirmed = saved !== undefined;
  return {
    test,
    position,
    total: test.question_ids.length,
    question,
    draft: state.draft,
    saved,
    correct: question ? data.correct.get(question.id) : undefined,
    duringTest,
    confirmed,
    revealed: isRevealed(test.display_answers, confirmed, ended),
    locked: ended || (duringTest && confirmed),
    busy: state.waiting !== null,
    ended,
    message: state.message,
    modal: state.modal,
    unanswered: test.question_ids.filter((id) => !data.saved.has(id)).length,
    pages: test.question_ids.map((id) => ({ id, answered: data.saved.has(id) })),
    correctness: duringTest
      ? test.question_ids.map((id) => (data.saved.has(id) ? (data.correct.get(id) ? "correct" : "incorrect") : null))
      : undefined,
  };
}

/** Multiple select in a show-answers mode with the required number chosen: confirm after 50 ms. */
export function autoConfirmDue(state: TestSession): boolean {
  const s = onScreen(state);
  if (!s?.duringTest || s.locked || s.question?.type !== "multiple_select" || s.draft?.kind !== "ids") return false;
  return s.draft.ids.length === (s.question.total_correct ?? 0);
}

/** The keys of the question screen: arrows move, letters toggle answers, Enter confirms. */
export function keyAction(key: string): KeyAction | null {
  if (key === "ArrowRight") return { type: "next" };
  if (key === "ArrowLeft") return { type: "previous" };
  if (key === "Enter") return { type: "confirm" };
  const index = letterIndex(key);
  return index === null ? null : { type: "toggle", index };
}

const stay = (state: TestSession): Step => ({ state, effects: [] });
const also = (effects: SessionEffect[], step: Step): Step => ({ ...step, effects: [...effects, ...step.effects] });

/** A fresh draft whenever the question on screen changes; the saved answer once it is locked. */
function withDraft(state: TestSession): TestSession {
  const s = onScreen(state);
  if (!s?.question) return state;
  if (state.draftFor !== s.question.id)
    return { ...state, draftFor: s.question.id, draft: draftFromGiven(s.question, s.saved), message: null };
  if (s.locked && s.saved !== undefined) return { ...state, draft: draftFromGiven(s.question, s.saved) };
  return state;
}

function choose(state: TestSession, draft: Draft): Step {
  const s = onScreen(state);
  if (!s || s.locked || s.busy) return stay(state);
  return stay({ ...state, message: null, draft });
}

/** The move itself, once it is checked: the target's question on screen, or the finish modal. */
function arrive(state: TestSession, target: Target): Step {
  if (target === "finish") return stay({ ...state, modal: { kind: "finish" } });
  const testId = state.data?.test.id;
  if (!testId) return stay(state);
  // The new question shows at once; remembering the position is not something to wait for.
  return {
    state: withDraft({ ...state, moved: target }),
    effects: [{ kind: "keep-position", testId, position: target }],
  };
}

/** Moves without further checks: a pending answer is saved first, 200 ms after the buttons go off. */
function move(state: TestSession, target: Target, saveDraft: boolean): Step {
  const s = onScreen(state);
  if (!s || s.busy) return stay(state);
  const given = s.draft ? givenFromDraft(s.draft) : null;
  if (saveDraft && !s.locked && s.question && given !== null && !sameGiven(given, s.saved))
    return {
      state: { ...state, waiting: { kind: "save", andThen: target } },
      effects: [{ kind: "save", testId: s.test.id, questionId: s.question.id, given, delayMs: SAVE_DELAY_MS }],
    };
  return arrive(state, target);
}

/** Moving next, previous, to a number or to finishing: checks first (spec section 5). */
function goTo(state: TestSession, target: Target): Step {
  const s = onScreen(state);
  if (!s || s.busy || s.modal || !s.question || !s.draft) return stay(state);
  if (target !== "finish" && (target < 1 || target > s.total || target === s.position)) return stay(state);
  if (!s.locked && hasPendingInput(s.draft) && !sameGiven(givenFromDraft(s.draft), s.saved)) {
    if (s.duringTest) return stay({ ...state, modal: { kind: "unconfirmed", target } });
    const check = checkDraft(s.question, s.draft);
    if (check.ok === "confirm-count")
      return stay({
        ...state,
        modal: { kind: "count", required: check.required, selected: check.selected, after: target },
      });
  }
  return move(state, target, true);
}

/** Saves the answer on screen at once (confirming); it locks once the device has it. */
function saveNow(state: TestSession): Step {
  const s = onScreen(state);
  const given = s?.draft ? givenFromDraft(s.draft) : null;
  if (!s?.question || s.busy || given === null) return stay(state);
  return {
    state: { ...state, waiting: { kind: "save", andThen: null } },
    effects: [{ kind: "save", testId: s.test.id, questionId: s.question.id, given, delayMs: 0 }],
  };
}

function end(state: TestSession, reason: TestEnd): Step {
  const s = onScreen(state);
  if (!s || s.busy) return stay(state);
  return {
    state: { ...state, waiting: { kind: "end", reason } },
    effects: [{ kind: "end", testId: s.test.id, reason }],
  };
}

function proceed(state: TestSession): Step {
  const current = state.modal;
  if (!current) return stay(state);
  const closed = { ...state, modal: null };
  switch (current.kind) {
    case "unconfirmed":
      return move(closed, current.target, false);
    case "count":
      return current.after === "confirm" ? saveNow(closed) : move(closed, current.after, true);
    case "finish":
      return end(closed, "finished");
    case "abandon":
      return end(closed, "abandoned");
    case "time-expired": {
      const test = state.data?.test;
      return test
        ? { state: closed, effects: [{ kind: "leave", reason: "time_expired", testType: test.test_type }] }
        : stay(closed);
    }
  }
}

/** A save has answered: go on with the move it was for, or stay and say why not. */
function settleSave(state: TestSession, outcome: SaveOutcome): Step {
  if (state.waiting?.kind !== "save") return stay(state);
  const { andThen } = state.waiting;
  const done = { ...state, waiting: null };
  // Keys typed ahead go on only from a kept answer: after a refusal the student sees why first.
  const dropped = { ...done, held: [] };
  switch (outcome) {
    case "saved":
      return releaseHeld(andThen === null ? stay(done) : arrive(done, andThen));
    case "time-expired":
      return stay({ ...dropped, modal: { kind: "time-expired" } });
    case "test-finished":
      return stay(dropped);
    case "failed":
      return { state: dropped, effects: [{ kind: "save-failed" }] };
  }
}

/** A key: at once when the screen is ready, else held until the save in flight is back. */
function pressKey(state: TestSession, key: KeyAction): Step {
  const s = onScreen(state);
  if (s?.busy && state.waiting?.kind === "save") {
    if (state.held.length >= HELD_KEYS_LIMIT) return stay(state);
    return stay({ ...state, held: [...state.held, key] });
  }
  // Enter confirms only where the display mode asks for confirmation.
  if (key.type === "confirm" && !s?.duringTest) return stay(state);
  return reduce(state, key);
}

/** Applies the held keys in order, until one of them starts another save (the rest wait for it). */
function releaseHeld(step: Step): Step {
  let { state, effects } = step;
  while (state.held.length > 0 && state.waiting === null) {
    const [key, ...rest] = state.held as [KeyAction, ...KeyAction[]];
    const next = pressKey({ ...state, held: rest }, key);
    state = next.state;
    effects = [...effects, ...next.effects];
  }
  return { state, effects };
}

export function reduce(state: TestSession, action: SessionAction): Step {
  const s = onScreen(state);
  switch (action.type) {
    case "loaded":
      return stay(withDraft({ ...state, data: action.data }));
    case "choose":
      return choose(state, action.draft);
    case "key":
      return pressKey(state, action.action);
    case "toggle": {
      if (!s?.question || !s.draft || s.modal || s.busy || s.locked) return stay(state);
      if (action.index >= s.question.answers.length) return stay(state);
      return choose(state, toggleByIndex(s.question, s.draft, action.index));
    }
    case "next": {
      if (!s || s.busy || s.modal) return stay(state);
      return also(
        [{ kind: "ping", direction: "next" }],
        goTo(state, s.position >= s.total ? "finish" : s.position + 1),
      );
    }
    case "previous": {
      if (!s || s.busy || s.modal || s.position <= 1) return stay(state);
      return also([{ kind: "ping", direction: "prev" }], goTo(state, s.position - 1));
    }
    case "go":
      return goTo(state, action.target);
    case "confirm": {
      if (!s?.question || !s.draft || s.locked || s.busy) return stay(state);
      const check = checkDraft(s.question, s.draft);
      if (check.ok === false) return stay({ ...state, message: check.message });
      if (check.ok === "confirm-count")
        return stay({
          ...state,
          modal: { kind: "count", required: check.required, selected: check.selected, after: "confirm" },
        });
      return saveNow(state);
    }
    case "auto-confirm":
      return autoConfirmDue(state) ? saveNow(state) : stay(state);
    case "reset":
      if (!s?.question || s.locked) return stay(state);
      return stay({ ...state, message: null, draft: emptyDraft(s.question) });
    case "proceed":
      return proceed(state);
    case "close-modal":
      return stay({ ...state, modal: null });
    case "abandon": {
      if (!s || s.busy) return stay(state);
      if (abandonAsksFirst(s.test.test_type)) return stay({ ...state, modal: { kind: "abandon" } });
      return end(state, "abandoned");
    }
    case "expire": {
      // No more answers; the test is marked with what was answered by the deadline.
      if (!s || s.ended) return stay(state);
      return {
        state: { ...state, modal: { kind: "time-expired" } },
        effects: [{ kind: "close-expired", testId: s.test.id }],
      };
    }
    case "saved":
      return settleSave(state, action.outcome);
    case "ended": {
      if (state.waiting?.kind !== "end" || !s) return stay(state);
      const { reason } = state.waiting;
      // Finished or abandoned after the deadline: the time-expired modal says so before leaving.
      const late = action.ended === "time_expired" && reason !== "time_expired";
      const done: TestSession = { ...state, waiting: null, modal: late ? { kind: "time-expired" } : null };
      return late
        ? stay(done)
        : { state: done, effects: [{ kind: "leave", reason: action.ended ?? reason, testType: s.test.test_type }] };
    }
    case "end-failed":
      return stay(state.waiting?.kind === "end" ? { ...state, waiting: null } : state);
  }
}
