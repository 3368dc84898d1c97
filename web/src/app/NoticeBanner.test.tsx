// @vitest-environment jsdom
import "fake-indexeddb/auto";
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { refusedAnswer, resetDatabases, STUDENT } from "../local/test-support.ts";
import { NoticeBanner } from "./NoticeBanner.tsx";
import { renderSignedIn } from "./render-signed-in.tsx";

describe("the banner of changes the server did not accept", () => {
  beforeEach(resetDatabases);
  afterEach(cleanup);

  it("names the change in the student's words with the reason, links to This device, and is dismissed", async () => {
    const { scope } = await refusedAnswer("This test has ended.");

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
