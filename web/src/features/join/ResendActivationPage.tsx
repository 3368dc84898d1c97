/**
 * The resend activation form (spec accounts 2): E-Mail Address, Back (to /login) and 'Resend
 * Activation Link'. The reply says the same whether or not the address waits for activation;
 * a second request within a minute is refused with its own message.
 */
import { resendActivationSchema } from "@preflight/sync-protocol/schemas/accounts";
import { type FormEvent, useState } from "react";
import { failureText, serverFieldErrors } from "../../local/form-errors.ts";
import { EmailField, FormButtons, FormNotice, fieldErrors, PageHeading, useFormErrors } from "../../ui/FormField.tsx";
import { resendActivation } from "./replies.ts";

export function ResendActivationPage({ email: initialEmail, go }: { email?: string; go: (href: string) => void }) {
  const [email, setEmail] = useState(initialEmail ?? "");
  const { formRef, errors, showErrors, clearError } = useFormErrors();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: "success" | "error"; text: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setOutcome(null);
    const parsed = resendActivationSchema.safeParse({ email });
    if (!parsed.success) return showErrors(fieldErrors(parsed.error));
    setBusy(true);
    try {
      const reply = await resendActivation(parsed.data.email);
      setOutcome({ tone: "success", text: reply.message });
    } catch (err) {
      const refused = serverFieldErrors(err);
      if (Object.keys(refused).length > 0) showErrors(refused);
      else setOutcome({ tone: "error", text: failureText(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeading title="Resend activation link">
        Enter the address you registered with and we will send you a new activation link.
      </PageHeading>
      <form ref={formRef} noValidate onSubmit={(e) => void submit(e)} className="space-y-4" data-testid="resend-form">
        {outcome ? (
          <FormNotice tone={outcome.tone} testId="resend-outcome">
            {outcome.text}
          </FormNotice>
        ) : null}
        <EmailField
          label="E-Mail Address"
          value={email}
          onChange={(value) => {
            setEmail(value);
            clearError("email");
          }}
          error={errors.email}
        />
        <FormButtons
          onBack={() => go("/login")}
          submitLabel="Resend Activation Link"
          busy={busy}
          busyLabel="Sending…"
          submitTestId="resend-submit"
        />
      </form>
    </>
  );
}
