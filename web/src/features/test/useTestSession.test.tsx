// @vitest-environment jsdom
import "fake-indexeddb/auto";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTest, type NewTest } from "../../local/actions/test.ts";
import type { LocalQuestion } from "../../local/store/db.ts";
import { multipleChoice, resetDatabases, signedInScope } from "../../local/test-support.ts";
import { useTestData } from "./queries.ts";
import { type TestSessionIo, useTestSession } from "./useTestSession.ts";

const SELECT: LocalQuestion = {
  ...multipleChoice(3),
  type: "multiple_select",
  total_correct: 2,
  answers: [
    { id: 301, answer: "one", correct: true },
    { id: 302, answer: "two", correct: true },
    { id: 303, answer: "three", correct: false },
  ],
};

/** A signed-in device with questions 1, 2 and the multiple select 3, a test over `from`, and the hook on it. */
async function opened(test: Partial<NewTest> = {}) {
  const scope = await signedInScope();
  await scope.db.questions.bulkPut([multipleChoice(1), multipleChoice(2), SELECT]);
  const created = await createTest(scope, {
    test_type: "practice",
    title: "Practice",
    count: 2,
    from: [1, 2],
    ordered: true,
    display_answers: "after_test",
    seed: 1,
    ...test,
  });
  const io = { onEnded: vi.fn(), onPing: vi.fn(), onSaveFailed: vi.fn() } satisfies TestSessionIo;
  const hook = renderHook(() => useTestSession(scope, useTestData(scope.db, created.id), io));
  await waitFor(() => expect(hook.result.current.screen?.draft).toBeTruthy());
  const screen = () => {
    const s = hook.result.current.screen;
    if (!s) throw new Error("nothing on screen");
    return s;
  };
  const dispatch = (...actions: Parameters<typeof hook.result.current.dispatch>[0][]) =>
    act(() => {
      for (const action of actions) hook.result.current.dispatch(action);
    });
  return { scope, test: created, io, screen, dispatch };
}

describe("the question screen on the device (useTestSession)", { timeout: 20_000 }, () => {
  beforeEach(resetDatabases);
  afterEach(cleanup);

  it("next with a pending answer: pings, saves on the device, then shows the next question and keeps its position", async () => {
    const { scope, test, io, screen, dispatch } = await opened();
    dispatch({ type: "choose", draft: { kind: "ids", ids: [101] } }, { type: "next" });
    expect(io.onPing.mock.calls).toEqual([["next"]]);
    expect(screen().busy).toBe(true);

    await waitFor(() => expect(screen()).toMatchObject({ position: 2, busy: false }));
    expect(await scope.db.answers.where("testId").equals(test.id).toArray()).toMatchObject([
      { questionId: 1, given: [101], correct: true },
    ]);
    await waitFor(async () => expect((await scope.db.userTests.get(test.id))?.position).toBe(2));
    const outbox = await scope.db.outbox.orderBy("seq").toArray();
    expect(outbox.map((e) => e.call)).toEqual(["POST /test/generate/practice", "POST /test/current/save"]);
  });

  it("finishing: the device closes the test and the page leaves for the results", async () => {
    const { scope, test, io, screen, dispatch } = await opened();
    dispatch({ type: "go", target: "finish" });
    expect(screen().modal).toEqual({ kind: "finish" });
    dispatch({ type: "proceed" });
    await waitFor(() => expect(io.onEnded).toHaveBeenCalledWith("finished", "practice"));
    expect((await scope.db.userTests.get(test.id))?.ended).toBe("finished");
    expect(screen().busy).toBe(false);
  });

  it("a save after the deadline is refused and opens 'Time expired'", async () => {
    const { scope, test, io, screen, dispatch } = await opened({ time_limit: 1 });
    const started = new Date(test.started).getTime();
    scope.now = () => new Date(started + 2 * 60_000);
    dispatch({ type: "choose", draft: { kind: "ids", ids: [101] } }, { type: "next" });
    await waitFor(() => expect(screen()).toMatchObject({ modal: { kind: "time-expired" }, busy: false, position: 1 }));
    expect(io.onSaveFailed).not.toHaveBeenCalled();
    expect(await scope.db.answers.count()).toBe(0);
  });

  it("after choice, a multiple select confirms itself once the required number is chosen, and locks", async () => {
    const { scope, screen, dispatch } = await opened({ from: [3, 1], display_answers: "after_choice" });
    expect(screen().question?.id).toBe(3);
    dispatch({ type: "choose", draft: { kind: "ids", ids: [301, 302] } });
    await waitFor(() => expect(screen()).toMatchObject({ locked: true, revealed: true, correct: true }));
    expect(await scope.db.answers.count()).toBe(1);
  });
});
