/**
 * The bank's version exactly as GET /api/content/bank computes it for its ETag (CT4): the first
 * 16 hex digits of a sha256 over every non-retired question's `id:current_version`, then the
 * syllabus id. (An API test holds the two equal.)
 */
import { createHash } from "node:crypto";
import type { Db } from "../db/schema.ts";

export async function bankVersion(db: Db, syllabusId: number): Promise<string> {
  const rows = await db
    .selectFrom("questions")
    .select(["id", "current_version"])
    .where("retired_at", "is", null)
    .where("school_id", "is", null)
    .orderBy("id")
    .execute();
  return createHash("sha256")
    .update(rows.map((r) => `${r.id}:${r.current_version}`).join(","))
    .update(String(syllabusId))
    .digest("hex")
    .slice(0, 16);
}
