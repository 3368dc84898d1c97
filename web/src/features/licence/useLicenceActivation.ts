/**
 * The licence activation form's state and its three calls (spec accounts 2, 5, 7, 8): the key is
 * formatted as it is typed; both fields are required ('Enter a licence key and account number',
 * titled Missing data); then POST licence/validate, licence/activate with this installation's
 * reference, app/activate, and the page follows the reply's redirect. A refused licence is
 * titled Invalid, anything else Error, each with the server's message.
 */
import { formatLicenceKey } from "@preflight/sync-protocol/rules/format";
import {
  accountNumberSchema,
  LICENCE_MESSAGES,
  LICENCE_TITLES,
  licenceKeySchema,
} from "@preflight/sync-protocol/schemas/licence";
import { type FormEvent, useState } from "react";
import { ApiCallError } from "../../local/api.ts";
import { failureText, serverFieldErrors } from "../../local/form-errors.ts";
import { appPath, useFormErrors } from "../../ui/FormField.tsx";
import { useSnackbar } from "../../ui/snackbar/context.ts";
import { activateApp, activateLicence, installReference, validateLicence } from "./queries.ts";

/** The title of a failed activation's notification (spec accounts 8). */
export function failureTitle(err: unknown): string {
  return err instanceof ApiCallError && err.code === "licence_invalid" ? LICENCE_TITLES.invalid : LICENCE_TITLES.error;
}

export function useLicenceActivation(go: (href: string) => void) {
  const { notify } = useSnackbar();
  const { formRef, errors, showErrors, clearError } = useFormErrors();
  const [accountNumber, setAccountNumber] = useState("");
  const [licenceKey, setLicenceKey] = useState("");
  const [busy, setBusy] = useState(false);
  const [leftIncomplete, setLeftIncomplete] = useState(false);

  const typeAccountNumber = (typed: string) => {
    setAccountNumber(typed);
    clearError("account_number");
  };
  const typeLicenceKey = (typed: string) => {
    setLicenceKey(formatLicenceKey(typed));
    setLeftIncomplete(false);
    clearError("licence_key");
  };
  /** Leaving the key half typed says what a key looks like (without taking the focus back). */
  const leaveLicenceKey = () => {
    setLeftIncomplete(licenceKey !== "" && !licenceKeySchema.safeParse(licenceKey).success);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (accountNumber.trim() === "" || licenceKey === "") {
      notify({ type: "danger", title: LICENCE_TITLES.missingData, text: LICENCE_MESSAGES.missingData });
      return;
    }
    const key = licenceKeySchema.safeParse(licenceKey);
    const number = accountNumberSchema.safeParse(accountNumber);
    if (!key.success || !number.success) {
      showErrors({
        ...(key.success ? {} : { licence_key: key.error.issues[0]?.message }),
        ...(number.success ? {} : { account_number: number.error.issues[0]?.message }),
      });
      return;
    }
    setBusy(true);
    try {
      await validateLicence(licenceKey);
      const install = await installReference();
      await activateLicence({ licence_key: licenceKey, install_reference: install, account_number: number.data });
      const reply = await activateApp({ licence_key: licenceKey, install_reference: install });
      go(appPath(reply.redirect));
    } catch (err) {
      const refused = serverFieldErrors(err);
      if (Object.keys(refused).length > 0) showErrors(refused);
      notify({ type: "danger", title: failureTitle(err), text: failureText(err) });
    } finally {
      setBusy(false);
    }
  };

  return {
    formRef,
    errors: leftIncomplete && !errors.licence_key ? { ...errors, licence_key: LICENCE_MESSAGES.keyShape } : errors,
    accountNumber,
    licenceKey,
    busy,
    typeAccountNumber,
    typeLicenceKey,
    leaveLicenceKey,
    submit,
  };
}
