/**
 * Registration (spec accounts 2, 4, 8): fetches the form (token, schools, exams), posts it, and
 * shows the server's refusal as an 'Error' notification with its messages one per line (and by
 * the fields), or the reply's message with the way back to sign in.
 */

import type { AccountFormReply, RegistrationFormReply } from "@preflight/sync-protocol/schemas/accounts";
import { useCallback, useEffect, useState } from "react";
import { useErrorNotice } from "../../app/error-notice.ts";
import { failureText, serverFieldErrors } from "../../local/form-errors.ts";
import { Button } from "../../ui/Button.tsx";
import { AppLink, FormNotice, PageHeading } from "../../ui/FormField.tsx";
import { LoadFailed, Loading } from "./parts.tsx";
import { RegisterForm } from "./RegisterForm.tsx";
import { loadRegistrationForm, postRegistration } from "./replies.ts";

type State =
  | { kind: "loading" }
  | { kind: "failed"; text: string }
  | { kind: "ready"; form: RegistrationFormReply }
  | { kind: "registered"; reply: AccountFormReply; email: string };

export function RegisterPage({ go }: { go: (href: string) => void }) {
  const showError = useErrorNotice();
  const [state, setState] = useState<State>({ kind: "loading" });

  const load = useCallback(async () => {
    setState({ kind: "loading" });
    try {
      setState({ kind: "ready", form: await loadRegistrationForm() });
    } catch (err) {
      setState({ kind: "failed", text: failureText(err) });
    }
  }, []);
  useEffect(() => void load(), [load]);

  const submit = async (fields: Record<string, string>) => {
    try {
      const reply = await postRegistration(fields);
      setState({ kind: "registered", reply, email: fields.email?.trim() ?? "" });
      return {};
    } catch (err) {
      showError(err);
      return serverFieldErrors(err);
    }
  };

  return (
    <>
      <PageHeading title="Register">
        {state.kind === "registered" ? null : "Create your account. We will e-mail you a link to activate it."}
      </PageHeading>
      {state.kind === "loading" ? <Loading /> : null}
      {state.kind === "failed" ? (
        <LoadFailed text={state.text} onRetry={() => void load()} onBack={() => go("/login")} />
      ) : null}
      {state.kind === "ready" ? <RegisterForm form={state.form} onSubmit={submit} onBack={() => go("/login")} /> : null}
      {state.kind === "registered" ? (
        <div className="space-y-4">
          <FormNotice tone="success" testId="register-done">
            {state.reply.message}
          </FormNotice>
          <p className="text-sm text-slate-600">
            No e-mail after a few minutes? Look in your spam folder, or{" "}
            <AppLink href={`/register/resend?email=${encodeURIComponent(state.email)}`} go={go}>
              send the activation link again
            </AppLink>
            .
          </p>
          <Button onPress={() => go("/login")} className="w-full">
            Back to sign in
          </Button>
        </div>
      ) : null}
    </>
  );
}
