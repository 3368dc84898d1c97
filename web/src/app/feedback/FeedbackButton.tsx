/**
 * The header's "Give feedback" button, on every signed-in page, and the sender of feedback
 * given offline (when the app starts and when the network returns).
 */
import { useEffect, useState } from "react";
import { newFeedback, queueFeedback, sendFeedback, startFeedbackSender } from "../../local/feedback/feedback-queue.ts";
import type { UserDb } from "../../local/store/db.ts";
import { downscaleImage } from "./downscale.ts";
import { FeedbackModal, type SubmitOutcome } from "./FeedbackModal.tsx";

export function FeedbackButton({ db }: { db: UserDb }) {
  const [open, setOpen] = useState(false);
  useEffect(() => startFeedbackSender(db), [db]);

  const submit = async (text: string, screenshots: Blob[]): Promise<SubmitOutcome> => {
    const feedback = newFeedback(text, screenshots, window.location.pathname);
    if (!navigator.onLine) {
      await queueFeedback(db, feedback);
      return "queued";
    }
    const outcome = await sendFeedback(feedback);
    if (outcome.kind === "sent") return "sent";
    if (outcome.kind === "refused") return "failed";
    // No answer: kept, and sent when the network returns.
    await queueFeedback(db, feedback);
    return "queued";
  };

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        data-testid="give-feedback"
        className="whitespace-nowrap rounded-md border border-white/30 px-3 py-1 hover:bg-white/10"
      >
        {/* A phone's header has room for one short word. */}
        <span className="sm:hidden">Feedback</span>
        <span className="hidden sm:inline">Give feedback</span>
      </button>
      <FeedbackModal isOpen={open} onClose={() => setOpen(false)} prepare={downscaleImage} submit={submit} />
    </>
  );
}
