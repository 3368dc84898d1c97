import { PAGINATION_INITIAL_BUTTONS } from "@preflight/sync-protocol";

export interface PageState {
  answered: boolean;
  flagged?: boolean;
}

/** Question numbers as buttons: answered, current and flagged states; a window of 20 at first. */
export function Pagination({
  pages,
  current,
  onSelect,
  disabled,
}: {
  pages: PageState[];
  current: number;
  onSelect: (position: number) => void;
  disabled?: boolean;
}) {
  const total = pages.length;
  const size = Math.min(PAGINATION_INITIAL_BUTTONS, total);
  const start = Math.min(Math.max(1, current - Math.floor(size / 2)), Math.max(1, total - size + 1));
  const numbers = Array.from({ length: size }, (_, i) => start + i);
  return (
    <nav aria-label="Questions" className="flex flex-wrap gap-1.5">
      {numbers.map((n) => {
        const page = pages[n - 1];
        const isCurrent = n === current;
        const tone = isCurrent
          ? "bg-brand-600 text-white ring-2 ring-brand-100"
          : page?.answered
            ? "bg-brand-100 text-brand-900"
            : "bg-white text-slate-700 ring-1 ring-slate-300";
        return (
          <button
            key={n}
            type="button"
            disabled={disabled}
            onClick={() => onSelect(n)}
            aria-current={isCurrent ? "step" : undefined}
            aria-label={`Question ${n}${page?.answered ? ", answered" : ""}`}
            className={`h-8 min-w-8 rounded-md px-2 text-xs font-semibold tabular-nums ${tone} disabled:cursor-wait`}
          >
            {n}
          </button>
        );
      })}
    </nav>
  );
}
