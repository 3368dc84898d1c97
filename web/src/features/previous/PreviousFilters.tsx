/** Spec: "Filter by result (All, Passed, Failed), type and dates"; the result filter goes with hidden results. */
import type { TestType } from "@preflight/sync-protocol/rules/constants";
import { Label, Radio, RadioGroup } from "react-aria-components";
import { Button } from "../../ui/Button.tsx";
import { DateField } from "../../ui/DateField.tsx";
import { SelectField } from "../../ui/SelectField.tsx";
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
        <RadioGroup
          value={filter.result}
          onChange={(value) => set({ result: value as ResultFilter })}
          orientation="horizontal"
        >
          <Label className="mb-1 block font-medium text-slate-700">Result</Label>
          <div className="flex overflow-hidden rounded-md border border-slate-300">
            {RESULT_FILTERS.map((value) => (
              <Radio
                key={value}
                value={value}
                className={`flex min-h-11 cursor-pointer items-center px-4 data-[focus-visible]:outline-2 data-[focus-visible]:-outline-offset-2 data-[focus-visible]:outline-brand-500 ${filter.result === value ? "bg-primary text-white" : "bg-surface text-slate-700 hover:bg-slate-50"}`}
              >
                {RESULT_LABELS[value]}
              </Radio>
            ))}
          </div>
        </RadioGroup>
      ) : null}
      <SelectField
        label="Type"
        value={filter.type ?? ""}
        onChange={(type) => set({ type: (type || null) as TestType | null })}
      >
        <option value="">All types</option>
        {types.map((type) => (
          <option key={type} value={type}>
            {typeLabel(type)}
          </option>
        ))}
      </SelectField>
      <div className="w-40">
        <DateField
          label="From"
          value={filter.from ?? ""}
          {...(filter.to ? { max: filter.to } : {})}
          onChange={(iso) => set({ from: iso || null })}
          testId="previous-from"
        />
      </div>
      <div className="w-40">
        <DateField
          label="To"
          value={filter.to ?? ""}
          {...(filter.from ? { min: filter.from } : {})}
          onChange={(iso) => set({ to: iso || null })}
          testId="previous-to"
        />
      </div>
      {active ? (
        <Button variant="quiet" onPress={() => onChange(NO_FILTER)} testId="clear-filters">
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}
