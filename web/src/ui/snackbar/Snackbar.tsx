import { Button } from "../Button.tsx";
import type { SnackbarEntry, SnackbarType } from "./queue.ts";

const TONES: Record<SnackbarType, { stripe: string; icon: string; role: "alert" | "status"; label: string }> = {
  danger: { stripe: "bg-danger", icon: "text-red-600", role: "alert", label: "Error" },
  warning: { stripe: "bg-accent", icon: "text-amber-600", role: "alert", label: "Warning" },
  success: { stripe: "bg-success", icon: "text-emerald-600", role: "status", label: "Success" },
  info: { stripe: "bg-brand-500", icon: "text-brand-600", role: "status", label: "Information" },
};

const ICON_PATHS: Record<SnackbarType, string> = {
  danger: "M12 8v5m0 3.5v.01M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Z",
  warning: "M12 9v4m0 3.5v.01M10.3 3.9 2.4 18a2 2 0 0 0 1.7 3h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z",
  success: "m8 12.5 2.5 2.5L16 9.5M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Z",
  info: "M12 11v5m0-8.5v.01M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Z",
};

/** One notification card: coloured by type, announced as an alert (danger, warning) or a status. */
export function Snackbar({ entry, onDismiss }: { entry: SnackbarEntry; onDismiss: (id: number) => void }) {
  const tone = TONES[entry.type];
  return (
    <div
      role={tone.role}
      data-testid="snackbar"
      data-type={entry.type}
      className="relative flex items-start gap-3 overflow-hidden rounded-xl bg-surface py-3 pr-2 pl-5 shadow-lg ring-1 ring-slate-200"
    >
      <span className={`absolute inset-y-0 left-0 w-1.5 ${tone.stripe}`} aria-hidden />
      <svg
        viewBox="0 0 24 24"
        className={`mt-0.5 h-5 w-5 shrink-0 ${tone.icon}`}
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden
      >
        <path d={ICON_PATHS[entry.type]} />
      </svg>
      <div className="min-w-0 flex-1 py-0.5">
        <p className="text-sm font-semibold text-slate-900">
          <span className="sr-only">{tone.label}: </span>
          {entry.title}
        </p>
        {entry.text ? <p className="mt-0.5 whitespace-pre-line text-sm text-slate-700">{entry.text}</p> : null}
      </div>
      <Button
        variant="plain"
        onPress={() => onDismiss(entry.id)}
        ariaLabel="Dismiss notification"
        className="-my-1.5 flex h-11 w-11 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      >
        <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden>
          <path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" />
        </svg>
      </Button>
    </div>
  );
}
