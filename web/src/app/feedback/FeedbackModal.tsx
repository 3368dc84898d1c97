/**
 * GIVE FEEDBACK (spec accounts §1, §7, §8): the feedback text (required) and screenshots,
 * scaled down on this device before they are sent. Sent at once when online; given offline it
 * waits on the device and is sent when the network returns.
 */
import { FEEDBACK_LIMITS, FEEDBACK_MESSAGES } from "@preflight/sync-protocol/schemas/feedback";
import { useId, useRef, useState } from "react";
import { FileTrigger } from "react-aria-components";
import { Button } from "../../ui/Button.tsx";
import { FieldErrorText, FormNotice, TextAreaField } from "../../ui/FormField.tsx";
import { CancelConfirm, Modal } from "../../ui/Modal.tsx";

export type SubmitOutcome = "sent" | "queued" | "failed";

type Phase = "editing" | "sending" | SubmitOutcome;

export const FEEDBACK_TITLE = "GIVE FEEDBACK";
export const SCREENSHOT_HINT = `Up to ${FEEDBACK_LIMITS.maxScreenshots} images. Each is made smaller on this device (at most ${FEEDBACK_LIMITS.maxLongSide} px, ${FEEDBACK_LIMITS.maxScreenshotBytes / 1024 / 1024} MB) before it is sent.`;

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

  // The picker's own (hidden) input, emptied after each choice so the same file can be chosen again.
  const fileInput = useRef<HTMLInputElement>(null);
  const shotsId = useId();
  const onFiles = async (list: FileList | null) => {
    const files = [...(list ?? [])];
    if (fileInput.current) fileInput.current.value = "";
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
        <TextAreaField
          label="Feedback"
          error={textError}
          name="feedback"
          required
          aria-required
          rows={5}
          maxLength={FEEDBACK_LIMITS.maxTextChars}
          value={text}
          onChange={(value) => {
            setText(value);
            setTextError(undefined);
          }}
        />
        {/* The picker's own input is hidden (tests set files on it by its test id); the button opens it. */}
        <div>
          <FileTrigger
            ref={fileInput}
            data-testid="feedback-screenshots-input"
            acceptedFileTypes={["image/png", "image/jpeg", "image/webp"]}
            allowsMultiple
            onSelect={(list) => void onFiles(list)}
          >
            <Button
              variant="secondary"
              disabled={busy || shots.length >= FEEDBACK_LIMITS.maxScreenshots}
              aria-describedby={shotError ? `${shotsId}-hint ${shotsId}-error` : `${shotsId}-hint`}
              testId="feedback-attach"
            >
              Attach screenshots
            </Button>
          </FileTrigger>
          <div id={`${shotsId}-hint`} className="mt-1 text-sm text-slate-600">
            {SCREENSHOT_HINT}
          </div>
          {shotError ? <FieldErrorText id={`${shotsId}-error`}>{shotError}</FieldErrorText> : null}
        </div>
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
                <Button
                  variant="plain"
                  onPress={() => remove(i)}
                  ariaLabel={`Remove ${shot.name}`}
                  className="absolute -right-4 -top-4 flex h-11 w-11 items-center justify-center rounded-full"
                >
                  <span
                    aria-hidden
                    className="flex h-7 w-7 items-center justify-center rounded-full bg-neutral-800 text-sm text-white ring-2 ring-surface"
                  >
                    ×
                  </span>
                </Button>
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
