/**
 * GIVE FEEDBACK (spec accounts §1, §7, §8): the feedback text (required) and screenshots,
 * scaled down on this device before they are sent. Sent at once when online; given offline it
 * waits on the device and is sent when the network returns.
 */
import { FEEDBACK_LIMITS, FEEDBACK_MESSAGES } from "@preflight/sync-protocol/schemas/feedback";
import { type ChangeEvent, useState } from "react";
import { FormField, FormNotice } from "../../ui/FormField.tsx";
import { Button, CancelConfirm, Modal } from "../../ui/Modal.tsx";

export type SubmitOutcome = "sent" | "queued" | "failed";

type Phase = "editing" | "sending" | SubmitOutcome;

export const FEEDBACK_TITLE = "GIVE FEEDBACK";
export const SCREENSHOT_HINT = `Up to ${FEEDBACK_LIMITS.maxScreenshots} images. Each is made smaller on this device (at most ${FEEDBACK_LIMITS.maxLongSide} px, ${FEEDBACK_LIMITS.maxScreenshotBytes / 1024 / 1024} MB) before it is sent.`;

/** The file input's own button at the app's 44 px, in the secondary button's look. */
const FILE_BUTTON_CLASS =
  "cursor-pointer py-1.5 file:mr-3 file:min-h-10 file:cursor-pointer file:rounded-md file:border file:border-slate-300 file:bg-surface file:px-4 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-50";

export interface FeedbackModalProps {
  isOpen: boolean;
  onClose: () => void;
  /** Scales one chosen file down; throws for a file that is no image. */
  prepare: (file: File) => Promise<Blob>;
  /** Sends (or keeps for later) the feedback. */
  submit: (text: string, screenshots: Blob[]) => Promise<SubmitOutcome>;
}

interface Shot {
  name: string;
  blob: Blob;
  url: string;
}

export function FeedbackModal({ isOpen, onClose, prepare, submit }: FeedbackModalProps) {
  const [text, setText] = useState("");
  const [shots, setShots] = useState<Shot[]>([]);
  const [phase, setPhase] = useState<Phase>("editing");
  const [textError, setTextError] = useState<string>();
  const [shotError, setShotError] = useState<string>();
  const [preparing, setPreparing] = useState(false);

  const reset = () => {
    for (const shot of shots) URL.revokeObjectURL(shot.url);
    setText("");
    setShots([]);
    setPhase("editing");
    setTextError(undefined);
    setShotError(undefined);
  };
  const close = () => {
    if (phase === "sending") return;
    reset();
    onClose();
  };

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = "";
    setShotError(undefined);
    const room = FEEDBACK_LIMITS.maxScreenshots - shots.length;
    if (files.length > room) setShotError(FEEDBACK_MESSAGES.tooManyScreenshots);
    setPreparing(true);
    const added: Shot[] = [];
    for (const file of files.slice(0, Math.max(0, room))) {
      try {
        const blob = await prepare(file);
        added.push({ name: file.name, blob, url: URL.createObjectURL(blob) });
      } catch {
        setShotError(FEEDBACK_MESSAGES.notAnImage);
      }
    }
    setPreparing(false);
    setShots((current) => [...current, ...added]);
  };

  const remove = (index: number) =>
    setShots((current) => {
      const gone = current[index];
      if (gone) URL.revokeObjectURL(gone.url);
      return current.filter((_, i) => i !== index);
    });

  const send = async () => {
    const trimmed = text.trim();
    if (!trimmed) {
      setTextError(FEEDBACK_MESSAGES.textRequired);
      return;
    }
    if (trimmed.length > FEEDBACK_LIMITS.maxTextChars) {
      setTextError(FEEDBACK_MESSAGES.textTooLong);
      return;
    }
    setPhase("sending");
    const outcome = await submit(
      trimmed,
      shots.map((s) => s.blob),
    ).catch((): SubmitOutcome => "failed");
    setPhase(outcome === "failed" ? "failed" : outcome);
  };

  if (phase === "sent" || phase === "queued")
    return (
      <Modal
        title={phase === "sent" ? FEEDBACK_MESSAGES.submitted : "Feedback saved"}
        isOpen={isOpen}
        onClose={close}
        actions={
          <Button onPress={close} testId="feedback-close">
            Close
          </Button>
        }
      >
        <FormNotice tone={phase === "sent" ? "success" : "info"} testId="feedback-result">
          {phase === "sent" ? FEEDBACK_MESSAGES.thanks : FEEDBACK_MESSAGES.queued}
        </FormNotice>
      </Modal>
    );

  const busy = phase === "sending" || preparing;
  return (
    <Modal
      title={FEEDBACK_TITLE}
      isOpen={isOpen}
      onClose={close}
      dismissable={phase !== "sending"}
      actions={
        <CancelConfirm
          onCancel={close}
          onConfirm={() => void send()}
          confirmLabel={phase === "sending" ? "Sending…" : "Send feedback"}
          disabled={busy}
          cancelDisabled={phase === "sending"}
          testId="feedback-send"
        />
      }
    >
      <div className="space-y-4">
        <FormField label="Feedback" error={textError}>
          {(control) => (
            <textarea
              {...control}
              name="feedback"
              required
              aria-required
              rows={5}
              maxLength={FEEDBACK_LIMITS.maxTextChars}
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setTextError(undefined);
              }}
            />
          )}
        </FormField>
        <FormField label="Attach screenshots" error={shotError} description={SCREENSHOT_HINT}>
          {(control) => (
            <input
              {...control}
              type="file"
              name="screenshots[]"
              accept="image/png,image/jpeg,image/webp"
              multiple
              disabled={busy || shots.length >= FEEDBACK_LIMITS.maxScreenshots}
              className={`${control.className} ${FILE_BUTTON_CLASS}`}
              onChange={(e) => void onFiles(e)}
            />
          )}
        </FormField>
        {shots.length > 0 ? (
          <ul className="flex flex-wrap gap-4 pt-2" aria-label="Attached screenshots" data-testid="feedback-shots">
            {shots.map((shot, i) => (
              <li key={shot.url} className="relative">
                <img
                  src={shot.url}
                  alt={shot.name}
                  className="h-20 w-20 rounded-md border border-slate-200 object-cover"
                />
                {/* 44 px to tap; the round mark drawn inside it stays small over the thumbnail. */}
                <button
                  type="button"
                  onClick={() => remove(i)}
                  aria-label={`Remove ${shot.name}`}
                  className="absolute -right-4 -top-4 flex h-11 w-11 items-center justify-center rounded-full"
                >
                  <span
                    aria-hidden
                    className="flex h-7 w-7 items-center justify-center rounded-full bg-neutral-800 text-sm text-white ring-2 ring-surface"
                  >
                    ×
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {shots.length > 0 ? (
          <p className="text-sm text-slate-600" data-testid="feedback-shot-count">
            {shots.length} of {FEEDBACK_LIMITS.maxScreenshots} screenshots attached
          </p>
        ) : null}
        {preparing ? <p className="text-sm text-slate-600">Preparing screenshots…</p> : null}
        {phase === "failed" ? (
          <FormNotice tone="error" testId="feedback-failed">
            {FEEDBACK_MESSAGES.failed}
          </FormNotice>
        ) : null}
      </div>
    </Modal>
  );
}
