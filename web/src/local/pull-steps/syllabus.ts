/**
 * Syllabus step: the syllabus, its modules and lessons, the course dates and the content
 * versions. Shared data the student never edits on the device, so a change replaces it whole.
 */
import { syllabusStepReplySchema } from "@preflight/sync-protocol";
import type { UserDb } from "../db.ts";
import { cursorKey } from "./cursor.ts";
import { fetchStep } from "./step.ts";
import type { PullCall } from "./transport.ts";

export async function pullSyllabus(db: UserDb, call: PullCall): Promise<{ deferred: boolean }> {
  const reply = await fetchStep(db, "syllabus", syllabusStepReplySchema, call);
  await db.transaction("rw", [db.modules, db.lessons, db.courseDates, db.meta], async () => {
    if (reply.changed) {
      await db.modules.clear();
      await db.modules.bulkPut(reply.modules);
      await db.lessons.clear();
      await db.lessons.bulkPut(reply.lessons);
      await db.courseDates.clear();
      await db.courseDates.bulkPut(
        reply.course_dates.map((d) => ({ moduleId: d.module_id, start: d.start, end: d.end })),
      );
      await db.meta.put({ key: "syllabus", value: reply.syllabus });
      await db.meta.put({ key: "contentVersions", value: reply.content_versions });
    }
    await db.meta.put({ key: cursorKey("syllabus"), value: reply.cursor });
  });
  return { deferred: false };
}
