/**
 * A failure shown in the page (the notification's in-page twin): announced as an alert, in the
 * app's danger style, with the failure's words and, when the screen offers one, a retry.
 */
import type { ReactNode } from "react";
import { Button } from "./Button.tsx";

export const ERROR_NOTICE_STYLE =
  "whitespace-pre-line rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200";

export function ErrorNotice({
  children,
  onRetry,
  retryLabel = "Try again",
  testId,
  id,
  as: Box = "div",
  className = ERROR_NOTICE_STYLE,
}: {
  children: ReactNode;
  /** Offers a retry button under the words. */
  onRetry?: () => void;
  retryLabel?: string;
  testId?: string;
  /** For a field's aria-describedby. */
  id?: string;
  /** The element: a line in running text (`p`) or beside a button (`span`) keeps its flow. */
  as?: "div" | "p" | "span";
  /** The box's look, where a screen's notice is larger than a form's or a line of red text. */
  className?: string;
}) {
  return (
    <Box role="alert" id={id} data-testid={testId} className={className}>
      {children}
      {onRetry ? (
        <Button
          variant="plain"
          onPress={onRetry}
          className="mt-2 block min-h-11 rounded-md bg-surface px-3 py-1.5 text-sm font-medium text-red-900 ring-1 ring-red-300 hover:bg-red-100"
        >
          {retryLabel}
        </Button>
      ) : null}
    </Box>
  );
}

/** A failure as a line of red text beside the button that failed (a test that could not start); nothing without one. */
export function ErrorLine({ message }: { message: string | null }) {
  return message ? (
    <ErrorNotice as="span" className="text-sm text-red-700">
      {message}
    </ErrorNotice>
  ) : null;
}
