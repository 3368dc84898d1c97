import {
  type BankQuestion,
  bankQuestionSchema,
  type Lesson,
  lessonSchema,
} from "@preflight/sync-protocol/schemas/content";
import { bankFileSchema } from "@preflight/sync-protocol/schemas/content-pack";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import type { Clock } from "../deps.ts";
import { publishRelease, type ReleaseSummary } from "./publish.ts";

type Db = Kysely<Database>;

export interface ImportSummary {
  added: number;
  changed: number;
  unchanged: number;
  retired: number;
  restored: number;
  lessons: number;
  release: ReleaseSummary;
}

export class ImportRejected extends Error {
  constructor(readonly problems: string[]) {
    super(`The bank was not imported: ${problems.length} problem(s)\n${problems.slice(0, 50).join("\n")}`);
  }
}

/** Reads and checks a bank file's questions and lessons; every problem is reported, nothing kept. */
export function parseBankFile(raw: unknown): { questions: BankQuestion[]; lessons: Lesson[] } {
  const file = bankFileSchema.safeParse(raw);
  if (!file.success) throw new ImportRejected(["the file is neither a question array nor a preflight-bank/1 object"]);
  const items = Array.isArray(file.data) ? { questions: file.data, lessons: [] } : file.data;
  const problems: string[] = [];
  const questions: BankQuestion[] = [];
  const seen = new Set<number>();
  items.questions.forEach((item, i) => {
    const parsed = bankQuestionSchema.safeParse(item);
    const where = `question ${i + 1}${typeof (item as { id?: unknown })?.id === "number" ? ` (id ${(item as { id: number }).id})` : ""}`;
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        problems.push(`${where}${issue.path.length ? ` at ${issue.path.join(".")}` : ""}: ${issue.message}`);
      return;
    }
    if (seen.has(parsed.data.id)) problems.push(`${where}: id ${parsed.data.id} appears twice`);
    seen.add(parsed.data.id);
    questions.push(parsed.data);
  });
  const lessons: Lesson[] = [];
  items.lessons.forEach((item, i) => {
    const parsed = lessonSchema.safeParse(item);
    if (parsed.success) lessons.push(parsed.data);
    else for (const issue of parsed.error.issues) problems.push(`lesson ${i + 1}: ${issue.message}`);
  });
  if (problems.length) throw new ImportRejected(problems);
  return { questions, lessons };
}

/**
 * Loads a bank into the server and publishes a release, all in one transaction: a question new
 * to the server gets version 1, a changed one its next version (tests taken with the old one
 * keep it), and a question of an imported subject that the file no longer holds is retired.
 */
