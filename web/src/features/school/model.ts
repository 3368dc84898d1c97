/**
 * The class overview's table, pure (issue 20): the figures the server sends (each worked out with
 * the student's own rules) sorted and filtered as the instructor asks, and said in words so no
 * reader depends on a colour.
 */
import { readinessPercent } from "@preflight/sync-protocol/rules/readiness";
import type { ClassStudent, StudentReadiness } from "@preflight/sync-protocol/schemas/school";

export const STANDING_TEXT: Record<ClassStudent["course"]["standing"], string> = {
  ahead: "Ahead of plan",
  on_plan: "On plan",
  behind: "Behind plan",
  no_dates: "No course dates",
};

/** The columns the table sorts by; readiness sorts by one subject's chance. */
export type SortKey =
  | { column: "name" | "course" | "lessons" | "progress_tests" | "mock_exams" | "last_active" }
  | { column: "readiness"; subject: string };
export interface Sort {
  key: SortKey;
  descending: boolean;
}

export const DEFAULT_SORT: Sort = { key: { column: "name" }, descending: false };

/** The filter: words of a name, address or student number, and a standing against the plan. */
export interface Filter {
  text: string;
  standing: ClassStudent["course"]["standing"] | "all";
}

export const NO_FILTER: Filter = { text: "", standing: "all" };

const name = (s: ClassStudent) => `${s.lastname} ${s.firstname}`;

/** A student's chance in a subject; null without a figure (too few answers). */
export function chanceIn(student: ClassStudent, subject: string): number | null {
  const r = student.readiness.find((x) => x.subject === subject);
  return r?.kind === "estimate" ? r.chance : null;
}

/** The value a column sorts by; null sorts last whichever the direction. */
function sortValue(s: ClassStudent, key: SortKey): string | number | null {
  switch (key.column) {
    case "name":
      return name(s).toLocaleLowerCase("en-GB");
    case "course":
      // How far ahead of (or behind) the plan: a student without dates has no place in it.
      return s.course.planned === null ? null : s.course.completed - s.course.planned;
    case "lessons":
      return s.lessons.completed;
    case "progress_tests":
      return s.progress_tests.passed;
    case "mock_exams":
      return s.mock_exams.average;
    case "last_active":
      return s.last_active_at === null ? null : Date.parse(s.last_active_at);
    case "readiness":
      return chanceIn(s, key.subject);
  }
}

/** The students in the order asked; ties keep the name order. */
export function sortStudents(students: readonly ClassStudent[], sort: Sort): ClassStudent[] {
  const byName = [...students].sort((a, b) => name(a).localeCompare(name(b), "en-GB"));
  const keyed = byName.map((s, i) => ({ s, i, v: sortValue(s, sort.key) }));
  keyed.sort((a, b) => {
    if (a.v === null || b.v === null) return a.v === b.v ? a.i - b.i : a.v === null ? 1 : -1;
    const order = a.v < b.v ? -1 : a.v > b.v ? 1 : 0;
    return (sort.descending ? -order : order) || a.i - b.i;
  });
  return keyed.map((k) => k.s);
}

/** The students the filter keeps: every word in the name, address or student number, and the standing. */
export function filterStudents(students: readonly ClassStudent[], filter: Filter): ClassStudent[] {
  const words = filter.text.toLocaleLowerCase("en-GB").split(/\s+/).filter(Boolean);
  return students.filter((s) => {
    if (filter.standing !== "all" && s.course.standing !== filter.standing) return false;
    const hay = `${s.firstname} ${s.lastname} ${s.email} ${s.student_id ?? ""}`.toLocaleLowerCase("en-GB");
    return words.every((w) => hay.includes(w));
  });
}

/** The next sort when a column's header is pressed: the same column turns around, another starts ascending (names) or descending (figures). */
export function nextSort(current: Sort, key: SortKey): Sort {
  const same =
    current.key.column === key.column &&
    (key.column !== "readiness" || (current.key.column === "readiness" && current.key.subject === key.subject));
  if (same) return { key, descending: !current.descending };
  return { key, descending: key.column !== "name" };
}

const DAY_MS = 86_400_000;

/** "today", "yesterday", "5 days ago", or the date; "never" without any activity. */
export function lastActiveText(iso: string | null, nowMs: number): string {
  if (iso === null) return "never";
  const at = Date.parse(iso);
  const days = Math.floor(startOfDay(nowMs) / DAY_MS) - Math.floor(startOfDay(at) / DAY_MS);
  if (days <= 0) return "today";
  if (days === 1) return "yesterday";
  if (days < 28) return `${days} days ago`;
  return new Date(at).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric" });
}

function startOfDay(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getFullYear(), d.getMonth(), d.getDate());
}

/** A subject's readiness in a table cell: "62%" or, without a figure, "—" (its reason said beside it). */
export function readinessCell(r: StudentReadiness | undefined): { text: string; label: string } {
  if (!r) return { text: "—", label: "not in this student's syllabus" };
  if (r.kind === "estimate")
    return { text: readinessPercent(r.chance), label: `${readinessPercent(r.chance)} chance of passing now` };
  return { text: "—", label: `not enough answers yet (${r.needed} more needed)` };
}

/** "62.5%", or "—" before any mock exam. */
export function percentText(p: number | null): string {
  return p === null ? "—" : `${Number.isInteger(p) ? p : p.toFixed(1)}%`;
}
