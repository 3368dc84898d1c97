/**
 * The question screen's behaviour (spec: test-taking sections 4 and 5): the draft on screen,
 * confirming in the show-answers modes, saving before every move (buttons off, save 200 ms
 * later), the checks and their modals, finishing, abandoning and the time limit.
 */
import { type GivenAnswer, MULTI_SELECT_AUTO_CONFIRM_MS, SAVE_DELAY_MS, type TestType } from "@preflight/sync-protocol";
import { useCallback, useEffect, useRef, useState } from "react";
import type { LocalScope } from "../../local/action.ts";
import {
  deadlineOf,
  finishTest,
  saveAnswer,
  setPosition,
  TestFinishedError,
  TimeExpiredError,
} from "../../local/actions/test.ts";
import type { LocalQuestion, TestEnd } from "../../local/db.ts";
import { type Draft, draftFromGiven, emptyDraft, givenFromDraft, sameGiven } from "../../ui/question/draft.ts";
import {
  abandonAsksFirst,
  checkDraft,
  hasPendingInput,
  isRevealed,
  showsAnswersDuringTest,
} from "../../ui/question/rules.ts";
import type { TestView } from "./queries.ts";

export type Target = number | "finish";

export type TestModal =
  | { kind: "finish" }
  | { kind: "unconfirmed"; target: Target }
  | { kind: "count"; required: number; selected: number; after: Target | "confirm" }
  | { kind: "abandon" }
  | { kind: "time-expired" };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface TestController {
  position: number;
  total: number;
  question: LocalQuestion | undefined;
  draft: Draft | null;
  setDraft: (draft: Draft) => void;
  /** The saved answer of the question on screen; in the show-answers modes, saved means locked. */
  saved: GivenAnswer | undefined;
  confirmed: boolean;
  revealed: boolean;
  locked: boolean;
  busy: boolean;
  message: string | null;
  modal: TestModal | null;
  closeModal: () => void;
  goTo: (target: Target) => void;
  next: () => void;
  previous: () => void;
  confirm: () => void;
  reset: () => void;
  proceed: (modal: TestModal) => void;
  abandon: () => void;
  finish: (reason: TestEnd) => Promise<void>;
  ended: boolean;
  deadline: Date | null;
  expire: () => void;
}

