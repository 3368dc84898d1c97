/**
 * Syllabus step: the syllabus, its modules and lessons, the course dates and the content
 * versions. Shared data, so a change replaces it whole, except course dates the student edited
 * on this device that are still in the outbox.
 */
import type { UserDb } from "../../store/db.ts";
import { cursorKey } from "./cursor.ts";
import { mergePending, pendingRefs } from "./pending.ts";
import { fetchStep } from "./step.ts";
import type { PullCall } from "./transport.ts";

export async function pullSyllabus(db: UserDb, ask: PullCall["syllabus"]): Promise<{ deferred: boolean }> {
  const before = await pendingRefs(db);
  const reply = await fetchStep(db, "syllabus", ask);
  const deferred = await db.transaction(
    "rw",
    [db.modules, db.lessons, db.courseDates, db.progressTests, db.meta, db.outbox],
    async () => {
      // Course dates edited on this device and not yet sent stay as they are (PL5), and the cursor
      // stays unset, so the server's dates come again once the change is applied.
      const { courseDates: datesPending } = mergePending(before, await pendingRefs(db));
      if (reply.changed) {
        await db.modules.clear();
        await db.modules.bulkPut(reply.modules);
        await db.lessons.clear();
        await db.lessons.bulkPut(reply.lessons);
        if (!datesPending) {
          await db.courseDates.clear();
          await db.courseDates.bulkPut(
            reply.course_dates.map((d) => ({ moduleId: d.module_id, start: d.start, end: d.end })),
          );
        }
        await db.progressTests.clear();
        await db.progressTests.bulkPut(reply.progress_tests);
        await db.meta.put({ key: "accessSettings", value: reply.access_settings });
        await db.meta.put({ key: "syllabus", value: reply.syllabus });
        await db.meta.put({ key: "contentVersions", value: reply.content_versions });
      }
      if (!datesPending) await db.meta.put({ key: cursorKey("syllabus"), value: reply.cursor });
      return datesPending;
    },
  );
  return { deferred };
}
