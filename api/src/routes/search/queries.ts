import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { lessonProgressOf } from "../../read/progress.ts";

export interface SyllabusLesson {
  id: number;
  title: string;
  subject: string;
  pages: string[];
}

/** The lessons the student's syllabus names in its modules (a lesson once). */
export async function lessonsOfSyllabus(db: Kysely<Database>, syllabusId: number | null): Promise<SyllabusLesson[]> {
  if (syllabusId === null) return [];
  const rows = await db
    .selectFrom("lessons")
    .select(["lessons.id", "lessons.title", "lessons.subject", "lessons.pages"])
    .where("lessons.id", "in", (eb) =>
      eb
        .selectFrom("module_parts")
        .innerJoin("modules", "modules.id", "module_parts.module_id")
        .select("module_parts.lesson_id")
        .where("modules.syllabus_id", "=", syllabusId)
        .where("module_parts.lesson_id", "is not", null)
        .$narrowType<{ lesson_id: number }>(),
    )
    .orderBy("lessons.id")
    .execute();
  return rows.map((r) => ({ id: r.id, title: r.title, subject: r.subject, pages: JSON.parse(r.pages) as string[] }));
}

/** The lessons the student opened, each started or completed (spec: Lessons select). */
export async function lessonStates(
  db: Kysely<Database>,
  userId: string,
): Promise<Map<number, "started" | "completed">> {
  const rows = await lessonProgressOf(db, userId);
  return new Map(rows.map((r) => [r.lesson_id, r.completed === 1 ? "completed" : "started"]));
}
