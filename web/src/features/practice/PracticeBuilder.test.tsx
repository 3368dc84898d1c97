// @vitest-environment jsdom
/**
 * The practice builder hides what depends on a component the server has switched off (issue 14):
 * the Flagged include without flagging, the Seen in exams filter without seen-in-exam. The server
 * refuses those components too (api/src/http/features.ts).
 */
import "fake-indexeddb/auto";
import type { Features, UserSummary } from "@preflight/sync-protocol/schemas/auth";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { renderSignedIn } from "../../app/render-signed-in.tsx";
import { resetDatabases, STUDENT } from "../../local/test-support.ts";
import { PracticeBuilder } from "./PracticeBuilder.tsx";

function renderBuilder(features: Features) {
  const user: UserSummary = { ...STUDENT, features };
  renderSignedIn(user, () => <PracticeBuilder seed={1} />);
}

/** From the subject list (the first view) to the settings, where the filters are. */
async function openSettings() {
  await userEvent.setup().click(await screen.findByRole("button", { name: "Back" }));
  await screen.findByTestId("practice-view-settings");
}

const includeOptions = () =>
  within(screen.getByLabelText("Include"))
    .getAllByRole("option")
    .map((o) => o.textContent);

describe("the practice builder and the components switched on", () => {
  beforeEach(resetDatabases);
  afterEach(cleanup);

  it("offers Flagged and Seen in exams while both are on", async () => {
    renderBuilder({ flagged: true, seen_in_exam: true, ai_tutor: false, display_answers: true });
    await openSettings();
    expect(includeOptions()).toContain("Flagged");
    expect(screen.getByTestId("practice-seen-in-exam")).toBeTruthy();
  });

  it("hides the Flagged include when flagging is off", async () => {
    renderBuilder({ flagged: false, seen_in_exam: true, ai_tutor: false, display_answers: true });
    await openSettings();
    expect(includeOptions()).not.toContain("Flagged");
    expect(includeOptions()).toContain("Unanswered");
    expect(screen.getByTestId("practice-seen-in-exam")).toBeTruthy();
  });

  it("hides the Seen in exams filter when seen-in-exam is off", async () => {
    renderBuilder({ flagged: true, seen_in_exam: false, ai_tutor: false, display_answers: true });
    await openSettings();
    expect(screen.queryByTestId("practice-seen-in-exam")).toBeNull();
    expect(includeOptions()).toContain("Flagged");
  });
});

describe("the practice builder and the display_answers switch (study §6)", () => {
  beforeEach(resetDatabases);
  afterEach(cleanup);
  // Show answers is for subscribers (spec: subscription shows Show answers and Sort options).
  const subscriber = (display_answers: boolean): UserSummary => ({
    ...STUDENT,
    subscription_end: "2099-01-01",
    features: { ...STUDENT.features, display_answers },
  });

  it("offers Show answers while the switch is on", async () => {
    renderSignedIn(subscriber(true), () => <PracticeBuilder seed={1} />);
    await openSettings();
    expect(screen.getByRole("radiogroup", { name: "Show answers" })).toBeTruthy();
  });

  it("hides Show answers when the switch is off", async () => {
    renderSignedIn(subscriber(false), () => <PracticeBuilder seed={1} />);
    await openSettings();
    expect(screen.queryByRole("radiogroup", { name: "Show answers" })).toBeNull();
    expect(screen.getByLabelText("Include")).toBeTruthy();
  });
});

describe("the practice builder while the bank is indexed", () => {
  beforeEach(resetDatabases);
  afterEach(cleanup);

  it("says the bank is being made ready (a status, the page busy) until the index is there", async () => {
    renderBuilder({ flagged: true, seen_in_exam: true, ai_tutor: false, display_answers: true });
    const status = await screen.findByTestId("practice-indexing");
    expect(status.getAttribute("role")).toBe("status");
    expect(status.textContent).toBe("Getting the question bank on this device ready…");
    expect(document.querySelector("main")?.getAttribute("aria-busy")).toBe("true");
    await waitFor(() => expect(screen.queryByTestId("practice-indexing")).toBeNull());
    expect(document.querySelector("main")?.getAttribute("aria-busy")).toBeNull();
  });
});
