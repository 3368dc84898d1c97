/**
 * The reset password form (spec accounts 2, 5): the token field in the offline variant only (the
 * code the mail carried; online the link's token rides along unseen), the e-mail labelled
 * 'Username' online and 'E-mail' offline, password and password_confirmation, Back and 'Reset
 * Password'. Checked with the shared passwordResetSchema before `onSubmit` posts it.
 */
import { passwordResetSchema, RESET_CODE_LENGTH } from "@preflight/sync-protocol/schemas/accounts";
import { type FormEvent, type ReactNode, useState } from "react";
import {
  EmailField,
  type FieldErrors,
  FormButtons,
  FormNotice,
  PasswordPair,
  passwordFormErrors,
  TextField,
  useFormErrors,
} from "../../ui/FormField.tsx";
import type { PasswordResetPost } from "./replies.ts";

type Values = PasswordResetPost;

/** The schema's messages, plus a mismatch the schema only reports once every other field passes. */
export function checkPasswordReset(values: Values): FieldErrors {
  return passwordFormErrors(passwordResetSchema, values);
}

export function ResetPasswordForm({
  offline,
  token,
  email,
  onSubmit,
  onBack,
  done,
  tokenRefusedAction,
}: {
  offline: boolean;
  /** The link's token (online); offline the student types the mailed code. */
  token?: string | undefined;
  email?: string | undefined;
  /** Posts the fields; resolves to the fields the server refused (empty when it accepted them). */
  onSubmit: (payload: PasswordResetPost) => Promise<FieldErrors>;
  onBack: () => void;
  /** The password was reset: the form waits for the redirect. */
  done?: boolean;
  /** Online, beside a refused link token: the way to a new link. */
  tokenRefusedAction?: ReactNode;
}) {
  const [values, setValues] = useState<Values>({
    token: offline ? "" : (token ?? ""),
    email: email ?? "",
    password: "",
    password_confirmation: "",
  });
  const { formRef, errors, showErrors, clearError } = useFormErrors();
  const [busy, setBusy] = useState(false);

  const set = (field: keyof Values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: field === "token" ? value.toUpperCase() : value }));
    clearError(field);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || done) return;
    const found = checkPasswordReset(values);
    if (Object.keys(found).length > 0) return showErrors(found);
    setBusy(true);
    try {
      const refused = await onSubmit({ ...values, token: values.token.trim(), email: values.email.trim() });
      if (Object.keys(refused).length > 0) showErrors(refused);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={formRef} noValidate onSubmit={(e) => void submit(e)} className="space-y-4" data-testid="reset-form">
      {!offline && errors.token ? (
        <FormNotice tone="error">
          {errors.token} {tokenRefusedAction}
        </FormNotice>
      ) : null}
      {offline ? (
        <TextField
          label="Token"
          name="token"
          description={`The ${RESET_CODE_LENGTH}-character code in the e-mail we sent you.`}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          aria-required
          value={values.token}
          onChange={set("token")}
          error={errors.token}
          className="[&_input]:font-mono [&_input]:tracking-widest"
        />
      ) : (
        <input type="hidden" name="token" value={values.token} />
      )}
      <EmailField
        label={offline ? "E-mail" : "Username"}
        autoComplete="username"
        value={values.email}
        onChange={set("email")}
        error={errors.email}
      />
      <PasswordPair values={values} set={set} errors={errors} confirmLabel="Confirm Password" />
      <FormButtons
        onBack={onBack}
        submitLabel="Reset Password"
        busy={busy || Boolean(done)}
        busyLabel={busy ? "Resetting…" : undefined}
        submitTestId="reset-submit"
      />
    </form>
  );
}
