// @vitest-environment jsdom
import "fake-indexeddb/auto";
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTest, saveAnswer } from "../local/actions/test.ts";
import { drainUnlocked } from "../local/outbox/drain.ts";
import { FakePushServer } from "../local/outbox/fake-push-server.ts";
import { multipleChoice, resetDatabases, STUDENT, signedInScope } from "../local/test-support.ts";
import { NoticeBanner } from "./NoticeBanner.tsx";
import { renderSignedIn } from "./render-signed-in.tsx";

describe("the banner of changes the server did not accept", () => {
  beforeEach(resetDatabases);
  afterEach(cleanup);

  it("names the change in the student's words with the reason, links to This device, and is dismissed", async () => {
    const scope = await signedInScope();
    await scope.db.questions.bulkPut([1, 2].map(multipleChoice));
    const test = await createTest(scope, {
      test_type: "practice",
      title: "Practice",
      count: 2,
      from: [1, 2],
      display_answers: "after_test",
      seed: 1,
    });
    const second = test.question_ids[1] as number;
    await saveAnswer(scope, test.id, second, [second * 100 + 1]);
    const server = new FakePushServer({
      refuse: (m) =>
        m.call === "POST /test/current/save" ? { code: "test_finished", message: "This test has ended." } : null,
    });
    await drainUnlocked({ fetch: server.fetch, now: () => new Date(), random: () => 0.5 });

    renderSignedIn(STUDENT, () => <NoticeBanner db={scope.db} />);
    const refusal = await screen.findByTestId("refusal");
    expect(refusal.textContent).toBe(
      "Not accepted: Answer to question 2 of “Practice”. This test has ended.This deviceDismiss",
    );
    expect(screen.getByRole("link", { name: "This device" }).getAttribute("href")).toBe("/device");
    await userEvent.setup().click(screen.getByRole("button", { name: "Dismiss" }));
    await waitFor(() => expect(screen.queryByTestId("refusal-banner")).toBeNull());
  });
});
