/**
 * The one read of the bank's current questions by id: each live (not retired) question's
 * subject and current version. A test is taken with these versions: the syllabus sync step sends
 * them with each progress test, and the content check before a test finds the packs holding them.
 */
import type { Db } from "../db/schema.ts";

/** Ids per query, under SQLite's and PostgreSQL's parameter limits. */
const IN_CHUNK = 500;

/** The live questions among `ids`: id → subject and current version (retired ones are absent). */
export async function currentQuestions(
  db: Db,
  ids: number[],
): Promise<Map<number, { subject: string; version: number }>> {
  const current = new Map<number, { subject: string; version: number }>();
  for (let i = 0; i < ids.length; i += IN_CHUNK) {
    const rows = await db
      .selectFrom("questions")
      .select(["id", "subject", "current_version"])
      .where("id", "in", ids.slice(i, i + IN_CHUNK))
      .where("retired_at", "is", null)
      .execute();
    for (const r of rows) current.set(r.id, { subject: r.subject, version: r.current_version });
  }
  return current;
}
