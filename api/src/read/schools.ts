/**
 * What schools offer: the allowed schools (`open_registration` = 1) and the active syllabi a
 * school offers. Registration lists them, and a student's exam choices (profile page, profile
 * sync step, profile edit) are read from the same query.
 */
import type { SyllabusChoice } from "@preflight/sync-protocol/schemas/accounts";
import type { Db } from "../db/schema.ts";

/** The schools anyone may register with. */
export function allowedSchools(db: Db) {
  return db.selectFrom("schools").select(["id", "name"]).where("open_registration", "=", 1).orderBy("id").execute();
}

/**
 * Active syllabi of one school, or of every allowed school ("allowed"); with `id`, only that
 * syllabus if it is one of them.
 */
export function offeredSyllabi(db: Db, school: number | "allowed", id?: number): Promise<SyllabusChoice[]> {
  let query = db
    .selectFrom("syllabi")
    .innerJoin("schools", "schools.id", "syllabi.school_id")
    .select(["syllabi.id", "syllabi.title", "syllabi.warning", "schools.id as school_id"])
    .where("syllabi.active", "=", 1)
    .where((eb) => (school === "allowed" ? eb("schools.open_registration", "=", 1) : eb("schools.id", "=", school)))
    .orderBy("syllabi.id");
  if (id !== undefined) query = query.where("syllabi.id", "=", id);
  return query.execute();
}
