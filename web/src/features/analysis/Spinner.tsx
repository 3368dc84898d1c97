/** A loading spinner with words for screen readers (and, optionally, for everyone). */
export function Spinner({ label, visibleLabel }: { label: string; visibleLabel?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex h-full min-h-24 items-center justify-center gap-3 text-sm text-slate-500"
      data-testid="analysis-loading"
    >
      <svg className="h-6 w-6 animate-spin text-brand-600" viewBox="0 0 24 24" fill="none" aria-hidden>
        <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
        <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      {visibleLabel ? <span>{visibleLabel}</span> : <span className="sr-only">{label}</span>}
    </div>
  );
}
