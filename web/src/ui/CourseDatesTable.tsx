/**
 * The course dates table (spec study: Edit course dates modal; section 5): module, start date and
 * end date per row (the syllabus too when named), each date the app's dd/mm/yyyy field with its
 * messages under it. A table from a tablet up; on a phone each module is a block with its two
 * dates. Pure: the rows, the limits, each field's messages and whether the dates are locked (a
 * class's student: the reason behind a lock button) come from the caller. The student's modal
 * and the instructor's class course dates both draw their dates with it.
 */
import type { ReactNode } from "react";
import { Button as AriaButton, OverlayArrow, Tooltip, TooltipTrigger } from "react-aria-components";
import { DateField as DayField } from "./DateField.tsx";

export type CourseDatesTableField = "start" | "end";

export interface CourseDatesTableRow {
  moduleId: number;
  title: string;
  /** YYYY-MM-DD, or "" while not set. */
  start: string;
  end: string;
}

export function CourseDatesTable({
  rows,
  syllabusName,
  limits,
  errorsFor,
  lockedTooltip,
  onChange,
  caption,
}: {
  rows: readonly CourseDatesTableRow[];
  /** Shown in a Syllabus column when given (the student's modal); a caller that heads the table with it leaves it out. */
  syllabusName?: string;
  limits: { min: string; max: string };
  errorsFor: (moduleId: number, field: CourseDatesTableField) => string[];
  /** The reason a field cannot be edited (it is then disabled), or null for an editable one. */
  lockedTooltip?: (field: CourseDatesTableField) => string | null;
  onChange: (moduleId: number, field: CourseDatesTableField, value: string) => void;
  /** For screen readers: what the table is. */
  caption?: ReactNode;
}) {
  const withSyllabus = syllabusName !== undefined;
  return (
    <table className="mt-4 w-full text-left text-sm">
      {caption ? <caption className="sr-only">{caption}</caption> : null}
      <thead className="sr-only sm:not-sr-only sm:table-header-group">
        <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600">
          {withSyllabus ? <th className="py-2 pr-3 font-medium">Syllabus</th> : null}
          <th className="py-2 pr-3 font-medium">Module</th>
          <th className="py-2 pr-3 font-medium">Start date</th>
          <th className="py-2 font-medium">End date</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr
            key={row.moduleId}
            className="block border-b border-slate-100 py-3 align-top sm:table-row sm:py-0"
            data-testid="course-date-row"
          >
            {withSyllabus ? <td className="hidden py-3 pr-3 text-slate-600 sm:table-cell">{syllabusName}</td> : null}
            <td className="block pb-2 font-medium sm:table-cell sm:py-3 sm:pr-3">{row.title}</td>
            {(["start", "end"] as const).map((field) => (
              <td key={field} className={`block py-1 sm:table-cell sm:py-3 ${field === "start" ? "sm:pr-3" : ""}`}>
                <CourseDateField
                  label={`${row.title} ${field === "start" ? "start date" : "end date"}`}
                  shortLabel={field === "start" ? "Start date" : "End date"}
                  testId={`course-date-${row.moduleId}-${field}`}
                  value={row[field]}
                  min={limits.min}
                  max={limits.max}
                  lockedTooltip={lockedTooltip?.(field) ?? null}
                  errors={errorsFor(row.moduleId, field)}
                  onChange={(value) => onChange(row.moduleId, field, value)}
                />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * One date of a module: the app's dd/mm/yyyy field (ISO in and out), its messages under it; for
 * a class's student locked, with the reason behind a lock button. `shortLabel` is what a phone,
 * without the table's header, shows above it.
 */
function CourseDateField({
  label,
  shortLabel,
  testId,
  value,
  min,
  max,
  lockedTooltip,
  errors,
  onChange,
}: {
  label: string;
  shortLabel: string;
  testId: string;
  value: string;
  min: string;
  max: string;
  lockedTooltip: string | null;
  errors: string[];
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <span className="mb-1 block text-xs font-medium text-slate-600 sm:hidden" aria-hidden>
        {shortLabel}
      </span>
      <div className="flex items-start gap-1.5">
        <div className="min-w-0 flex-1">
          <DayField
            label={label}
            hideLabel
            value={value}
            min={min}
            max={max}
            name={testId}
            testId={testId}
            isDisabled={lockedTooltip !== null}
            errorMessage={errors.length > 0 ? errors.join(" ") : undefined}
            onChange={onChange}
          />
        </div>
        {lockedTooltip ? (
          <TooltipTrigger delay={150}>
            <AriaButton
              aria-label={lockedTooltip}
              className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-slate-600 outline-none hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-500"
              data-testid="class-managed-lock"
            >
              <svg viewBox="0 0 20 20" className="h-4 w-4 fill-current" aria-hidden="true">
                <path d="M10 2a4 4 0 0 0-4 4v2H5a1 1 0 0 0-1 1v8a1 1 0 0 0 1 1h10a1 1 0 0 0 1-1V9a1 1 0 0 0-1-1h-1V6a4 4 0 0 0-4-4Zm-2 6V6a2 2 0 1 1 4 0v2H8Z" />
              </svg>
            </AriaButton>
            <Tooltip
              placement="top"
              offset={8}
              className="max-w-xs rounded-md bg-neutral-900 px-3 py-2 text-sm text-white shadow-lg"
            >
              <OverlayArrow>
                <svg width={8} height={8} viewBox="0 0 8 8" className="fill-slate-900" aria-hidden="true">
                  <path d="M0 0 L4 4 L8 0" />
                </svg>
              </OverlayArrow>
              {lockedTooltip}
            </Tooltip>
          </TooltipTrigger>
        ) : null}
      </div>
    </div>
  );
}