export function useTestController(
  scope: LocalScope,
  view: TestView | null | undefined,
  options: {
    onEnded: (reason: TestEnd, testType: TestType) => void;
    onPing: (direction: "next" | "prev") => void;
    onSaveFailed: () => void;
  },
): TestController {
  const test = view?.test;
  const total = test?.question_ids.length ?? 0;
  const [localPosition, setLocalPosition] = useState<number | null>(null);
  const position = localPosition ?? test?.position ?? 1;
  const question = view?.questions[position - 1];
  const saved = question ? view?.saved.get(question.id) : undefined;
  const ended = Boolean(test?.finished);
  const mode = test?.display_answers ?? "after_test";
  const duringTest = showsAnswersDuringTest(mode);
  const confirmed = saved !== undefined;
  const locked = ended || (duringTest && confirmed);
  const revealed = isRevealed(mode, confirmed, ended);
  const deadline = test ? deadlineOf(test) : null;

  const [draft, setDraftState] = useState<Draft | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [modal, setModal] = useState<TestModal | null>(null);
  const draftFor = useRef<number | null>(null);
  const busyRef = useRef(false);

  // A fresh draft whenever the question on screen changes; the saved answer once it lands.
  useEffect(() => {
    if (!question) return;
    if (draftFor.current !== question.id) {
      draftFor.current = question.id;
      setDraftState(draftFromGiven(question, saved));
      setMessage(null);
    } else if (locked && saved !== undefined) setDraftState(draftFromGiven(question, saved));
  }, [question, saved, locked]);

  const setDraft = useCallback(
    (next: Draft) => {
      if (locked || busyRef.current) return;
      setMessage(null);
      setDraftState(next);
    },
    [locked],
  );

  const run = useCallback(async (work: () => Promise<void>) => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    try {
      await work();
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }, []);

  const endTest = useCallback(
    async (reason: TestEnd) => {
      if (!test) return;
      const done = await finishTest(scope, test.id, reason);
      setModal(done.ended === "time_expired" && reason !== "time_expired" ? { kind: "time-expired" } : null);
      if (done.ended !== "time_expired" || reason === "time_expired")
        options.onEnded(done.ended ?? reason, test.test_type);
    },
    [scope, test, options],
  );

  /** Saves `given` for the question on screen; false when the save was refused. */
  const save = useCallback(
    async (given: GivenAnswer): Promise<boolean> => {
      if (!test || !question) return false;
      try {
        await saveAnswer(scope, test.id, question.id, given);
        return true;
      } catch (err) {
        if (err instanceof TimeExpiredError) {
          setModal({ kind: "time-expired" });
          return false;
        }
        if (err instanceof TestFinishedError) return false;
        console.error("save failed", err);
        options.onSaveFailed();
        return false;
      }
    },
    [scope, test, question, options],
  );

  /** Moves without further checks: buttons off, save what is pending after 200 ms, then go. */
  const move = useCallback(
    (target: Target, options2: { saveDraft: boolean }) =>
      run(async () => {
        if (!test) return;
        const given = draft ? givenFromDraft(draft) : null;
        const pending = options2.saveDraft && !locked && given !== null && !sameGiven(given, saved);
        if (pending) {
          await sleep(SAVE_DELAY_MS);
          if (!(await save(given))) return;
        }
        if (target === "finish") {
          setModal({ kind: "finish" });
          return;
        }
        // Unblock as soon as the new question is on screen; remembering the position is not
        // something the student should wait for (a key pressed at once must not be dropped).
        setLocalPosition(target);
        void setPosition(scope.db, test.id, target).catch((err: unknown) => console.warn("position not kept", err));
      }),
    [run, test, draft, locked, saved, save, scope.db],
  );

  /** Moving next, previous, to a number or to finishing: checks first (spec section 5). */
  const goTo = useCallback(
    (target: Target) => {
      if (busyRef.current || modal || !test || !question || !draft) return;
      if (target !== "finish" && (target < 1 || target > total || target === position)) return;
      if (!locked && hasPendingInput(draft) && !sameGiven(givenFromDraft(draft), saved)) {
        if (duringTest) {
          setModal({ kind: "unconfirmed", target });
          return;
        }
        const check = checkDraft(question, draft);
        if (check.ok === "confirm-count") {
          setModal({ kind: "count", required: check.required, selected: check.selected, after: target });
          return;
        }
      }
      void move(target, { saveDraft: true });
    },
    [modal, test, question, draft, total, position, locked, saved, duringTest, move],
  );

  const next = useCallback(() => {
    if (busyRef.current || modal) return;
    options.onPing("next");
    goTo(position >= total ? "finish" : position + 1);
  }, [modal, options, goTo, position, total]);

  const previous = useCallback(() => {
    if (busyRef.current || modal || position <= 1) return;
    options.onPing("prev");
    goTo(position - 1);
  }, [modal, options, goTo, position]);

  const saveNow = useCallback(
    () =>
      run(async () => {
        const given = draft ? givenFromDraft(draft) : null;
        if (given !== null) await save(given);
      }),
    [run, draft, save],
  );

  /** Confirm in the show-answers modes: checks, then saves and locks. */
  const confirm = useCallback(() => {
    if (!question || !draft || locked || busyRef.current) return;
    const check = checkDraft(question, draft);
    if (check.ok === false) {
      setMessage(check.message);
      return;
    }
    if (check.ok === "confirm-count") {
      setModal({ kind: "count", required: check.required, selected: check.selected, after: "confirm" });
      return;
    }
    void saveNow();
  }, [question, draft, locked, saveNow]);

  // Multiple select: once the required number is chosen, confirm after 50 ms (show-answers modes).
  useEffect(() => {
    if (!duringTest || locked || !question || question.type !== "multiple_select" || draft?.kind !== "ids") return;
    if (draft.ids.length !== (question.total_correct ?? 0)) return;
    const timer = setTimeout(() => void saveNow(), MULTI_SELECT_AUTO_CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [duringTest, locked, question, draft, saveNow]);

  const reset = useCallback(() => {
    if (!question || locked) return;
    setMessage(null);
    setDraftState(emptyDraft(question));
  }, [question, locked]);

  /** The student chose to go on from a modal. */
  const proceed = useCallback(
    (current: TestModal) => {
      setModal(null);
      if (current.kind === "unconfirmed") void move(current.target, { saveDraft: false });
      else if (current.kind === "count") {
        if (current.after === "confirm") void saveNow();
        else void move(current.after, { saveDraft: true });
      } else if (current.kind === "finish") void run(() => endTest("finished"));
      else if (current.kind === "abandon") void run(() => endTest("abandoned"));
      else if (current.kind === "time-expired" && test) options.onEnded("time_expired", test.test_type);
    },
    [move, saveNow, run, endTest, options, test],
  );

  const abandon = useCallback(() => {
    if (!test || busyRef.current) return;
    if (abandonAsksFirst(test.test_type)) setModal({ kind: "abandon" });
    else void run(() => endTest("abandoned"));
  }, [test, run, endTest]);

  /** The time limit ran out: no more answers; the test is marked with what was answered. */
  const expire = useCallback(() => {
    if (!test || test.finished) return;
    setModal({ kind: "time-expired" });
    void finishTest(scope, test.id, "time_expired");
  }, [scope, test]);

  return {
    position,
    total,
    question,
    draft,
    setDraft,
    saved,
    confirmed,
    revealed,
    locked,
    busy,
    message,
    modal,
    closeModal: () => setModal(null),
    goTo,
    next,
    previous,
    confirm,
    reset,
    proceed,
    abandon,
    finish: endTest,
    ended,
    deadline,
    expire,
  };
}
