// @vitest-environment jsdom
import "fake-indexeddb/auto";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SessionProvider } from "../../app/session-context.tsx";
import { createTest, saveAnswer } from "../../local/actions/test.ts";
import { exportPending } from "../../local/outbox/pending-file.ts";
import { multipleChoice, refusedAnswer, resetDatabases, STUDENT, signedInScope } from "../../local/test-support.ts";
import { SnackbarProvider } from "../../ui/snackbar/SnackbarProvider.tsx";
import { DevicePage } from "./DevicePage.tsx";

const SESSION = { key: "current", userId: STUDENT.id, user: STUDENT, signedInAt: "2026-11-21T09:00:00Z" } as const;

async function upload(text: string) {
  render(
    <SessionProvider session={SESSION}>
      <SnackbarProvider>
        <DevicePage />
      </SnackbarProvider>
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

describe("This device: what is not sent yet, the last sync, and the changes not accepted in the student's words", () => {
  beforeEach(resetDatabases);
  afterEach(cleanup);

  it("counts, the sync's date, and each change not accepted named with the reason, no call names", async () => {
    const { scope, test } = await refusedAnswer("Already finished", {
      position: 1,
      now: new Date(Date.UTC(2026, 10, 21, 10)),
    });
    const second = test.question_ids[1] as number;
    await saveAnswer(scope, test.id, second, [second * 100 + 1]);

    render(
      <SessionProvider session={SESSION}>
        <SnackbarProvider>
          <DevicePage />
        </SnackbarProvider>
      </SessionProvider>,
    );
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("This device");
    await waitFor(() => expect(screen.getByTestId("changes-pending").textContent).toBe("1"));
    expect(screen.getByTestId("changes-failed").textContent).toBe("1");
    expect(screen.getByTestId("device-last-sync").textContent).toMatch(/^21\/11\/2026 @ \d\d:\d\d$/);
    const refused = await screen.findByTestId("failed-change");
    expect(refused.textContent).toBe("Answer to question 1 of “Practice”Already finished");
    expect(document.body.textContent).not.toMatch(/POST|server/);
  });
});
