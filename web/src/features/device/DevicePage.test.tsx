// @vitest-environment jsdom
import "fake-indexeddb/auto";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SessionProvider } from "../../app/session-context.tsx";
import { createTest } from "../../local/actions/test.ts";
import { exportPending } from "../../local/outbox/pending-file.ts";
import { multipleChoice, resetDatabases, STUDENT, signedInScope } from "../../local/test-support.ts";
import { DevicePage } from "./DevicePage.tsx";

const SESSION = { key: "current", userId: STUDENT.id, user: STUDENT, signedInAt: "2026-11-21T09:00:00Z" } as const;

async function upload(text: string) {
  render(
    <SessionProvider session={SESSION}>
      <DevicePage />
    </SessionProvider>,
  );
  const file = new File([text], "pending.json", { type: "application/json" });
  await userEvent.setup().upload(screen.getByTestId("import-file"), file);
}

describe("This device: a refused import says why", () => {
  beforeEach(resetDatabases);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("a file that is not a pending-changes file: the refusal's own words, in an alert", async () => {
    await upload("not json");
    expect((await screen.findByRole("alert")).textContent).toBe("This is not a pending-changes file.");
  });

  it("no connection: the file could not be imported, try again online", async () => {
    const scope = await signedInScope();
    await scope.db.questions.put(multipleChoice(1));
    await createTest(scope, {
      test_type: "practice",
      title: "Practice",
      count: 1,
      from: [1],
      display_answers: "after_test",
      seed: 1,
    });
    const file = await exportPending(scope.db, { userId: STUDENT.id, email: STUDENT.email }, new Date());
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    await upload(JSON.stringify(file));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The file could not be imported. Please try again online.",
    );
  });
});
