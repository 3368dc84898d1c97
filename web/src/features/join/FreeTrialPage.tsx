/**
 * The free trial (spec accounts 2, 4, 8): fetches the form (token, licence types, email
 * preferences), posts it, and on success says 'You may now sign in …' and goes to sign in
 * after 5 s; a refusal shows as an 'Error' notification (and by the fields).
 */
import { ACCOUNT_MESSAGES } from "@preflight/sync-protocol/rules/account-messages";
import {
  FREE_TRIAL_DAYS,
  FREE_TRIAL_REDIRECT_DELAY_MS,
  type FreeTrialFormReply,
} from "@preflight/sync-protocol/schemas/accounts";
import { useCallback, useEffect, useState } from "react";
import { useErrorNotice } from "../../app/error-notice.ts";
import { failureText, serverFieldErrors } from "../../local/form-errors.ts";
import type { UiClock } from "../../ui/clock.ts";
import { AppLink, PageHeading, SignInRedirectNotice } from "../../ui/FormField.tsx";
import { useLater } from "../../ui/useLater.ts";
import { FreeTrialForm } from "./FreeTrialForm.tsx";
import { LoadFailed, Loading } from "./parts.tsx";
import { type FreeTrialPost, loadFreeTrialForm, postFreeTrial } from "./replies.ts";

type State =
  | { kind: "loading" }
  | { kind: "failed"; text: string }
  | { kind: "ready"; form: FreeTrialFormReply }
  | { kind: "done" };

export function FreeTrialPage({ go, clock }: { go: (href: string) => void; clock?: UiClock }) {
  const showError = useErrorNotice();
  const later = useLater(clock);
  const [state, setState] = useState<State>({ kind: "loading" });

  const load = useCallback(async () => {
    setState({ kind: "loading" });
    try {
      setState({ kind: "ready", form: await loadFreeTrialForm() });
    } catch (err) {
      setState({ kind: "failed", text: failureText(err) });
    }
  }, []);
  useEffect(() => void load(), [load]);

  const submit = async (payload: FreeTrialPost) => {
    try {
      await postFreeTrial(payload);
      setState({ kind: "done" });
      later(() => go("/login"), FREE_TRIAL_REDIRECT_DELAY_MS);
      return {};
    } catch (err) {
      showError(err);
      return serverFieldErrors(err);
    }
  };

  return (
    <>
      <PageHeading title="Free trial">
        {state.kind === "done"
          ? null
          : `Try the question bank free for ${FREE_TRIAL_DAYS} days: no payment details needed.`}
      </PageHeading>
      {state.kind === "loading" ? <Loading /> : null}
      {state.kind === "failed" ? (
        <LoadFailed text={state.text} onRetry={() => void load()} onBack={() => go("/login")} />
      ) : null}
      {state.kind === "ready" ? (
        <>
          <FreeTrialForm form={state.form} onSubmit={submit} go={go} />
          <p className="mt-4 text-center text-sm text-slate-600">
            Already have an account?{" "}
            <AppLink href="/login" go={go}>
              Sign in
            </AppLink>
          </p>
        </>
      ) : null}
      {state.kind === "done" ? (
        <SignInRedirectNotice message={ACCOUNT_MESSAGES.freeTrialSuccess} go={go} testId="free-trial-done" />
      ) : null}
    </>
  );
}
