import { LicenceView } from "./LicenceView.tsx";
import { useLicenceActivation } from "./useLicenceActivation.ts";

/** The licence activation page: the form's state and calls, drawn by LicenceView. */
export function LicencePage({ go }: { go: (href: string) => void }) {
  const form = useLicenceActivation(go);
  return (
    <LicenceView
      formRef={form.formRef}
      accountNumber={form.accountNumber}
      licenceKey={form.licenceKey}
      errors={form.errors}
      busy={form.busy}
      onAccountNumber={form.typeAccountNumber}
      onLicenceKey={form.typeLicenceKey}
      onLicenceKeyBlur={form.leaveLicenceKey}
      onSubmit={(event) => void form.submit(event)}
    />
  );
}
