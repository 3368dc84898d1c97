/**
 * The profile page's writes and what it tells the student about them (spec accounts 4, 8):
 *
 * - Update: the password change and the e-mail change go online first (either refused stops
 *   the Update before anything is queued), then the other details are queued. Success says
 *   exactly 'Your profile details have been updated.' (and, for an e-mail change, that a link
 *   is on its way); the page reloads 2 s later.
 * - Email preferences: queued; 'Your email preferences have been updated.'.
 * - A refusal is a danger 'Error' notification, each message on its own line; no connection at
 *   all says ACCOUNT_MESSAGES.needsConnection.
 */
import { PROFILE_MESSAGES } from "@preflight/sync-protocol/rules/account-messages";
import { PROFILE_RELOAD_DELAY_MS } from "@preflight/sync-protocol/schemas/accounts";
import { useCallback, useEffect, useRef } from "react";
import { useErrorNotice } from "../../app/error-notice.ts";
import { useServerErrorNotice } from "../../app/server-error.ts";
import { useSignedIn } from "../../app/session-context.tsx";
import { requestEmailChange } from "../../local/actions/email-change.ts";
import { changePassword, updateEmailPreferences, updateProfile } from "../../local/actions/profile.ts";
import { NetworkError } from "../../local/api.ts";
import { useSnackbar } from "../../ui/snackbar/context.ts";
import type { UpdatePlan } from "./form.ts";

export function useProfileWrites(onReload: () => void) {
  const { scope } = useSignedIn();
  const { notify } = useSnackbar();
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (reloadTimer.current) clearTimeout(reloadTimer.current);
    },
    [],
  );

  const serverError = useServerErrorNotice();
  const showError = useErrorNotice();
  // No connection at all: the one error notice says ACCOUNT_MESSAGES.needsConnection.
  const fail = useCallback(
    (err: unknown) => (err instanceof NetworkError ? showError(err) : serverError(err)),
    [showError, serverError],
  );

  const update = useCallback(
    async (plan: UpdatePlan): Promise<boolean> => {
      let emailMessage: string | null = null;
      try {
        if (plan.passwordChange) await changePassword(scope, plan.passwordChange);
        if (plan.emailChange) emailMessage = (await requestEmailChange(scope, plan.emailChange)).message;
        if (plan.details) await updateProfile(scope, plan.details);
      } catch (err) {
        fail(err);
        return false;
      }
      notify({ type: "success", title: "Success", text: PROFILE_MESSAGES.updated });
      if (emailMessage) notify({ type: "info", title: "Confirm your new e-mail address", text: emailMessage });
      if (reloadTimer.current) clearTimeout(reloadTimer.current);
      reloadTimer.current = setTimeout(onReload, PROFILE_RELOAD_DELAY_MS);
      return true;
    },
    [scope, notify, fail, onReload],
  );

  const savePreferences = useCallback(
    async (ids: number[]) => {
      try {
        await updateEmailPreferences(scope, ids);
        notify({ type: "success", title: "Success", text: PROFILE_MESSAGES.preferencesUpdated });
      } catch (err) {
        fail(err);
      }
    },
    [scope, notify, fail],
  );

  return { update, savePreferences };
}
