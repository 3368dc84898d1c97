// @vitest-environment jsdom
/**
 * The mark for review on the device: a toggle button with aria-pressed, pressed by mouse or by
 * keyboard, that keeps the mark and queues its state once per press; the line beside it says
 * "Marked for review" and whether the mark waits to be sent; a mark the pull brings shows.
 */
import "fake-indexeddb/auto";
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { settle } from "../../local/outbox/sending.ts";
import { userDb } from "../../local/store/db.ts";
import { resetDatabases, STUDENT } from "../../local/test-support.ts";
import { SAVED_ON_DEVICE } from "../../ui/offline-words.ts";
import { renderSignedIn } from "../render-signed-in.tsx";
import { useSignedIn } from "../session-context.tsx";
import { ReviewMarkToggle, reviewMarkStatus } from "./ReviewMarkToggle.tsx";

const QUESTION = 10001;
const db = () => userDb(STUDENT.id);
const markWrites = async () =>
  (await db().outbox.orderBy("seq").toArray())
    .filter((e) => e.call === "POST /api/question/review_mark")
    .map((e) => (e.body as { marked: boolean }).marked);

function Harness({ look }: { look: "tool" | "card" }) {
  const { scope } = useSignedIn();
  return <ReviewMarkToggle scope={scope} questionId={QUESTION} look={look} />;
}

async function renderToggle(look: "tool" | "card" = "tool") {
  renderSignedIn(STUDENT, () => <Harness look={look} />);
  const toggle = await screen.findByRole("button", { name: "Mark for review" });
  await waitFor(() => expect(toggle.hasAttribute("disabled")).toBe(false));
  return toggle;
}

// The first render of a signed-in frame takes seconds on a busy machine.
describe("the mark for review", { timeout: 20_000 }, () => {
  beforeEach(resetDatabases);
  afterEach(cleanup);

  it("is a toggle button: pressed marks the question and says so, pressed again takes the mark off", async () => {
    const toggle = await renderToggle();
    expect(toggle.getAttribute("aria-pressed")).toBe("false");
    expect(screen.getByTestId("review-mark-status").textContent).toBe("");
    await userEvent.setup().click(toggle);
    await waitFor(() => expect(toggle.getAttribute("aria-pressed")).toBe("true"));
    expect(await db().reviewMarks.get(QUESTION)).toMatchObject({ marked: true });
    expect(screen.getByTestId("review-mark-status").textContent).toBe(`Marked for review. ${SAVED_ON_DEVICE}`);
    await userEvent.setup().click(toggle);
    await waitFor(() => expect(toggle.getAttribute("aria-pressed")).toBe("false"));
    expect(await markWrites()).toEqual([true, false]);
  });

  it("is pressed from the keyboard, Space or Enter, its name the same pressed or not", async () => {
    const toggle = await renderToggle();
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement).toBe(toggle);
    await user.keyboard(" ");
    await waitFor(() => expect(toggle.getAttribute("aria-pressed")).toBe("true"));
    expect(screen.getByRole("button", { name: "Mark for review", pressed: true })).toBe(toggle);
    await user.keyboard("{Enter}");
    await waitFor(() => expect(toggle.getAttribute("aria-pressed")).toBe("false"));
    expect(await markWrites()).toEqual([true, false]);
  });

  it("says 'Marked for review' once the server has the mark, and shows a mark the pull brings", async () => {
    const toggle = await renderToggle("card");
    expect(screen.getByTestId("review-mark-hint").textContent).toMatch(/even when you got them right/);
    await userEvent.setup().click(toggle);
    await waitFor(() => expect(screen.getByTestId("review-mark-status").textContent).toContain(SAVED_ON_DEVICE));
    const [entry] = await db().outbox.toArray();
    if (!entry) throw new Error("the mark was not queued");
    await settle(db(), entry, { id: entry.id, seq: entry.seq, status: "applied", reply: null });
    await waitFor(() => expect(screen.getByTestId("review-mark-status").textContent).toBe("Marked for review"));
    expect(screen.queryByTestId("review-mark-hint")).toBeNull();

    // Taken off on another device, brought by the pull: the toggle shows it.
    await db().reviewMarks.put({ questionId: QUESTION, marked: false, updatedAt: new Date().toISOString() });
    await waitFor(() => expect(toggle.getAttribute("aria-pressed")).toBe("false"));
    expect(screen.getByTestId("review-mark-status").textContent).toBe("");
  });

  it("words each state", () => {
    expect(reviewMarkStatus(undefined)).toBe("");
    expect(reviewMarkStatus({ marked: false, waiting: false })).toBe("");
    expect(reviewMarkStatus({ marked: true, waiting: false })).toBe("Marked for review");
    expect(reviewMarkStatus({ marked: false, waiting: true })).toBe(SAVED_ON_DEVICE);
  });
});
