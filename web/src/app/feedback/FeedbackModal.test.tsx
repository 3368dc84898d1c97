// @vitest-environment jsdom
import { FEEDBACK_LIMITS, FEEDBACK_MESSAGES } from "@preflight/sync-protocol/schemas/feedback";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { FEEDBACK_TITLE, FeedbackModal, SCREENSHOT_HINT, type SubmitOutcome } from "./FeedbackModal.tsx";

beforeAll(() => {
  URL.createObjectURL ??= () => "blob:x";
  let n = 0;
  URL.createObjectURL = () => `blob:shot-${n++}`;
  URL.revokeObjectURL = () => {};
});

function renderModal(outcome: SubmitOutcome | Error = "sent") {
  const submit = vi.fn(async (_text: string, _shots: Blob[]) => {
    if (outcome instanceof Error) throw outcome;
    return outcome;
  });
  const prepare = vi.fn(async (file: File) => {
    if (!file.type.startsWith("image/")) throw new Error("not an image");
    return new Blob(["small"], { type: "image/jpeg" });
  });
  const onClose = vi.fn();
  render(<FeedbackModal isOpen onClose={onClose} prepare={prepare} submit={submit} />);
  return { submit, prepare, onClose, user: userEvent.setup({ delay: null }) };
}

const png = (name: string) => new File(["png"], name, { type: "image/png" });
const fileInput = () => screen.getByTestId("feedback-screenshots-input") as HTMLInputElement;

describe("GIVE FEEDBACK", { timeout: 20_000 }, () => {
  afterEach(cleanup);

  it("shows the title, the required Feedback box and the screenshots' limit", () => {
    renderModal();
    expect(screen.getByRole("heading", { name: FEEDBACK_TITLE })).toBeTruthy();
    expect(screen.getByLabelText("Feedback").hasAttribute("required")).toBe(true);
    expect(fileInput().multiple).toBe(true);
    expect(screen.getByText(SCREENSHOT_HINT)).toBeTruthy();
  });

  it("asks for the text before sending anything", async () => {
    const { submit, user } = renderModal();
    await user.click(screen.getByTestId("feedback-send"));
    expect(screen.getByTestId("field-error").textContent).toBe(FEEDBACK_MESSAGES.textRequired);
    expect(submit).not.toHaveBeenCalled();
  });

  it("sends the text and the scaled-down screenshots, then thanks the student", async () => {
    const { submit, prepare, user } = renderModal("sent");
    await user.type(screen.getByLabelText("Feedback"), "The clock froze");
    await user.upload(fileInput(), [png("a.png"), png("b.png")]);
    await waitFor(() => expect(screen.getAllByRole("img")).toHaveLength(2));
    expect(prepare).toHaveBeenCalledTimes(2);
    await user.click(screen.getByTestId("feedback-send"));
    await screen.findByRole("heading", { name: FEEDBACK_MESSAGES.submitted });
    expect(screen.getByTestId("feedback-result").textContent).toBe(FEEDBACK_MESSAGES.thanks);
    expect(submit).toHaveBeenCalledWith("The clock froze", [expect.any(Blob), expect.any(Blob)]);
  });

  it("says a file that is no image is refused, keeps at most five, and lets one be removed", async () => {
    renderModal();
    // A file picker can be told to show every file; the accept list alone does not stop one.
    const user = userEvent.setup({ delay: null, applyAccept: false });
    await user.upload(fileInput(), [png("a.png"), new File(["x"], "notes.txt", { type: "text/plain" })]);
    await waitFor(() => expect(screen.getByTestId("field-error").textContent).toBe(FEEDBACK_MESSAGES.notAnImage));
    await user.upload(
      fileInput(),
      Array.from({ length: 6 }, (_, i) => png(`s${i}.png`)),
    );
    await waitFor(() => expect(screen.getAllByRole("img")).toHaveLength(FEEDBACK_LIMITS.maxScreenshots));
    expect(screen.getByTestId("field-error").textContent).toBe(FEEDBACK_MESSAGES.tooManyScreenshots);
    await user.click(screen.getByRole("button", { name: "Remove a.png" }));
    expect(screen.getAllByRole("img")).toHaveLength(FEEDBACK_LIMITS.maxScreenshots - 1);
  });

  it("says it will be sent when back online, when it was kept on the device", async () => {
    const { user } = renderModal("queued");
    await user.type(screen.getByLabelText("Feedback"), "Offline note");
    await user.click(screen.getByTestId("feedback-send"));
    expect((await screen.findByTestId("feedback-result")).textContent).toBe(FEEDBACK_MESSAGES.queued);
  });

  it("shows the spec's failure and keeps the text for another try", async () => {
    const { user } = renderModal(new Error("boom"));
    await user.type(screen.getByLabelText("Feedback"), "Broken");
    await user.click(screen.getByTestId("feedback-send"));
    expect((await screen.findByTestId("feedback-failed")).textContent).toContain(FEEDBACK_MESSAGES.failed);
    expect((screen.getByLabelText("Feedback") as HTMLTextAreaElement).value).toBe("Broken");
  });
});
