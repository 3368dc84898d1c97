/**
 * The e-mail change's confirmation link (issue 12): opening the link changes nothing (a mail
 * scanner may follow it); the student presses the button, which posts the token. Success says
 * the server's message and goes to sign in after 2 s (the change ends every session, so the
 * student signs in with the new address); an invalid or used link says so.
 */
import { ACCOUNT_MESSAGES } from "@preflight/sync-protocol/rules/account-messages";
import { confirmEmailChange, EMAIL_CONFIRM_REDIRECT_DELAY_MS } from "../../local/actions/email-change.ts";
import { NetworkError } from "../../local/api.ts";
import { isRefusal } from "../../local/form-errors.ts";
import { ConfirmByPress } from "../../ui/ConfirmByPress.tsx";
import type { UiClock } from "../../ui/clock.ts";
import { AppLink } from "../../ui/FormField.tsx";

export const EMAIL_CONFIRM_TITLE = "Confirm your new e-mail address";

/**
 * Unlike the joining pages' failureText, any error's own message is shown: a token too short to
 * send is refused on the device with ACCOUNT_MESSAGES.emailChangeInvalid (a ProfileInputError).
 */
function failureText(err: unknown): string {
  if (err instanceof NetworkError) return ACCOUNT_MESSAGES.needsConnection;
  if (err instanceof Error) return err.message;
  return String(err);
}

async function confirm(token: string) {
  const reply = await confirmEmailChange(token);
  return { message: reply.message, next: reply.redirect.startsWith("/") ? reply.redirect : "/login" };
}

export function EmailConfirmPage({
  token,
  go,
  clock,
}: {
  token: string | undefined;
  go: (href: string) => void;
  clock?: UiClock;
}) {
  return (
    <ConfirmByPress
      title={EMAIL_CONFIRM_TITLE}
      intro="Press Confirm to make this your account's e-mail address. You will then sign in with it."
      pressLabel="Confirm"
      busyLabel="Confirming…"
      testId="email-confirm"
      token={token}
      confirm={confirm}
      missingText={ACCOUNT_MESSAGES.emailChangeInvalid}
      // A refused token is spent, expired or wrong; no connection or a server fault: try again.
      failure={(err) => ({ text: failureText(err), final: isRefusal(err) })}
      failedActions={
        <AppLink href="/login" go={go}>
          Go to sign in
        </AppLink>
      }
      go={go}
      clock={clock}
      redirectDelayMs={EMAIL_CONFIRM_REDIRECT_DELAY_MS}
    />
  );
}
