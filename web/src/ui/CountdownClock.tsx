import { formatHms } from "@preflight/sync-protocol/rules/format";
import type { UiClock } from "./clock.ts";
import { type ClockTone, clockTone, toneAnnouncement } from "./countdown.ts";
import { useCountdown } from "./useCountdown.ts";

const TONE_CLASSES: Record<ClockTone, string> = {
  normal: "bg-slate-100 text-slate-800 ring-slate-200",
  warning: "bg-amber-50 text-amber-900 ring-amber-300",
  critical: "bg-red-50 text-red-700 ring-red-300",
};

/**
 * Time left in a timed test as hh:mm:ss (a minus once past the deadline): amber under
 * 5 minutes, red under 1 minute. `deadline` is epoch ms; `onExpire` fires once at zero.
 */
export function CountdownClock({
  deadline,
  onExpire,
  clock,
  label = "Time remaining",
}: {
  deadline: number;
  onExpire?: () => void;
  clock?: UiClock;
  label?: string;
}) {
  const seconds = useCountdown(deadline, clock, onExpire);
  const tone = clockTone(seconds);
  return (
    <span
      className={`inline-flex h-8 items-center gap-1.5 rounded-full px-3 font-mono text-sm font-semibold tabular-nums ring-1 transition-colors ${TONE_CLASSES[tone]}`}
      data-testid="countdown"
      data-tone={tone}
    >
      <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden>
        <circle cx="12" cy="13" r="8" />
        <path d="M12 9v4l2.5 2M10 2h4" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span role="timer">
        <span className="sr-only">{label} </span>
        {formatHms(seconds)}
      </span>
      <span className="sr-only" aria-live="polite">
        {toneAnnouncement(seconds)}
      </span>
    </span>
  );
}
