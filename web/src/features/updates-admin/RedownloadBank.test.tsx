// @vitest-environment jsdom
/**
 * Re-download question bank's failures (spec accounts §8): a re-download that could not start
 * says 'There was an error downloading the question bank in else' under why it could not; one
 * that failed on the way says '... in catch'. Nothing is thrown away in either case.
 */
import "fake-indexeddb/auto";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderSignedIn } from "../../app/render-signed-in.tsx";
import { resetDatabases, STUDENT, signedInScope } from "../../local/test-support.ts";
import { RedownloadBank } from "./RedownloadBank.tsx";

async function confirmRedownload() {
  fireEvent.click(await screen.findByTestId("redownload"));
  fireEvent.click(await screen.findByTestId("redownload-confirm"));
}

describe("Re-download question bank", () => {
  beforeEach(resetDatabases);
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("offline: 'There was an error downloading the question bank in else', titled 'You are offline'", async () => {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    const { db } = await signedInScope();
    await db.questions.put({ id: 1, version: 1 } as never);
    const { notify } = renderSignedIn(STUDENT, () => <RedownloadBank db={db} userId={STUDENT.id} />);

    await confirmRedownload();

    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith(
        expect.objectContaining({
          type: "danger",
          title: "You are offline",
          text: "There was an error downloading the question bank in else",
        }),
      ),
    );
    expect(await db.questions.count()).toBe(1);
  });

  it("a failure on the way: 'There was an error downloading the question bank in catch'", async () => {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(true);
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { db } = await signedInScope();
    // The device's database is gone from under the page (storage cleared by the browser).
    db.close();
    const { notify } = renderSignedIn(STUDENT, () => <RedownloadBank db={db} userId={STUDENT.id} />);

    await confirmRedownload();

    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith(
        expect.objectContaining({
          type: "danger",
          title: "Error",
          text: "There was an error downloading the question bank in catch",
        }),
      ),
    );
  });
});
