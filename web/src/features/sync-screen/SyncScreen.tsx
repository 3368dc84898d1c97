import { PULL_STEPS } from "@preflight/sync-protocol/schemas/pull";
import { useNavigate } from "@tanstack/react-router";
import { useCallback } from "react";
import { useSignedIn } from "../../app/session-context.tsx";
import { signOut } from "../../local/account/session.ts";
import type { StepState } from "../../local/pull/steps/runner.ts";
import { Button } from "../../ui/Button.tsx";
import { ErrorNotice } from "../../ui/ErrorNotice.tsx";
import { Page } from "../../ui/Page.tsx";
import { STATE_LABELS, STEP_LABELS, SYNC_SCREEN_MESSAGES } from "./messages.ts";
import { useSyncScreen } from "./useSyncScreen.ts";

/** The post-login sync screen: the four steps of the spec, one row each. */
export function SyncScreen() {
  const { scope } = useSignedIn();
  const navigate = useNavigate();
  const toDashboard = useCallback(() => void navigate({ to: "/dashboard" }), [navigate]);
  const signOutNow = useCallback(() => {
    void signOut().then(() => navigate({ to: "/login", ignoreBlocker: true }));
  }, [navigate]);
  const { rows, phase, signOutIn, retry } = useSyncScreen(scope.db, { onComplete: toDashboard, onSignOut: signOutNow });

  return (
    <Page
      title={SYNC_SCREEN_MESSAGES.title}
      titleId="sync-screen-title"
      description={SYNC_SCREEN_MESSAGES.intro}
      width="narrow"
      busy={phase === "waiting" || phase === "running"}
    >
      <section
        className="rounded-xl bg-surface p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
        aria-labelledby="sync-screen-title"
        data-testid="sync-screen"
        data-phase={phase}
      >
        <ol className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
          {PULL_STEPS.map((step) => (
            <li
              key={step}
              className="flex items-center justify-between gap-4 px-4 py-3"
              data-testid={`sync-step-${step}`}
              data-state={rows[step]}
            >
              <span className="flex items-center gap-3 font-medium text-slate-800">
                <StateIcon state={rows[step]} />
                {STEP_LABELS[step]}
              </span>
              <span className={`text-sm ${STATE_TONES[rows[step]]}`}>{STATE_LABELS[rows[step]]}</span>
            </li>
          ))}
        </ol>
        <div className="mt-5 min-h-12" aria-live="polite">
          {phase === "complete" ? (
            <p
              className="rounded-md bg-emerald-50 px-3 py-2 font-medium text-emerald-800"
              role="status"
              data-testid="sync-complete"
            >
              {SYNC_SCREEN_MESSAGES.complete}
            </p>
          ) : null}
          {phase === "failed" ? (
            <ErrorNotice className="space-y-1 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
              <p data-testid="sync-error">{SYNC_SCREEN_MESSAGES.failed}</p>
              <p className="text-red-700" data-testid="sync-sign-out">
                {SYNC_SCREEN_MESSAGES.signingOut(signOutIn)}
              </p>
            </ErrorNotice>
          ) : null}
          {phase === "offline" ? (
            <div className="space-y-3">
              <p
                className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900"
                role="status"
                data-testid="sync-offline"
              >
                {SYNC_SCREEN_MESSAGES.offline}
              </p>
              <div className="flex flex-wrap gap-3">
                <Button onPress={toDashboard} testId="sync-continue">
                  Continue to dashboard
                </Button>
                <Button onPress={retry} variant="secondary" testId="sync-retry">
                  Try again
                </Button>
              </div>
            </div>
          ) : null}
        </div>
      </section>
    </Page>
  );
}

const STATE_TONES: Record<StepState, string> = {
  pending: "text-slate-500",
  syncing: "text-sky-700",
  complete: "text-emerald-700",
  failed: "font-medium text-red-700",
};

function StateIcon({ state }: { state: StepState }) {
  if (state === "syncing")
    return (
      <span
        className="inline-block h-5 w-5 animate-spin rounded-full border-2 border-sky-200 border-t-sky-600"
        aria-hidden
      />
    );
  if (state === "complete")
    return (
      <svg viewBox="0 0 20 20" className="h-5 w-5 text-emerald-600" aria-hidden fill="currentColor">
        <path
          fillRule="evenodd"
          d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.7-9.3a1 1 0 0 0-1.4-1.4L9 10.6 7.7 9.3a1 1 0 0 0-1.4 1.4l2 2a1 1 0 0 0 1.4 0l4-4Z"
          clipRule="evenodd"
        />
      </svg>
    );
  if (state === "failed")
    return (
      <svg viewBox="0 0 20 20" className="h-5 w-5 text-red-600" aria-hidden fill="currentColor">
        <path
          fillRule="evenodd"
          d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16ZM8.7 7.3a1 1 0 0 0-1.4 1.4L8.6 10l-1.3 1.3a1 1 0 1 0 1.4 1.4L10 11.4l1.3 1.3a1 1 0 0 0 1.4-1.4L11.4 10l1.3-1.3a1 1 0 0 0-1.4-1.4L10 8.6 8.7 7.3Z"
          clipRule="evenodd"
        />
      </svg>
    );
  return <span className="inline-block h-5 w-5 rounded-full border-2 border-slate-300" aria-hidden />;
}
