/**
 * The question screen's session (test-session.ts) wired to the device: the live test goes in
 * as `loaded`, each effect the reducer asks for is carried out here, and the effects that answer
 * back (a save, an end) dispatch their outcome. The decisions all live in the reducer.
 */
import { MULTI_SELECT_AUTO_CONFIRM_MS, type TestType } from "@preflight/sync-protocol/rules/constants";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { finishTest, saveAnswer, setPosition, TestFinishedError, TimeExpiredError } from "../../local/actions/test.ts";
import type { LocalScope } from "../../local/outbox/action.ts";
import type { TestEnd } from "../../local/store/db.ts";
import { delay } from "../../platform.ts";
import type { TestData } from "./queries.ts";
import {
  autoConfirmDue,
  initialSession,
  type OnScreen,
  onScreen,
  reduce,
  type SaveOutcome,
  type SessionAction,
  type SessionEffect,
} from "./test-session.ts";

/** What the page does beyond the device: leave, ping the server, tell of a failed save. */
export interface TestSessionIo {
  onEnded: (reason: TestEnd, testType: TestType) => void;
  onPing: (direction: "next" | "prev") => void;
  onSaveFailed: () => void;
}

type Dispatch = (action: SessionAction) => void;

export function useTestSession(
  scope: LocalScope,
  data: TestData | null | undefined,
  io: TestSessionIo,
): { screen: OnScreen | null; dispatch: Dispatch } {
  const [state, setState] = useState(initialSession);
  // The latest state, read by a second key press before React has rendered the first.
  const latest = useRef(state);
  const outside = useRef({ scope, io });
  outside.current = { scope, io };

  const dispatch = useCallback<Dispatch>((action) => {
    const step = reduce(latest.current, action);
    latest.current = step.state;
    setState(step.state);
    for (const effect of step.effects) void perform(effect, outside.current.scope, outside.current.io, dispatch);
  }, []);

  // Before paint, so the screen never draws the new test with the previous question's draft.
  useLayoutEffect(() => {
    if (data !== undefined) dispatch({ type: "loaded", data });
  }, [data, dispatch]);

  // Multiple select: confirm 50 ms after the required number is chosen; a change in between restarts.
  const dueDraft = autoConfirmDue(state) ? state.draft : null;
  useEffect(() => {
    if (!dueDraft) return;
    const timer = setTimeout(() => dispatch({ type: "auto-confirm" }), MULTI_SELECT_AUTO_CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [dueDraft, dispatch]);

  return { screen: onScreen(state), dispatch };
}

async function perform(effect: SessionEffect, scope: LocalScope, io: TestSessionIo, dispatch: Dispatch) {
  switch (effect.kind) {
    case "ping":
      io.onPing(effect.direction);
      return;
    case "save":
      if (effect.delayMs > 0) await delay(effect.delayMs);
      dispatch({ type: "saved", outcome: await trySave(scope, effect) });
      return;
    case "keep-position":
      await setPosition(scope.db, effect.testId, effect.position).catch((err: unknown) =>
        console.warn("position not kept", err),
      );
      return;
    case "end":
      try {
        const done = await finishTest(scope, effect.testId, effect.reason);
        dispatch({ type: "ended", ended: done.ended });
      } catch (err) {
        console.error("finish failed", err);
        dispatch({ type: "end-failed" });
      }
      return;
    case "close-expired":
      await finishTest(scope, effect.testId, "time_expired").catch((err: unknown) =>
        console.error("closing the expired test failed", err),
      );
      return;
    case "leave":
      io.onEnded(effect.reason, effect.testType);
      return;
    case "save-failed":
      io.onSaveFailed();
      return;
  }
}

async function trySave(
  scope: LocalScope,
  { testId, questionId, given }: Extract<SessionEffect, { kind: "save" }>,
): Promise<SaveOutcome> {
  try {
    await saveAnswer(scope, testId, questionId, given);
    return "saved";
  } catch (err) {
    if (err instanceof TimeExpiredError) return "time-expired";
    if (err instanceof TestFinishedError) return "test-finished";
    console.error("save failed", err);
    return "failed";
  }
}
