// @vitest-environment jsdom
/**
 * The test chooser and the display_answers switch (study §6): on, Show answers is offered and the
 * new test takes the choice; off, the choice is hidden and the test shows answers after the test.
 */
import "fake-indexeddb/auto";
import type { UserSummary } from "@preflight/sync-protocol/schemas/auth";
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { renderSignedIn } from "../../app/render-signed-in.tsx";
import { userDb } from "../../local/store/db.ts";
import { multipleChoice, resetDatabases, STUDENT, signedInScope } from "../../local/test-support.ts";
import { SelectTest } from "./SelectTest.tsx";

const withSwitch = (display_answers: boolean): UserSummary => ({
  ...STUDENT,
  features: { ...STUDENT.features, display_answers },
});

async function startedDisplay(user: UserSummary): Promise<string | undefined> {
  const scope = await signedInScope(user);
  await scope.db.questions.bulkPut(Array.from({ length: 12 }, (_, i) => multipleChoice(i + 1)));
  renderSignedIn(user, () => <SelectTest testType="untimed" seed={1} />);
  const start = await screen.findByRole("button", { name: "Start" });
  await waitFor(() => expect(start.hasAttribute("disabled")).toBe(false));
  if (screen.queryByText("Show answers")) await userEvent.setup().click(screen.getByText("After choice"));
  await userEvent.setup().click(start);
  let display: string | undefined;
  await waitFor(async () => {
    const tests = await userDb(user.id).userTests.toArray();
    expect(tests).toHaveLength(1);
    display = tests[0]?.display_answers;
  });
  return display;
}

describe("the test chooser and the display_answers switch", () => {
  beforeEach(resetDatabases);
  afterEach(cleanup);

  it("on: Show answers is offered and the test takes the choice", async () => {
    expect(await startedDisplay(withSwitch(true))).toBe("after_choice");
  });

  it("off: no Show answers, and the test shows answers after the test", async () => {
    const display = await startedDisplay(withSwitch(false));
    expect(screen.queryByText("Show answers")).toBeNull();
    expect(display).toBe("after_test");
  });
});
