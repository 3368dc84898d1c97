/**
 * The e-mail change's confirmation link (issue 12): opening the link changes nothing (a mail
 * scanner may follow it); the student presses the button, which posts the token. Success says
 * the server's message and goes to sign in after 2 s (the change ends every session, so the
 * student signs in with the new address); an invalid or used link says so.
 */
import { ACCOUNT_MESSAGES } from "@preflight/sync-protocol";
import { useEffect, useState } from "react";
import { confirmEmailChange, EMAIL_CONFIRM_REDIRECT_DELAY_MS } from "../../local/actions/email-change.ts";
import { ApiCallError, NetworkError } from "../../local/api.ts";
import { systemClock, type UiClock } from "../../ui/clock.ts";
import { AppLink, FormNotice } from "../../ui/FormField.tsx";

export const EMAIL_CONFIRM_TITLE = "Confirm your new e-mail address";

type State =
  | { kind: "idle"; error?: string }
  | { kind: "busy" }
  | { kind: "done"; message: string; next: string }
  | { kind: "failed"; text: string };

function failureText(err: unknown): string {
  if (err instanceof NetworkError) return ACCOUNT_MESSAGES.needsConnection;
  if (err instanceof Error) return err.message;
  return String(err);
}

export function EmailConfirmPage({
  token,
  go,
  clock = systemClock,
}: {
  token: string | undefined;
  go: (href: string) => void;
  clock?: UiClock;
}) {
  const [state, setState] = useState<State>(
    token ? { kind: "idle" } : { kind: "failed", text: ACCOUNT_MESSAGES.emailChangeInvalid },
  );

  // Confirmed: on to sign in after 2 s (dropped if the student leaves first).
  useEffect(() => {
    if (state.kind !== "done") return;
    const handle = clock.setTimeout(() => go(state.next), EMAIL_CONFIRM_REDIRECT_DELAY_MS);
    return () => clock.clearTimeout(handle);
  }, [state, clock, go]);

  const confirm = async () => {
    if (!token) return;
    setState({ kind: "busy" });
    try {
      const reply = await confirmEmailChange(token);
      setState({
        kind: "done",
        message: reply.message,
        next: reply.redirect.startsWith("/") ? reply.redirect : "/login",
      });
    } catch (err) {
      // A refused token is spent, expired or wrong; no connection or a server fault: try again.
      const refused = err instanceof ApiCallError && err.status < 500 && err.status !== 429;
      setState(refused ? { kind: "failed", text: failureText(err) } : { kind: "idle", error: failureText(err) });
    }
  };

  return (
    <>
      <div className="mb-5">
        <h1 className="text-lg font-semibold text-slate-900">{EMAIL_CONFIRM_TITLE}</h1>
        {state.kind === "idle" || state.kind === "busy" ? (
          <p className="mt-1 text-sm text-slate-600">
            Press Confirm to make this your account's e-mail address. You will then sign in with it.
          </p>
        ) : null}
      </div>
      {state.kind === "idle" && state.error ? (
        <div className="mb-4">
          <FormNotice tone="error" testId="email-confirm-error">
            {state.error}
          </FormNotice>
        </div>
      ) : null}
      {state.kind === "idle" || state.kind === "busy" ? (
        <button
          type="button"
          onClick={() => void confirm()}
          disabled={state.kind === "busy"}
          className="w-full rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:opacity-60"
          data-testid="email-confirm"
        >
          {state.kind === "busy" ? "Confirming…" : "Confirm"}
        </button>
      ) : null}
      {state.kind === "done" ? (
        <div className="space-y-3">
          <FormNotice tone="success" testId="email-confirm-done">
            {state.message}
          </FormNotice>
          <p className="text-sm text-slate-600">
            Taking you to{" "}
            <AppLink href={state.next} go={go}>
              sign in
            </AppLink>
            …
          </p>
        </div>
      ) : null}
      {state.kind === "failed" ? (
        <div className="space-y-3">
          <FormNotice tone="error" testId="email-confirm-failed">
            {state.text}
          </FormNotice>
          <AppLink href="/login" go={go}>
            Go to sign in
          </AppLink>
        </div>
      ) : null}
    </>
  );
}
