/** Spec: "Filter by result (All, Passed, Failed), type and dates"; the result filter goes with hidden results. */
import type { TestType } from "@preflight/sync-protocol";
import { typeLabel } from "./labels.ts";
import { NO_FILTER, type PreviousFilter, RESULT_FILTERS, type ResultFilter } from "./rows.ts";

const RESULT_LABELS: Record<ResultFilter, string> = { all: "All", passed: "Passed", failed: "Failed" };

export function PreviousFilters({
  filter,
  onChange,
  types,
  showResult,
}: {
  filter: PreviousFilter;
  onChange: (filter: PreviousFilter) => void;
  types: TestType[];
  showResult: boolean;
}) {
  const set = (patch: Partial<PreviousFilter>) => onChange({ ...filter, ...patch });
  const active = JSON.stringify(filter) !== JSON.stringify(NO_FILTER);
  return (
    <div className="flex flex-wrap items-end gap-x-5 gap-y-3 text-sm" data-testid="previous-filters">
      {showResult ? (
        <fieldset>
          <legend className="mb-1 font-medium text-slate-700">Result</legend>
          <div className="flex overflow-hidden rounded-md border border-slate-300">
            {RESULT_FILTERS.map((value) => (
              <label
                key={value}
                className={`cursor-pointer px-3 py-1.5 ${filter.result === value ? "bg-primary text-white" : "bg-surface text-slate-700 hover:bg-slate-50"}`}
              >
                <input
                  type="radio"
                  name="result-filter"
                  className="sr-only"
                  checked={filter.result === value}
                  onChange={() => set({ result: value })}
                />
                {RESULT_LABELS[value]}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <label className="flex flex-col">
        <span className="mb-1 font-medium text-slate-700">Type</span>
        <select
          value={filter.type ?? ""}
          onChange={(e) => set({ type: (e.target.value || null) as TestType | null })}
          className="rounded-md border border-slate-300 bg-surface px-2 py-1.5"
        >
          <option value="">All types</option>
          {types.map((type) => (
            <option key={type} value={type}>
              {typeLabel(type)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col">
        <span className="mb-1 font-medium text-slate-700">From</span>
        <input
          type="date"
          value={filter.from ?? ""}
          max={filter.to ?? undefined}
          onChange={(e) => set({ from: e.target.value || null })}
          className="rounded-md border border-slate-300 px-2 py-1"
        />
      </label>
      <label className="flex flex-col">
        <span className="mb-1 font-medium text-slate-700">To</span>
        <input
          type="date"
          value={filter.to ?? ""}
          min={filter.from ?? undefined}
          onChange={(e) => set({ to: e.target.value || null })}
          className="rounded-md border border-slate-300 px-2 py-1"
        />
      </label>
      {active ? (
        <button type="button" onClick={() => onChange(NO_FILTER)} className="py-1.5 text-brand-700 underline">
          Clear filters
        </button>
      ) : null}
    </div>
  );
}
