/**
 * A failure shown in the page (the notification's in-page twin): announced as an alert, in the
 * app's danger style, with the failure's words and, when the screen offers one, a retry.
 */
import type { ReactNode } from "react";

export const ERROR_NOTICE_STYLE =
  "whitespace-pre-line rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200";

export function ErrorNotice({
  children,
  onRetry,
  retryLabel = "Try again",
  testId,
  className = ERROR_NOTICE_STYLE,
}: {
  children: ReactNode;
  /** Offers a retry button under the words. */
  onRetry?: () => void;
  retryLabel?: string;
  testId?: string;
  /** The box's look, where a screen's notice is larger than a form's. */
  className?: string;
}) {
  return (
    <div role="alert" data-testid={testId} className={className}>
      {children}
      {onRetry ? (
        <button
          type="button"
          onClick={onRetry}
          className="mt-2 block rounded-md bg-white px-3 py-1.5 text-sm font-medium text-red-900 ring-1 ring-red-300 hover:bg-red-100"
        >
          {retryLabel}
        </button>
      ) : null}
    </div>
  );
}
