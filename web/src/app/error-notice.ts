/**
 * The one way a screen tells the student that something failed: a danger notification (spec
 * study 8: titled 'Error' unless the screen names the failure) whose text is `failureText` of
 * the error, or the screen's own spec-quoted text.
 *
 * Example: `showError(err, { text: PRACTICE_MESSAGES.startFailed })` after a test could not be
 * created; `showError(err)` after a refused form post shows the server's messages.
 */
import { SUBSCRIPTION_ACCESS_TITLE } from "@preflight/sync-protocol/rules/subscription-access";
import { useCallback } from "react";
import { SubscriptionRequiredError, TestStartRefusedError } from "../local/actions/test.ts";
import { type FailureWording, failureText } from "../local/form-errors.ts";
import { useSnackbar } from "../ui/snackbar/context.ts";

export const ERROR_TITLE = "Error";

export interface ErrorNoticeWording extends FailureWording {
  /** The notification's title; default 'Error'. */
  title?: string;
  /** The screen's own words (a spec-quoted message), said whatever the error. */
  text?: string;
  /** Postpones the notification, in ms (a disabled fixed test's reason shows after 3 s). */
  delay?: number;
}

/** The words of a failure's notification: its title and its text. */
export function errorNotice(err: unknown, wording: ErrorNoticeWording = {}): { title: string; text: string } {
  // A test the device refused to start says why in its own words (no questions, no subscription).
  if (err instanceof TestStartRefusedError)
    return {
      title: err instanceof SubscriptionRequiredError ? SUBSCRIPTION_ACCESS_TITLE : (wording.title ?? ERROR_TITLE),
      text: err.message,
    };
  return { title: wording.title ?? ERROR_TITLE, text: wording.text ?? failureText(err, wording) };
}

/** `showError(err, wording?)`: queues the danger notification for a failure. */
export function useErrorNotice(): (err: unknown, wording?: ErrorNoticeWording) => void {
  const { notify } = useSnackbar();
  return useCallback(
    (err: unknown, wording?: ErrorNoticeWording) =>
      void notify({ type: "danger", ...errorNotice(err, wording), delay: wording?.delay }),
    [notify],
  );
}
