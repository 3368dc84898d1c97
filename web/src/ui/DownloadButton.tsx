/**
 * A button that fetches a file and saves it (an export: a CSV, a PDF report). The fetch is the
 * caller's (it goes through the call layer with the session); this widget says it is busy,
 * saves the bytes under the file's name, and shows why it failed beside the button rather than
 * letting the browser save an error page under the file's name.
 */
import { useState } from "react";
import { Button, type ButtonVariant } from "./Button.tsx";
import { ErrorLine } from "./ErrorNotice.tsx";

export interface FileToSave {
  blob: Blob;
  filename: string;
}

/** Saves bytes as a download named `filename` (an object URL clicked through a link, then freed). */
export function saveFile({ blob, filename }: FileToSave): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // Freed once the browser has taken the download (freeing it at once can cancel it in Safari).
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function DownloadButton({
  children,
  load,
  failure,
  ariaLabel,
  testId,
  variant = "secondary",
  className,
}: {
  children: string;
  /** Fetches the file (with the session) and names it. */
  load: () => Promise<FileToSave>;
  /** What a failure says (the screen's wording of a refusal or no connection). */
  failure: (err: unknown) => string;
  /** The button's name where its text alone is ambiguous ("PDF report of Ada Lovelace"). */
  ariaLabel?: string;
  testId?: string;
  variant?: ButtonVariant;
  className?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      saveFile(await load());
    } catch (err) {
      setError(failure(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Button
        variant={variant}
        onPress={() => void download()}
        disabled={busy}
        ariaLabel={ariaLabel}
        testId={testId}
        className={className}
      >
        {busy ? "Preparing…" : children}
      </Button>
      <ErrorLine message={error} />
    </span>
  );
}
