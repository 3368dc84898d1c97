/**
 * The demo set of fixed tests a school might set, built from the fixture bank for each
 * syllabus: an open timed mock exam, one behind the password `airlaw`, one whose results and
 * answers go to the school only (with the academy's own questions for its syllabi), one whose
 * answers only go to the school, and one disabled.
 */
import type { BankQuestion } from "@preflight/sync-protocol/schemas/content";
import type { Insertable } from "kysely";
import { hashPassword } from "../auth/password.ts";
import type { FixedTestsTable } from "../db/schema.ts";
import { DEMO_SCHOOL_QUESTIONS, DEMO_SYLLABI_SCHOOL_ID } from "./school-questions.ts";

export const DEMO_FIXED_TEST_PASSWORD = "airlaw";

interface DemoFixedTest {
  title: string;
  subject: string;
  questions: number;
  /** Skip the first questions of the subject so tests do not all open with the same ones. */
  offset?: number;
  time_limit: number | null;
  pass_percentage: number | null;
  attempts: number;
  password?: string;
  hide_results?: boolean;
  hide_answers?: boolean;
  disabled_reason?: string;
  /** The school's own questions, added for the syllabi of that school. */
  school_questions?: { school_id: number; ids: number[] };
}

const DEMO: DemoFixedTest[] = [
  {
    title: "Air Law mock exam",
    subject: "010",
    questions: 12,
    time_limit: 20,
    pass_percentage: 75,
    attempts: 0,
  },
  {
    title: "Air Law school exam",
    subject: "010",
    questions: 10,
    offset: 12,
    time_limit: 15,
    pass_percentage: 75,
    attempts: 3,
    password: DEMO_FIXED_TEST_PASSWORD,
  },
  {
    title: "Meteorology end-of-course exam",
    subject: "050",
    questions: 10,
    time_limit: 20,
    pass_percentage: 75,
    attempts: 1,
    hide_results: true,
    hide_answers: true,
    school_questions: { school_id: DEMO_SYLLABI_SCHOOL_ID, ids: DEMO_SCHOOL_QUESTIONS.map((q) => q.id) },
  },
  {
    title: "Instrumentation review test",
    subject: "022",
    questions: 8,
    time_limit: null,
    pass_percentage: 70,
    attempts: 2,
    hide_answers: true,
  },
  {
    title: "Principles of Flight final exam",
    subject: "081",
    questions: 16,
    time_limit: 30,
    pass_percentage: 75,
    attempts: 1,
    disabled_reason:
      "This exam opens after your Principles of Flight classroom review. Please speak to your instructor.",
  },
];

export interface SeedSyllabus {
  id: number;
  edition: "pre2020" | "2020";
  include_examples: boolean;
  school_id: number;
}

/** Fixed test rows for every syllabus, from the questions each syllabus's bank holds. */
export async function demoFixedTests(
  syllabi: SeedSyllabus[],
  questions: BankQuestion[],
): Promise<Insertable<FixedTestsTable>[]> {
  const hashes = new Map<string, string>();
  for (const t of DEMO)
    if (t.password && !hashes.has(t.password)) hashes.set(t.password, await hashPassword(t.password));
  let id = 1;
  return syllabi.flatMap((syllabus) =>
    DEMO.flatMap((t, position) => {
      const ids = questions
        .filter((q) => q.subject === t.subject && q.editions.includes(syllabus.edition))
        .filter((q) => syllabus.include_examples || !q.example)
        .slice(t.offset ?? 0, (t.offset ?? 0) + t.questions)
        .map((q) => q.id);
      if (t.school_questions?.school_id === syllabus.school_id) ids.push(...t.school_questions.ids);
      if (ids.length === 0) return [];
      return [
        {
          id: id++,
          syllabus_id: syllabus.id,
          title: t.title,
          question_ids: JSON.stringify(ids),
          time_limit: t.time_limit,
          pass_percentage: t.pass_percentage,
          attempts: t.attempts,
          password_hash: t.password ? (hashes.get(t.password) ?? null) : null,
          hide_results: t.hide_results ? 1 : 0,
          hide_answers: t.hide_answers ? 1 : 0,
          disabled_reason: t.disabled_reason ?? null,
          position: position + 1,
        },
      ];
    }),
  );
}
