import { Button } from "../Button.tsx";
import { canZoomIn, formatZoom, isZoomReset, ZOOM_RESET, zoomIn, zoomOut } from "./zoom.ts";

const BUTTON =
  "flex h-11 min-w-11 items-center justify-center rounded-lg px-2 text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent";

/**
 * − / value / + / reset for the question text zoom. Controlled: `value` in, `onChange` out with
 * a level on the 0.1 grid; `onChange(1)` means reset. Storing the level is the caller's job.
 */
export function ZoomControl({
  value,
  onChange,
  disabled,
  label = "Zoom",
}: {
  value: number;
  onChange: (zoom: number) => void;
  disabled?: boolean;
  label?: string;
}) {
  const atReset = isZoomReset(value);
  return (
    <fieldset
      className="inline-flex items-center gap-0.5 rounded-xl bg-surface p-0.5 ring-1 ring-slate-200"
      data-testid="zoom-control"
    >
      <legend className="sr-only">{label}</legend>
      <Button
        variant="plain"
        className={BUTTON}
        onPress={() => onChange(zoomOut(value))}
        disabled={disabled || atReset}
        ariaLabel="Zoom out"
      >
        <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden>
          <path d="M6 12h12" strokeLinecap="round" />
        </svg>
      </Button>
      <output className="w-14 text-center text-sm font-semibold tabular-nums text-slate-800" aria-live="polite">
        {formatZoom(value)}
      </output>
      <Button
        variant="plain"
        className={BUTTON}
        onPress={() => onChange(zoomIn(value))}
        disabled={disabled || !canZoomIn(value)}
        ariaLabel="Zoom in"
      >
        <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden>
          <path d="M6 12h12M12 6v12" strokeLinecap="round" />
        </svg>
      </Button>
      <Button
        variant="plain"
        className={`${BUTTON} text-sm font-medium`}
        onPress={() => onChange(ZOOM_RESET)}
        disabled={disabled || atReset}
      >
        Reset
      </Button>
    </fieldset>
  );
}
