/**
 * The forgotten password form (spec accounts 2, 4, 5, 7): the e-mail field (required), Back and
 * the submit button. Posts `{email, offline}`; the reply's message shows as a Success
 * notification and its redirect is followed after 2 s. Installed (or with ?offline=1), the mail
 * carries a code and the redirect leads to the reset form's offline variant.
 */
import { passwordEmailSchema, RESET_REDIRECT_DELAY_MS } from "@preflight/sync-protocol/schemas/accounts";
import { type FormEvent, useState } from "react";
import { useErrorNotice } from "../../app/error-notice.ts";
import { serverFieldErrors } from "../../local/form-errors.ts";
import type { UiClock } from "../../ui/clock.ts";
import { appPath, EmailField, FormButtons, fieldErrors, PageHeading, useFormErrors } from "../../ui/FormField.tsx";
import { useSnackbar } from "../../ui/snackbar/context.ts";
import { useLater } from "../../ui/useLater.ts";
import { requestPasswordReset } from "./replies.ts";

export function ForgotPasswordPage({
  offline,
  email: initialEmail,
  go,
  clock,
}: {
  /** The installed app's variant: a code by mail instead of a link. */
  offline: boolean;
  email?: string;
  go: (href: string) => void;
  clock?: UiClock;
}) {
  const { notify } = useSnackbar();
  const showError = useErrorNotice();
  const later = useLater(clock);
  const [email, setEmail] = useState(initialEmail ?? "");
  const { formRef, errors, showErrors, clearError } = useFormErrors();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || sent) return;
    const parsed = passwordEmailSchema.safeParse({ email, offline });
    if (!parsed.success) return showErrors(fieldErrors(parsed.error));
    setBusy(true);
    try {
      const reply = await requestPasswordReset(parsed.data.email, parsed.data.offline);
      setSent(true);
      notify({ type: "success", title: "Success", text: reply.message });
      later(() => go(appPath(reply.redirect)), RESET_REDIRECT_DELAY_MS);
    } catch (err) {
      showError(err);
      const refused = serverFieldErrors(err);
      if (Object.keys(refused).length > 0) showErrors(refused);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeading title="Forgotten password">
        {offline
          ? "Enter your e-mail address and we will e-mail you a code to reset your password in the app."
          : "Enter your e-mail address and we will e-mail you a link to reset your password."}
      </PageHeading>
      <form ref={formRef} noValidate onSubmit={(e) => void submit(e)} className="space-y-4" data-testid="forgot-form">
        <EmailField
          label="E-mail"
          autoComplete="username"
          value={email}
          onChange={(value) => {
            setEmail(value);
            clearError("email");
          }}
          error={errors.email}
        />
        <FormButtons
          onBack={() => go("/login")}
          submitLabel={offline ? "Send Password Reset Code" : "Send Password Reset Link"}
          busy={busy || sent}
          busyLabel={busy ? "Sending…" : undefined}
          submitTestId="forgot-submit"
        />
      </form>
    </>
  );
}
