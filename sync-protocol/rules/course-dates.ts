/**
 * Course dates (spec study, section 5 and 9): the one validation the Edit course dates modal and
 * the server's POST /profile/course-dates both apply.
 *
 * - Dates are YYYY-MM-DD between 2 years before today and 4 years after it (the picker's limits).
 * - A module's start must be before its end.
 * - Neighbouring modules (in module order) must not overlap: a module starts after the one
 *   before it ends.
 */

export const COURSE_DATE_YEARS_BACK = 2;
export const COURSE_DATE_YEARS_AHEAD = 4;

export const COURSE_DATE_MESSAGES = {
  startBeforeEnd: "Start date must be before the end date",
  endAfterStart: "End date must be after the start date",
  overlap: "Modules must not overlap",
  notADate: "Enter a date as YYYY-MM-DD",
} as const;

/** Spec: inputs are disabled for class-managed users, with tooltips saying so. */
export const CLASS_MANAGED_START_TOOLTIP = "The start date cannot be edited as it is managed for your class";
export const CLASS_MANAGED_END_TOOLTIP = "The end date cannot be edited as it is managed for your class";
export const CLASS_MANAGED_REFUSAL = "Your course dates are managed for your class and cannot be edited.";
export const NO_COURSE_DATES_TEXT = "You do not have any course dates to edit";
export const COURSE_DATES_UPDATED_MESSAGE = "Your course dates have been updated.";

export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export interface CourseDateRow {
  module_id: number;
  start: string;
  end: string;
}

export type CourseDateField = "start" | "end";

export interface CourseDateIssue {
  module_id: number;
  field: CourseDateField;
  message: string;
}

/** True for a real calendar day written YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The first and last day a course date may take, seen from `now` (UTC day). */
export function courseDateLimits(now: Date): { min: string; max: string } {
  const min = new Date(Date.UTC(now.getUTCFullYear() - COURSE_DATE_YEARS_BACK, now.getUTCMonth(), now.getUTCDate()));
  const max = new Date(Date.UTC(now.getUTCFullYear() + COURSE_DATE_YEARS_AHEAD, now.getUTCMonth(), now.getUTCDate()));
  return { min: isoDay(min), max: isoDay(max) };
}

export function outOfRangeMessage(limits: { min: string; max: string }): string {
  return `Choose a date between ${limits.min} and ${limits.max}`;
}

/**
 * Every problem with `rows` (given in module order), each on the field it concerns; none means
 * the dates may be saved.
 */
export function validateCourseDates(rows: CourseDateRow[], now: Date): CourseDateIssue[] {
  const limits = courseDateLimits(now);
  const issues: CourseDateIssue[] = [];
  const add = (module_id: number, field: CourseDateField, message: string) => {
    if (!issues.some((i) => i.module_id === module_id && i.field === field && i.message === message))
      issues.push({ module_id, field, message });
  };
  const usable = (value: string, module_id: number, field: CourseDateField): boolean => {
    if (!isCalendarDate(value)) {
      add(module_id, field, COURSE_DATE_MESSAGES.notADate);
      return false;
    }
    if (value < limits.min || value > limits.max) add(module_id, field, outOfRangeMessage(limits));
    return true;
  };
  rows.forEach((row, i) => {
    const startOk = usable(row.start, row.module_id, "start");
    const endOk = usable(row.end, row.module_id, "end");
    if (startOk && endOk && row.start >= row.end) {
      add(row.module_id, "start", COURSE_DATE_MESSAGES.startBeforeEnd);
      add(row.module_id, "end", COURSE_DATE_MESSAGES.endAfterStart);
    }
    const previous = rows[i - 1];
    if (previous && startOk && isCalendarDate(previous.end) && row.start <= previous.end) {
      add(previous.module_id, "end", COURSE_DATE_MESSAGES.overlap);
      add(row.module_id, "start", COURSE_DATE_MESSAGES.overlap);
    }
  });
  return issues;
}

/**
 * The issues as one message, a line each naming the module and the date: what a server's refusal
 * says ("Air Law end date: Modules must not overlap"). `titleOf` names a module by its id.
 */
export function courseDateIssuesText(issues: CourseDateIssue[], titleOf: (moduleId: number) => string): string {
  return issues.map((i) => `${titleOf(i.module_id)} ${i.field} date: ${i.message}`).join("\n");
}

/** The issues as the spec's errors object: field → messages, fields named `<module_id>.<start|end>`. */
export function courseDateErrors(issues: CourseDateIssue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = `${issue.module_id}.${issue.field}`;
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
}
