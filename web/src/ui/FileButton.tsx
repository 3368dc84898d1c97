/** A button that opens the file picker (React Aria FileTrigger); the chosen files go to `onFiles`. */
import type { ReactNode } from "react";
import { FileTrigger } from "react-aria-components";
import { Button, type ButtonVariant } from "./Button.tsx";

export function FileButton({
  children,
  onFiles,
  accept,
  multiple = false,
  variant = "secondary",
  disabled,
  testId,
  inputTestId,
  className,
}: {
  children: ReactNode;
  onFiles: (files: File[]) => void;
  /** MIME types or extensions the picker offers. */
  accept?: string[];
  multiple?: boolean;
  variant?: ButtonVariant;
  disabled?: boolean | undefined;
  testId?: string;
  /** On the hidden file input, for tests that set files on it. */
  inputTestId?: string;
  className?: string;
}) {
  return (
    <FileTrigger
      acceptedFileTypes={accept}
      allowsMultiple={multiple}
      onSelect={(list) => onFiles(list ? Array.from(list) : [])}
      data-testid={inputTestId}
    >
      <Button variant={variant} disabled={disabled} testId={testId} className={className}>
        {children}
      </Button>
    </FileTrigger>
  );
}
