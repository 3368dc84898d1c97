import type { LearningObjective, Lesson, SyllabusNode } from "@preflight/sync-protocol/schemas/content";
import type { PackQuestion } from "@preflight/sync-protocol/schemas/content-pack";
import type { Kysely } from "kysely";
import type { Database, SyllabiTable } from "../db/schema.ts";

type Db = Kysely<Database>;

/** Everything a device needs of one subject for one syllabus, at the server's current versions. */
export interface SubjectContent {
  subject: { code: string; title: string };
  questions: PackQuestion[];
  nodes: SyllabusNode[];
  learning_objectives: LearningObjective[];
  lessons: Lesson[];
  images: string[];
}

/** Whether a question belongs to a syllabus's bank: its edition, examples only if included. */
export function inSyllabusBank(
  syllabus: Pick<SyllabiTable, "edition" | "include_examples">,
  row: { editions: string; example: number },
): boolean {
  return (
    (JSON.parse(row.editions) as string[]).includes(syllabus.edition) &&
    (syllabus.include_examples === 1 || row.example === 0)
  );
}

/** The live content of every subject of a syllabus that has questions or lessons, by subject code. */
export async function loadSyllabusContent(db: Db, syllabusId: number): Promise<Map<string, SubjectContent>> {
  const syllabus = await db.selectFrom("syllabi").selectAll().where("id", "=", syllabusId).executeTakeFirstOrThrow();
  const [questionRows, subjects, nodes, objectives, lessons] = await Promise.all([
    db
      .selectFrom("questions")
      .innerJoin("question_versions", (j) =>
        j
          .onRef("question_versions.question_id", "=", "questions.id")
          .onRef("question_versions.version", "=", "questions.current_version"),
      )
      // A school's own question is in no pack: it comes only with that school's fixed tests.
      .where("questions.school_id", "is", null)
      .select([
        "questions.id",
        "questions.subject",
        "questions.current_version",
        "questions.editions",
        "questions.example",
        "question_versions.content",
      ])
      .where("questions.retired_at", "is", null)
      .orderBy("questions.id")
      .execute(),
    db.selectFrom("subjects").selectAll().orderBy("code").execute(),
    db.selectFrom("syllabus_nodes").selectAll().orderBy("code").execute(),
    db.selectFrom("learning_objectives").selectAll().orderBy("code").execute(),
    db.selectFrom("lessons").selectAll().orderBy("id").execute(),
  ]);

  const bySubject = new Map<string, SubjectContent>();
  const entry = (code: string) => {
    let content = bySubject.get(code);
    if (!content) {
      const title = subjects.find((s) => s.code === code)?.title ?? code;
      content = {
        subject: { code, title },
        questions: [],
        nodes: [],
        learning_objectives: [],
        lessons: [],
        images: [],
      };
      bySubject.set(code, content);
    }
    return content;
  };
  for (const row of questionRows) {
    if (!inSyllabusBank(syllabus, row)) continue;
    entry(row.subject).questions.push({ ...(JSON.parse(row.content) as PackQuestion), version: row.current_version });
  }
  for (const lesson of lessons)
    entry(lesson.subject).lessons.push({
      id: lesson.id,
      subject: lesson.subject,
      code: lesson.code,
      title: lesson.title,
      pages: JSON.parse(lesson.pages) as string[],
      learning_objectives: JSON.parse(lesson.learning_objectives) as string[],
    });
  for (const content of bySubject.values()) {
    const code = content.subject.code;
    content.nodes = nodes
      .filter((n) => n.subject === code)
      .map((n) => ({ code: n.code, title: n.title, level: n.level }));
    content.learning_objectives = objectives
      .filter((lo) => lo.subject === code)
      .map((lo) => ({
        code: lo.code,
        text: lo.text,
        subject: lo.subject,
        courses: JSON.parse(lo.courses) as string[],
      }));
    content.images = imagesOf(content);
  }
  return bySubject;
}

const LESSON_IMAGE = /\bsrc="\/content\/images\/([a-z0-9][a-z0-9._-]*)"/g;

/** Image files the subject's questions and lessons show, sorted. */
function imagesOf(content: SubjectContent): string[] {
  const files = new Set<string>();
  for (const q of content.questions)
    for (const image of [...q.annex_images, ...q.answer_images]) files.add(image.file.replace(/^images\//, ""));
  for (const lesson of content.lessons)
    for (const page of lesson.pages) for (const match of page.matchAll(LESSON_IMAGE)) files.add(match[1] as string);
  return [...files].sort();
}
