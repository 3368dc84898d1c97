/**
 * A page that follows a mailed link's token (account activation, an e-mail change): opening the
 * link changes nothing, since a mail scanner may follow it; the student presses the button,
 * which calls `confirm` with the link's token. Success shows the reply's message and goes to
 * `next` after `redirectDelayMs`; a refusal (a spent or wrong token) says so and offers
 * `failedActions`; any other failure (no connection, a server fault) says so above the button
 * for another try.
 *
 * Pure: the call, the texts and what a failure means come from the page. Test ids derive from
 * `testId`: the button, `-error` (another try), `-done`, `-failed`.
 */
import { type ReactNode, useState } from "react";
import { Button } from "./Button.tsx";
import type { UiClock } from "./clock.ts";
import { FormNotice, PageHeading, SignInRedirectNotice } from "./FormField.tsx";
import { useLater } from "./useLater.ts";

/** What a failed `confirm` means: its text, and whether pressing again could help. */
export interface PressFailure {
  text: string;
  /** The token was refused: no button, `failedActions` instead. */
  final: boolean;
}

type State =
  | { kind: "idle"; error?: string }
  | { kind: "busy" }
  | { kind: "done"; message: string; next: string }
  | { kind: "failed"; text: string };

const PRESS_CLASS =
  "min-h-11 w-full rounded-md bg-primary px-4 py-2 text-sm font-medium text-white hover:bg-primary-hover disabled:opacity-60";
const FOCUS_RING_CLASS = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500";

export function ConfirmByPress({
  title,
  intro,
  pressLabel,
  busyLabel,
  testId,
  token,
  confirm,
  missingText,
  failure,
  failedActions,
  go,
  clock,
  redirectDelayMs,
  browserFocusRing = false,
}: {
  title: string;
  /** Said until the press succeeds or fails for good. */
  intro: ReactNode;
  pressLabel: string;
  busyLabel: string;
  testId: string;
  /** The link's token; a link without one says `missingText` at once. */
  token: string | undefined;
  /** Posts the token; resolves to the reply's message and where to go next. */
  confirm: (token: string) => Promise<{ message: string; next: string }>;
  missingText: string;
  failure: (err: unknown) => PressFailure;
  failedActions: ReactNode;
  go: (href: string) => void;
  clock?: UiClock | undefined;
  redirectDelayMs: number;
  /** Keep the browser's own focus ring on the button instead of the brand one the account forms use. */
  browserFocusRing?: boolean;
}) {
  const later = useLater(clock);
  const [state, setState] = useState<State>(token ? { kind: "idle" } : { kind: "failed", text: missingText });

  const press = async () => {
    if (!token) return;
    setState({ kind: "busy" });
    try {
      const { message, next } = await confirm(token);
      setState({ kind: "done", message, next });
      later(() => go(next), redirectDelayMs);
    } catch (err) {
      const { text, final } = failure(err);
      setState(final ? { kind: "failed", text } : { kind: "idle", error: text });
    }
  };

  const waiting = state.kind === "idle" || state.kind === "busy";
  return (
    <>
      <PageHeading title={title}>{waiting ? intro : null}</PageHeading>
      {state.kind === "idle" && state.error ? (
        <div className="mb-4">
          <FormNotice tone="error" testId={`${testId}-error`}>
            {state.error}
          </FormNotice>
        </div>
      ) : null}
      {waiting ? (
        <Button
          variant="plain"
          onPress={() => void press()}
          disabled={state.kind === "busy"}
          className={browserFocusRing ? PRESS_CLASS : `${PRESS_CLASS} ${FOCUS_RING_CLASS}`}
          testId={testId}
        >
          {state.kind === "busy" ? busyLabel : pressLabel}
        </Button>
      ) : null}
      {state.kind === "done" ? (
        <SignInRedirectNotice message={state.message} href={state.next} go={go} testId={`${testId}-done`} />
      ) : null}
      {state.kind === "failed" ? (
        <div className="space-y-3">
          <FormNotice tone="error" testId={`${testId}-failed`}>
            {state.text}
          </FormNotice>
          {failedActions}
        </div>
      ) : null}
    </>
  );
}
