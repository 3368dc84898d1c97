// @vitest-environment jsdom
/**
 * The question screen when the test cannot be read (test-taking §8): 'Could not load question,
 * please try again later', then, if reading it again fails too, 'An error has occurred. Please
 * contact support if this continues.'; once the device answers, the question shows. A test that
 * is not there says 'This test can no longer be accessed.'
 */
import "fake-indexeddb/auto";
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderSignedIn } from "../../app/render-signed-in.tsx";
import { createTest } from "../../local/actions/test.ts";
import { multipleChoice, resetDatabases, STUDENT, signedInScope } from "../../local/test-support.ts";
import { MESSAGES } from "../../ui/question/rules.ts";
import { TestScreen } from "./TestScreen.tsx";

async function aTest() {
  const scope = await signedInScope();
  await scope.db.questions.bulkPut([multipleChoice(1), multipleChoice(2)]);
  const test = await createTest(scope, {
    test_type: "practice",
    title: "Practice",
    count: 2,
    from: [1, 2],
    ordered: true,
    display_answers: "after_test",
    seed: 1,
  });
  return { scope, test };
}

describe("the question screen when its test cannot be read", { timeout: 20_000 }, () => {
  beforeEach(resetDatabases);
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("says so, then the reload failure, then shows the question once the device answers", async () => {
    const { scope, test } = await aTest();
    vi.spyOn(console, "error").mockImplementation(() => {});
    // The device's database closed under the page: every read fails (DatabaseClosedError).
    scope.db.close({ disableAutoOpen: true });
    renderSignedIn(STUDENT, () => <TestScreen testId={test.id} />);
    expect((await screen.findByTestId("question-load-failed")).textContent).toBe(
      "Could not load question, please try again later",
    );
    const user = userEvent.setup();
    await user.click(screen.getByTestId("question-load-retry"));
    expect((await screen.findByText(MESSAGES.reloadFailed)).textContent).toBe(
      "An error has occurred. Please contact support if this continues.",
    );
    await scope.db.open();
    await user.click(screen.getByTestId("question-load-retry"));
    expect(await screen.findByText("Question 1")).toBeTruthy();
    expect(screen.queryByTestId("question-load-failed")).toBeNull();
  });

  it("a test that is not on the device: 'This test can no longer be accessed.'", async () => {
    await aTest();
    renderSignedIn(STUDENT, () => <TestScreen testId="0192aaaa-0000-7000-8000-000000000000" />);
    expect(await screen.findByText("This test can no longer be accessed.")).toBeTruthy();
  });
});
