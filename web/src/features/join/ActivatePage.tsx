/**
 * The activation link's page: opening the link changes nothing (a mail scanner may follow it);
 * the student presses Activate, which posts the token. Success says so and goes to sign in
 * after 2 s; an invalid or used link says so and offers the resend form.
 */
import { ACCOUNT_MESSAGES, RESET_REDIRECT_DELAY_MS } from "@preflight/sync-protocol";
import { useState } from "react";
import { ApiCallError } from "../../local/api.ts";
import type { UiClock } from "../../ui/clock.ts";
import { AppLink, appPath, FormNotice, PageHeading } from "../../ui/FormField.tsx";
import { useSnackbar } from "../../ui/snackbar/context.ts";
import { useLater } from "../../ui/useLater.ts";

import { activateAccount, failureText } from "./replies.ts";

/** Activated: on to sign in after the same 2 s as a reset (spec accounts 9). */
export const ACTIVATED_REDIRECT_DELAY_MS = RESET_REDIRECT_DELAY_MS;

type State =
  | { kind: "idle"; error?: string }
  | { kind: "busy" }
  | { kind: "done"; message: string }
  | { kind: "failed"; text: string };

export function ActivatePage({
  token,
  go,
  clock,
}: {
  token: string | undefined;
  go: (href: string) => void;
  clock?: UiClock;
}) {
  const { notify } = useSnackbar();
  const later = useLater(clock);
  const [state, setState] = useState<State>(
    token ? { kind: "idle" } : { kind: "failed", text: ACCOUNT_MESSAGES.activationInvalid },
  );

  const activate = async () => {
    if (!token) return;
    setState({ kind: "busy" });
    try {
      const reply = await activateAccount(token);
      setState({ kind: "done", message: reply.message });
      notify({ type: "success", title: "Success", text: reply.message });
      later(() => go(appPath(reply.redirect)), ACTIVATED_REDIRECT_DELAY_MS);
    } catch (err) {
      // A refused token is spent or wrong: offer the resend. No connection or a server fault: try again.
      const refused = err instanceof ApiCallError && err.status < 500 && err.status !== 429;
      setState(refused ? { kind: "failed", text: failureText(err) } : { kind: "idle", error: failureText(err) });
    }
  };

  return (
    <>
      <PageHeading title="Activate your account">
        {state.kind === "idle" || state.kind === "busy"
          ? "Press Activate to finish creating your account. You can then sign in."
          : null}
      </PageHeading>
      {state.kind === "idle" && state.error ? (
        <div className="mb-4">
          <FormNotice tone="error">{state.error}</FormNotice>
        </div>
      ) : null}
      {state.kind === "idle" || state.kind === "busy" ? (
        <button
          type="button"
          onClick={() => void activate()}
          disabled={state.kind === "busy"}
          className="w-full rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60"
          data-testid="activate"
        >
          {state.kind === "busy" ? "Activating…" : "Activate"}
        </button>
      ) : null}
      {state.kind === "done" ? (
        <div className="space-y-3">
          <FormNotice tone="success" testId="activate-done">
            {state.message}
          </FormNotice>
          <p className="text-sm text-slate-600">
            Taking you to{" "}
            <AppLink href="/login" go={go}>
              sign in
            </AppLink>
            …
          </p>
        </div>
      ) : null}
      {state.kind === "failed" ? (
        <div className="space-y-3">
          <FormNotice tone="error" testId="activate-failed">
            {state.text}
          </FormNotice>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
            <button
              type="button"
              onClick={() => go("/login")}
              className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
            >
              Back
            </button>
            <AppLink
              href="/register/resend"
              go={go}
              className="rounded-md bg-brand-600 px-4 py-2 text-center text-sm font-medium text-white hover:bg-brand-700"
            >
              Resend Activation Link
            </AppLink>
          </div>
        </div>
      ) : null}
    </>
  );
}
