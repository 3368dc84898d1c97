/**
 * Reads behind the Flagged Questions list: the student's flags, the questions they name, their
 * notes and seen-in-exam reports, and the topics of a subject in the student's bank.
 */
import {
  byMostRecentlyFlagged,
  type FlaggedItem,
  type FlagStamp,
  topicOfCode,
} from "@preflight/sync-protocol/rules/flagged";
import { stripHtml } from "@preflight/sync-protocol/rules/question";
import type { BankQuestion } from "@preflight/sync-protocol/schemas/content";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { bankQuestionIds } from "../question/queries.ts";

type Db = Kysely<Database>;
type SeenEntry = FlaggedItem["question"]["seen_in_exam"][number];
/** Ids per `in (…)` list. */
const IN_CHUNK = 500;

/** The questions the student has flagged now, most recently flagged first. */
export async function flagStamps(db: Db, userId: string): Promise<FlagStamp[]> {
  const rows = await db
    .selectFrom("flags")
    .select(["question_id", "updated_at"])
    .where("user_id", "=", userId)
    .where("flagged", "=", 1)
    .execute();
  // Ordered by the shared rule, not by SQL, so ties break as they do on the device.
  return rows.map((r) => ({ questionId: Number(r.question_id), flaggedAt: r.updated_at })).sort(byMostRecentlyFlagged);
}

/** The current version of each question, by id (ids of unknown questions are left out). */
export async function currentQuestions(db: Db, ids: readonly number[]): Promise<Map<number, BankQuestion>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("questions")
    .innerJoin("question_versions", (j) =>
      j
        .onRef("question_versions.question_id", "=", "questions.id")
        .onRef("question_versions.version", "=", "questions.current_version"),
    )
    .select(["questions.id", "question_versions.content"])
    .where("questions.id", "in", [...ids])
    // A school's own question flagged in a fixed test is not shown with its answers here.
    .where("questions.school_id", "is", null)
    .execute();
  return new Map(rows.map((r) => [Number(r.id), JSON.parse(r.content) as BankQuestion]));
}

/** The student's notes on some questions that say something (a cleared note is none), by question id. */
export async function notesOf(db: Db, userId: string, ids: readonly number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  for (let i = 0; i < ids.length; i += IN_CHUNK) {
    const rows = await db
      .selectFrom("question_notes")
      .select(["question_id", "text"])
      .where("user_id", "=", userId)
      .where("question_id", "in", ids.slice(i, i + IN_CHUNK))
      .where("text", "<>", "")
      .execute();
    for (const row of rows) out.set(Number(row.question_id), row.text);
  }
  return out;
}

/** The student's seen-in-exam reports of some questions, latest month first. */
export async function seenInExamOf(db: Db, userId: string, ids: readonly number[]): Promise<Map<number, SeenEntry[]>> {
  const out = new Map<number, SeenEntry[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom("seen_in_exam")
    .innerJoin("authorities", "authorities.id", "seen_in_exam.authority_id")
    .select(["seen_in_exam.question_id", "seen_in_exam.date_seen", "authorities.title"])
    .where("seen_in_exam.user_id", "=", userId)
    .where("seen_in_exam.question_id", "in", [...ids])
    .orderBy("seen_in_exam.date_seen", "desc")
    .orderBy("seen_in_exam.created_at", "desc")
    .execute();
  for (const row of rows) {
    const id = Number(row.question_id);
    const list = out.get(id) ?? [];
    list.push({ date_seen: row.date_seen, authority: { title: row.title } });
    out.set(id, list);
  }
  return out;
}

/** Spec 3, Flagged item: the question as the list and its detail view show it, answers revealed. */
export function flaggedItem(
  question: BankQuestion,
  questionNumber: number,
  seen: SeenEntry[],
  note: string | null,
): FlaggedItem {
  return {
    question_id: question.id,
    question: {
      id: question.id,
      question_stripped: stripHtml(question.question),
      reference: question.reference,
      type: question.type,
      question: question.question,
      answers: question.answers.map((a) => ({
        id: a.id,
        answer: a.answer,
        correct: a.correct,
        ...(a.group !== undefined ? { question_cloze_group: a.group } : {}),
      })),
      score: question.score,
      question_number: questionNumber,
      isFlagged: true,
      note,
      seen_in_exam: seen,
    },
  };
}

/**
 * The topics (level-2 headings) of a subject that hold questions of the student's bank, in
 * syllabus order, titled from the syllabus; a heading the syllabus lacks is titled by its code.
 */
export async function bankTopics(
  db: Db,
  syllabusId: number,
  subject: string,
): Promise<{ id: string; title: string }[]> {
  const inBank = new Set(await bankQuestionIds(db, syllabusId));
  const rows = await db
    .selectFrom("questions")
    .select(["id", "syllabus_code"])
    .where("subject", "=", subject)
    .where("retired_at", "is", null)
    .execute();
  const codes = [...new Set(rows.filter((r) => inBank.has(Number(r.id))).map((r) => topicOfCode(r.syllabus_code)))];
  if (codes.length === 0) return [];
  const nodes = await db.selectFrom("syllabus_nodes").select(["code", "title"]).where("code", "in", codes).execute();
  const titles = new Map(nodes.map((n) => [n.code, n.title]));
  return codes.sort().map((code) => ({ id: code, title: titles.get(code) ?? code }));
}
