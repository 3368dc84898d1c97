/**
 * The free trial form (spec accounts 2, 5, 7): First name, Last name, Email, Licence Type, one
 * checkbox per email preference (none ticked until the student ticks it), the privacy text with
 * a link to the email preferences, the hidden `token` and 'Get access'. Checked with the shared
 * freeTrialSchema before `onSubmit` posts the spec's payload.
 */

import { type FreeTrialFormReply, freeTrialSchema } from "@preflight/sync-protocol/schemas/accounts";
import { type FormEvent, useState } from "react";
import { Button } from "../../ui/Button.tsx";
import { Checkbox } from "../../ui/Checkbox.tsx";
import {
  AppLink,
  EmailField,
  type FieldErrors,
  FieldErrorText,
  FormNotice,
  fieldErrors,
  NameFields,
  useFormErrors,
} from "../../ui/FormField.tsx";
import { SelectField } from "../../ui/SelectField.tsx";
import type { FreeTrialPost } from "./replies.ts";

/** Where the privacy text sends a student to change what mail they get (the profile's card). */
export const EMAIL_PREFERENCES_HREF = "/profile#email-preferences";

export function FreeTrialForm({
  form,
  onSubmit,
  go,
}: {
  form: FreeTrialFormReply;
  /** Posts the payload; resolves to the fields the server refused (empty when it accepted them). */
  onSubmit: (payload: FreeTrialPost) => Promise<FieldErrors>;
  go: (href: string) => void;
}) {
  const [values, setValues] = useState({ firstname: "", lastname: "", email: "", licence_type_id: "" });
  const [ticked, setTicked] = useState<number[]>([]);
  const { formRef, errors, showErrors, clearError } = useFormErrors();
  const [busy, setBusy] = useState(false);

  const set = (field: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    clearError(field);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = freeTrialSchema.safeParse({ ...values, token: form.token, emailPreferences: ticked });
    if (!parsed.success) return showErrors(fieldErrors(parsed.error));
    setBusy(true);
    try {
      const refused = await onSubmit(parsed.data);
      if (Object.keys(refused).length > 0) showErrors(refused);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      ref={formRef}
      method="post"
      action="/free-trial"
      noValidate
      onSubmit={(e) => void submit(e)}
      className="space-y-4"
      data-testid="free-trial-form"
    >
      <input type="hidden" name="token" value={form.token} />
      {errors.token ? <FormNotice tone="error">{errors.token}</FormNotice> : null}
      <NameFields values={values} set={set} errors={errors} />
      <EmailField label="Email" value={values.email} onChange={set("email")} error={errors.email} />
      <SelectField
        label="Licence Type"
        error={errors.licence_type_id}
        name="licence_type_id"
        aria-required
        value={values.licence_type_id}
        onChange={set("licence_type_id")}
        data-testid="licence-type-select"
      >
        <option value="">Choose your licence type</option>
        {form.licence_types.map((t) => (
          <option key={t.id} value={t.id}>
            {t.title}
          </option>
        ))}
      </SelectField>
      {form.preferences.length > 0 ? (
        <fieldset aria-describedby={errors.emailPreferences ? "free-trial-preferences-error" : undefined}>
          <legend className="mb-1 text-sm font-medium text-slate-800">Email preferences</legend>
          <p className="mb-1 text-sm text-slate-600">Tick the e-mails you would like from us.</p>
          <div>
            {form.preferences.map((p) => (
              <Checkbox
                key={p.id}
                name="emailPreferences[]"
                value={String(p.id)}
                checked={ticked.includes(p.id)}
                onChange={(on) => setTicked((now) => (on ? [...now, p.id] : now.filter((id) => id !== p.id)))}
                className="py-1"
              >
                {p.text}
              </Checkbox>
            ))}
          </div>
          {errors.emailPreferences ? (
            <FieldErrorText id="free-trial-preferences-error">{errors.emailPreferences}</FieldErrorText>
          ) : null}
        </fieldset>
      ) : null}
      <p className="text-sm text-slate-600" data-testid="privacy-text">
        We keep your name and e-mail address to run your free trial and send you your login details, as our privacy
        policy explains. We only send the other e-mails you tick above, and you can change them at any time in your{" "}
        <AppLink href={EMAIL_PREFERENCES_HREF} go={go}>
          email preferences
        </AppLink>
        .
      </p>
      <Button type="submit" disabled={busy} className="w-full" testId="free-trial-submit">
        {busy ? "Please wait…" : "Get access"}
      </Button>
    </form>
  );
}