export async function importBank(db: Db, clock: Clock, raw: unknown, source: string): Promise<ImportSummary> {
  const { questions, lessons } = parseBankFile(raw);
  return db.transaction().execute(async (tx) => {
    await checkReferences(tx, questions, lessons);
    const now = clock.now().toISOString();
    const subjects = [...new Set(questions.map((q) => q.subject))];
    const existing = subjects.length
      ? await tx
          .selectFrom("questions")
          .innerJoin("question_versions", (j) =>
            j
              .onRef("question_versions.question_id", "=", "questions.id")
              .onRef("question_versions.version", "=", "questions.current_version"),
          )
          .select(["questions.id", "questions.subject", "questions.current_version", "questions.retired_at", "content"])
          // Schools' own questions are not the provider's bank: an import never changes or retires them.
          .where("questions.school_id", "is", null)
          .execute()
      : [];
    const byId = new Map(existing.map((row) => [row.id, row]));
    const summary = { added: 0, changed: 0, unchanged: 0, retired: 0, restored: 0 };
    const newVersions: { question_id: number; version: number; content: string; created_at: string }[] = [];
    const newQuestions: Parameters<typeof insertQuestions>[1] = [];

    for (const q of questions) {
      const row = byId.get(q.id);
      const content = JSON.stringify(q);
      const columns = {
        subject: q.subject,
        syllabus_code: q.syllabus_code,
        example: q.example ? (1 as const) : (0 as const),
        editions: JSON.stringify(q.editions),
        added: q.added,
      };
      if (!row) {
        summary.added++;
        newQuestions.push({ id: q.id, current_version: 1, retired_at: null, ...columns });
        newVersions.push({ question_id: q.id, version: 1, content, created_at: now });
        continue;
      }
      const same = canonical(JSON.parse(row.content)) === canonical(q);
      if (same && row.retired_at === null) {
        summary.unchanged++;
        continue;
      }
      const version = same ? row.current_version : row.current_version + 1;
      if (same) summary.restored++;
      else {
        summary.changed++;
        newVersions.push({ question_id: q.id, version, content, created_at: now });
      }
      await tx
        .updateTable("questions")
        .set({ ...columns, current_version: version, retired_at: null })
        .where("id", "=", q.id)
        .execute();
    }
    await insertQuestions(tx, newQuestions);
    for (let i = 0; i < newVersions.length; i += 100)
      await tx
        .insertInto("question_versions")
        .values(newVersions.slice(i, i + 100))
        .execute();

    // The file is the whole bank of its subjects: what it no longer holds leaves the bank.
    const kept = new Set(questions.map((q) => q.id));
    const gone = existing
      .filter((row) => subjects.includes(row.subject) && row.retired_at === null && !kept.has(row.id))
      .map((row) => row.id);
    for (let i = 0; i < gone.length; i += 500)
      await tx
        .updateTable("questions")
        .set({ retired_at: now })
        .where("id", "in", gone.slice(i, i + 500))
        .execute();
    summary.retired = gone.length;

    for (const lesson of lessons) {
      const values = {
        subject: lesson.subject,
        code: lesson.code,
        title: lesson.title,
        pages: JSON.stringify(lesson.pages),
        learning_objectives: JSON.stringify(lesson.learning_objectives),
      };
      const updated = await tx.updateTable("lessons").set(values).where("id", "=", lesson.id).executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0)
        await tx
          .insertInto("lessons")
          .values({ id: lesson.id, ...values })
          .execute();
    }

    const release = await publishRelease(tx, clock, source);
    return { ...summary, lessons: lessons.length, release };
  });
}

async function insertQuestions(db: Db, rows: Database["questions"][]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto("questions")
      .values(rows.slice(i, i + 200))
      .execute();
}

/** Subjects, syllabus headings and learning objectives must exist: the bank hangs off them. */
async function checkReferences(db: Db, questions: BankQuestion[], lessons: Lesson[]): Promise<void> {
  const [subjects, nodes, objectives] = await Promise.all([
    db.selectFrom("subjects").select("code").execute(),
    db.selectFrom("syllabus_nodes").select("code").execute(),
    db.selectFrom("learning_objectives").select("code").execute(),
  ]);
  const subjectSet = new Set(subjects.map((s) => s.code));
  const nodeSet = new Set(nodes.map((n) => n.code));
  const objectiveSet = new Set(objectives.map((o) => o.code));
  const problems: string[] = [];
  for (const q of questions) {
    if (!subjectSet.has(q.subject)) problems.push(`question ${q.id}: unknown subject ${q.subject}`);
    if (!nodeSet.has(q.syllabus_code)) problems.push(`question ${q.id}: unknown syllabus heading ${q.syllabus_code}`);
    for (const lo of q.learning_objectives)
      if (!objectiveSet.has(lo)) problems.push(`question ${q.id}: unknown learning objective ${lo}`);
  }
  for (const lesson of lessons)
    if (!subjectSet.has(lesson.subject)) problems.push(`lesson ${lesson.id}: unknown subject ${lesson.subject}`);
  if (problems.length) throw new ImportRejected(problems);
}

/** JSON with sorted keys, so two equal questions compare equal whatever their key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}
