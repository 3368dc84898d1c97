/**
 * The practice builder's tree of choices, as pure functions: subjects, then the topics (EASA
 * level-2 headings), subtopics (level 3) and sections (level 4) that hold questions of the
 * bank on this device, each with how many questions sit at or under it.
 */

import { ALL_SUBJECTS, type PracticeBankIndex } from "@preflight/sync-protocol/rules/practice-filter";
import { subjectOfCode } from "@preflight/sync-protocol/rules/subject-code";

export type TreeLevel = "subjects" | "topics" | "subtopics" | "sections";

/** The heading level (number of code parts) each list shows. */
const PARTS: Record<Exclude<TreeLevel, "subjects">, number> = { topics: 2, subtopics: 3, sections: 4 };

export interface TreeChoice {
  id: string;
  title: string;
  questions: number;
}

/** A subject as the device lists it; an exam licence id makes the list one of exams. */
export interface SubjectEntry {
  code: string;
  title: string;
  exam_licence_id?: number | null;
}

/** Spec: 'Choose a subject', or 'Choose an exam' when subjects carry an exam licence id. */
export function subjectsHeading(subjects: readonly SubjectEntry[]): string {
  return subjects.some((s) => s.exam_licence_id != null) ? "Choose an exam" : "Choose a subject";
}

/** How many questions sit at or under each subject and heading code. */
export function headingCounts(bank: Pick<PracticeBankIndex, "subject" | "code">): Map<string, number> {
  const counts = new Map<string, number>();
  const bump = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  bank.code.forEach((code, i) => {
    bump(bank.subject[i] as string);
    const parts = code.split(".");
    for (let depth = 2; depth <= parts.length; depth++) bump(parts.slice(0, depth).join("."));
  });
  return counts;
}

/** The subjects with questions on the device, each counted, after 'All subjects'. */
export function subjectChoices(subjects: readonly SubjectEntry[], counts: Map<string, number>): TreeChoice[] {
  const listed = subjects
    .map((s) => ({ id: s.code, title: s.title, questions: counts.get(s.code) ?? 0 }))
    .filter((s) => s.questions > 0);
  if (listed.length === 0) return [];
  const total = listed.reduce((sum, s) => sum + s.questions, 0);
  return [{ id: ALL_SUBJECTS, title: "All subjects", questions: total }, ...listed];
}

/**
 * The headings of one level under `parent` (a subject code or a heading code) that hold
 * questions, in syllabus order, titled from the syllabus (by code when the syllabus lacks one).
 */
export function headingChoices(
  level: Exclude<TreeLevel, "subjects">,
  parent: string,
  subject: string,
  titles: ReadonlyMap<string, string>,
  counts: Map<string, number>,
): TreeChoice[] {
  const parts = PARTS[level];
  const out: TreeChoice[] = [];
  for (const [code, questions] of counts) {
    if (code.split(".").length !== parts) continue;
    const under = level === "topics" ? subjectOfCode(code) === subject : code.startsWith(`${parent}.`);
    if (under) out.push({ id: code, title: titles.get(code) ?? code, questions });
  }
  return out.sort((a, b) => a.id.localeCompare(b.id));
}
