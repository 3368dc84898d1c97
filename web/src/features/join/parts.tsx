/** Pieces the joining pages share: the form-loading states. */
import { Button } from "../../ui/Button.tsx";
import { FormNotice } from "../../ui/FormField.tsx";

/** The form's data could not be fetched: say why, offer another try and the way back. */
export function LoadFailed({ text, onRetry, onBack }: { text: string; onRetry: () => void; onBack: () => void }) {
  return (
    <div className="space-y-4">
      <FormNotice tone="error">{text}</FormNotice>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="secondary" onPress={onBack}>
          Back
        </Button>
        <Button onPress={onRetry}>Try again</Button>
      </div>
    </div>
  );
}

export function Loading() {
  return (
    <p className="py-6 text-center text-sm text-slate-500" role="status">
      Loading…
    </p>
  );
}
