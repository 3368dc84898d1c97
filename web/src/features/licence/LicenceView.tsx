/**
 * The licence activation page (spec accounts 2): Account number and Licence key, and Activate.
 * Pure: the state and the calls are useLicenceActivation's.
 */
import type { FormEvent, RefObject } from "react";
import { Button } from "../../ui/Button.tsx";
import { type FieldErrors, PageHeading, TextField } from "../../ui/FormField.tsx";

export interface LicenceViewProps {
  formRef?: RefObject<HTMLFormElement | null>;
  accountNumber: string;
  licenceKey: string;
  errors: FieldErrors;
  busy: boolean;
  onAccountNumber: (typed: string) => void;
  onLicenceKey: (typed: string) => void;
  onLicenceKeyBlur: () => void;
  onSubmit: (event: FormEvent) => void;
}

export function LicenceView(props: LicenceViewProps) {
  return (
    <>
      <PageHeading title="Activate Preflight">
        Enter the account number and the licence key you received with your licence to activate this installation.
      </PageHeading>
      <form ref={props.formRef} noValidate onSubmit={props.onSubmit} className="space-y-4" data-testid="licence-form">
        <TextField
          label="Account number"
          name="account_number"
          inputMode="numeric"
          autoComplete="off"
          aria-required
          value={props.accountNumber}
          onChange={props.onAccountNumber}
          error={props.errors.account_number}
        />
        <TextField
          label="Licence key"
          name="licence_key"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="XXXX-XXXX-XXXX-XXXX"
          maxLength={19}
          aria-required
          description="16 letters and digits; the dashes are added for you."
          value={props.licenceKey}
          onChange={props.onLicenceKey}
          onBlur={props.onLicenceKeyBlur}
          error={props.errors.licence_key}
          className="font-mono"
        />
        <div className="flex justify-end pt-2">
          <Button type="submit" disabled={props.busy} testId="licence-activate">
            {props.busy ? "Activating…" : "Activate"}
          </Button>
        </div>
      </form>
    </>
  );
}
