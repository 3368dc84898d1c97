/** Lesson status (spec study 4): pass true is a check, false a cross, null a minus. */
export const STATUS_LABELS = { complete: "Complete", failed: "Failed", notStarted: "Not started" } as const;

export function statusOf(pass: boolean | null): keyof typeof STATUS_LABELS {
  return pass === true ? "complete" : pass === false ? "failed" : "notStarted";
}

const LOOK = {
  complete: { glyph: "✓", className: "bg-emerald-100 text-emerald-700" },
  failed: { glyph: "✗", className: "bg-red-100 text-red-700" },
  notStarted: { glyph: "−", className: "bg-slate-100 text-slate-600" },
} as const;

export function StatusIcon({ pass }: { pass: boolean | null }) {
  const status = statusOf(pass);
  return (
    <span
      role="img"
      aria-label={STATUS_LABELS[status]}
      data-status={status}
      className={`inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-sm font-bold ${LOOK[status].className}`}
    >
      {LOOK[status].glyph}
    </span>
  );
}

export function StatusLegend() {
  return (
    <ul className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-slate-600" data-testid="syllabus-legend">
      {([null, false, true] as const).map((pass) => (
        <li key={String(pass)} className="flex items-center gap-2">
          <StatusIcon pass={pass} />
          {STATUS_LABELS[statusOf(pass)]}
        </li>
      ))}
    </ul>
  );
}
