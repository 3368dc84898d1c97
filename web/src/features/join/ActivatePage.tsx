/**
 * The activation link's page: opening the link changes nothing (a mail scanner may follow it);
 * the student presses Activate, which posts the token. Success says so and goes to sign in
 * after 2 s; an invalid or used link says so and offers the resend form.
 */

import { ACCOUNT_MESSAGES } from "@preflight/sync-protocol/rules/account-messages";
import { RESET_REDIRECT_DELAY_MS } from "@preflight/sync-protocol/schemas/accounts";
import { failureText, isRefusal } from "../../local/form-errors.ts";
import { Button, buttonClass } from "../../ui/Button.tsx";
import { ConfirmByPress } from "../../ui/ConfirmByPress.tsx";
import type { UiClock } from "../../ui/clock.ts";
import { AppLink, appPath } from "../../ui/FormField.tsx";
import { useSnackbar } from "../../ui/snackbar/context.ts";
import { activateAccount } from "./replies.ts";

/** Activated: on to sign in after the same 2 s as a reset (spec accounts 9). */
export const ACTIVATED_REDIRECT_DELAY_MS = RESET_REDIRECT_DELAY_MS;

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

  const activate = async (token: string) => {
    const reply = await activateAccount(token);
    notify({ type: "success", title: "Success", text: reply.message });
    return { message: reply.message, next: appPath(reply.redirect) };
  };

  return (
    <ConfirmByPress
      title="Activate your account"
      intro="Press Activate to finish creating your account. You can then sign in."
      pressLabel="Activate"
      busyLabel="Activating…"
      testId="activate"
      token={token}
      confirm={activate}
      missingText={ACCOUNT_MESSAGES.activationInvalid}
      // A refused token is spent or wrong: offer the resend. No connection or a server fault: try again.
      failure={(err) => ({ text: failureText(err), final: isRefusal(err) })}
      failedActions={
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          <Button variant="secondary" onPress={() => go("/login")}>
            Back
          </Button>
          <AppLink href="/register/resend" go={go} className={buttonClass("primary")}>
            Resend Activation Link
          </AppLink>
        </div>
      }
      go={go}
      clock={clock}
      redirectDelayMs={ACTIVATED_REDIRECT_DELAY_MS}
      browserFocusRing
    />
  );
}
