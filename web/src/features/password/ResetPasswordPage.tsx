/**
 * Reset password (spec accounts 2, 4, 7, 8): posts the form; success shows the reply's message
 * as a Success notification and goes to the reply's redirect (after 2 s, so it can be read);
 * a refusal shows the server's message in an 'Error' notification. Online, a page opened
 * without the link's token says the link is invalid and offers a new one.
 */

import { ACCOUNT_MESSAGES } from "@preflight/sync-protocol/rules/account-messages";
import { RESET_REDIRECT_DELAY_MS } from "@preflight/sync-protocol/schemas/accounts";
import { useState } from "react";
import { useErrorNotice } from "../../app/error-notice.ts";
import { serverFieldErrors } from "../../local/form-errors.ts";
import { buttonClass } from "../../ui/Button.tsx";
import type { UiClock } from "../../ui/clock.ts";
import { AppLink, appPath, FormNotice, PageHeading } from "../../ui/FormField.tsx";
import { useSnackbar } from "../../ui/snackbar/context.ts";
import { useLater } from "../../ui/useLater.ts";
import { ResetPasswordForm } from "./ResetPasswordForm.tsx";
import { type PasswordResetPost, resetPassword } from "./replies.ts";

export function ResetPasswordPage({
  offline,
  token,
  email,
  go,
  clock,
}: {
  offline: boolean;
  token?: string | undefined;
  email?: string | undefined;
  go: (href: string) => void;
  clock?: UiClock;
}) {
  const { notify } = useSnackbar();
  const showError = useErrorNotice();
  const later = useLater(clock);
  const [done, setDone] = useState(false);

  const submit = async (payload: PasswordResetPost) => {
    try {
      const reply = await resetPassword(payload);
      setDone(true);
      notify({ type: "success", title: "Success", text: reply.message });
      later(() => go(appPath(reply.redirect)), RESET_REDIRECT_DELAY_MS);
      return {};
    } catch (err) {
      showError(err);
      return serverFieldErrors(err);
    }
  };

  const forgotHref = `/password/forgot${offline ? "?offline=1" : ""}`;
  return (
    <>
      <PageHeading title="Reset password">
        {offline
          ? "Type the code we e-mailed you and choose a new password."
          : token
            ? "Choose a new password for your account."
            : null}
      </PageHeading>
      {!offline && !token ? (
        <div className="space-y-4">
          <FormNotice tone="error" testId="reset-invalid">
            {ACCOUNT_MESSAGES.resetInvalid}
          </FormNotice>
          <AppLink href={forgotHref} go={go} className={buttonClass("primary", "w-full")}>
            Ask for a new link
          </AppLink>
        </div>
      ) : (
        <ResetPasswordForm
          offline={offline}
          token={token}
          email={email}
          onSubmit={submit}
          onBack={() => go("/login")}
          done={done}
          tokenRefusedAction={
            <AppLink href={forgotHref} go={go} className="font-medium text-red-900 underline">
              Ask for a new link
            </AppLink>
          }
        />
      )}
      {offline && !done ? (
        <p className="mt-4 text-center text-sm text-slate-600">
          No code?{" "}
          <AppLink href={forgotHref} go={go}>
            Send another
          </AppLink>
        </p>
      ) : null}
    </>
  );
}
