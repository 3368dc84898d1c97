/**
 * The header's "Give feedback" button, on every signed-in page (a phone has it in the Menu),
 * the feedback dialog, and the sender of feedback given offline (when the app starts and when
 * the network returns).
 */
import { lazy, Suspense, useEffect } from "react";
import type { UserDb } from "../../local/store/db.ts";
import { Button } from "../../ui/Button.tsx";
import { afterFirstPage } from "../first-page-ready.ts";
import { startWhenLoaded } from "../start-when-loaded.ts";
import type { SubmitOutcome } from "./FeedbackModal.tsx";

// Fetched when the student opens it: no page needs the form to paint. The queue of feedback given
// offline comes after the first paint too (AFTER_LOAD in scripts/first-pages.ts).
const feedbackQueue = () => import("../../local/feedback/feedback-queue.ts");
/** A screenshot made smaller before it is queued; loaded with the dialog's first screenshot. */
const downscaleImage = (file: File) => import("./downscale.ts").then((m) => m.downscaleImage(file));

const FeedbackModal = lazy(() => import("./FeedbackModal.tsx").then((m) => ({ default: m.FeedbackModal })));

/** The header's look for a button: 44 px high, outlined on the header's colour. */
export const HEADER_BUTTON_CLASS =
  "inline-flex min-h-11 items-center justify-center whitespace-nowrap rounded-md border border-white/30 px-3 text-sm hover:bg-white/10";

/** The button alone; the dialog is `FeedbackDialog`, kept open when the button's menu closes. */
export function FeedbackButton({
  onPress,
  className = HEADER_BUTTON_CLASS,
}: {
  onPress: () => void;
  className?: string;
}) {
  return (
    <Button variant="plain" onPress={onPress} testId="give-feedback" className={className}>
      Give feedback
    </Button>
  );
}

/** The feedback dialog and the sender of feedback kept on the device. */
export function FeedbackDialog({ db, isOpen, onClose }: { db: UserDb; isOpen: boolean; onClose: () => void }) {
  // Like the frame's other upkeep, once the first page shows what it came for.
  useEffect(
    () => afterFirstPage(() => startWhenLoaded(feedbackQueue, ({ startFeedbackSender }) => startFeedbackSender(db))),
    [db],
  );

  const submit = async (text: string, screenshots: Blob[]): Promise<SubmitOutcome> => {
    const { newFeedback, queueFeedback, sendFeedback } = await feedbackQueue();
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

  if (!isOpen) return null;
  return (
    <Suspense fallback={null}>
      <FeedbackModal isOpen={isOpen} onClose={onClose} prepare={downscaleImage} submit={submit} />
    </Suspense>
  );
}
