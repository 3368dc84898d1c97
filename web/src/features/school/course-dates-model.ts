/**
 * The class course dates editor's rules (issue 20), pure: the instructor's draft over the class's
 * dates as the editor's rows, the issues the shared rule finds in them (rules/course-dates.ts,
 * the one the student's modal and the server apply), whether anything changed, and the body of
 * the PUT that saves them. The rows judged and sent are those the student's editor judges
 * (plannedRows): every module with dates, and one without as soon as either of its dates is typed.
 */
import { type CourseDateIssue, validateCourseDates } from "@preflight/sync-protocol/rules/course-dates";
import type { ClassCourse, ClassCourseDatesUpdate } from "@preflight/sync-protocol/schemas/school-course-dates";
import { type CourseRow, plannedRows } from "../../local/actions/course-dates.ts";

/** The instructor's typing, by module: what differs from the class's dates is in here. */
export type Draft = Record<number, { start: string; end: string }>;

export interface SyllabusDatesState {
  rows: CourseRow[];
  issues: CourseDateIssue[];
  /** A date differs from the class's. */
  changed: boolean;
  /** What Update sends: null while there is nothing to save or the rule refuses the dates. */
  body: ClassCourseDatesUpdate | null;
}

/** The syllabus's modules as rows, the draft's dates over the class's ("" for one not set). */
export function editorRows(course: ClassCourse, draft: Draft): CourseRow[] {
  return course.modules.map((m) => ({
    moduleId: m.module_id,
    title: m.title,
    start: draft[m.module_id]?.start ?? m.start ?? "",
    end: draft[m.module_id]?.end ?? m.end ?? "",
    dated: m.start !== null && m.end !== null,
  }));
}

/** The draft with one date typed (the module's other date kept as it shows). */
export function withDate(course: ClassCourse, draft: Draft, moduleId: number, field: "start" | "end", value: string) {
  const row = editorRows(course, draft).find((r) => r.moduleId === moduleId);
  if (!row) return draft;
  return { ...draft, [moduleId]: { start: row.start, end: row.end, [field]: value } };
}

export function syllabusDatesState(course: ClassCourse, draft: Draft, now: Date): SyllabusDatesState {
  const rows = editorRows(course, draft);
  const planned = plannedRows(rows);
  const issues = validateCourseDates(planned, now);
  const changed = course.modules.some((m, i) => rows[i]?.start !== (m.start ?? "") || rows[i]?.end !== (m.end ?? ""));
  const body =
    changed && issues.length === 0 && planned.length > 0 ? { syllabus_id: course.syllabus_id, modules: planned } : null;
  return { rows, issues, changed, body };
}

/** "These dates reach the 6 students …": who the syllabus's dates are for. */
export function reachText(students: number): string {
  if (students === 0) return "No student of this class studies this syllabus at the moment.";
  const who = students === 1 ? "the 1 student" : `the ${students} students`;
  return `Saved dates reach ${who} of this class who study this syllabus on their next sync. Students cannot change them.`;
}
