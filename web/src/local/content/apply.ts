import type { PackBody } from "@preflight/sync-protocol/schemas/content-pack";
import { currentDate } from "../../platform.ts";
import { archiveKey, type LocalQuestion, type UserDb } from "../store/db.ts";
import { UpdateError } from "./errors.ts";

/** Questions written per bulkPut: large enough to be quick, small enough to keep memory flat. */
export const APPLY_CHUNK = 2000;

/**
 * Applies a verified pack in one transaction: questions added or changed, questions that left
 * the bank moved to the archive (tests taken with them must still read), the subject's lessons
 * and syllabus lists replaced, and the subject's installed version recorded. A delta applies
 * only on top of the version it was made from.
 */
export async function applyPack(db: UserDb, body: PackBody, sha256: string, now: Date = currentDate()): Promise<void> {
  const code = body.subject.code;
  await db.transaction(
    "rw",
    [
      db.questions,
      db.questionArchive,
      db.installedPacks,
      db.lessonContent,
      db.syllabusNodes,
      db.learningObjectives,
      db.meta,
      db.updateRecords,
      db.packDownloads,
      db.packChunks,
    ],
    async () => {
      const installed = await db.installedPacks.get(code);
      if (body.base_version !== null && installed?.version !== body.base_version)
        throw new UpdateError(
          `Content pack ${body.id} updates version ${body.base_version}, but this device holds ${installed?.version ?? "none"}`,
          "stale",
        );

      const incoming = body.questions.map((q) => q.id);
      const incomingIds = new Set(incoming);
      // A full pack replaces what the device holds of the subject: only those rows need reading.
      // A delta is small; its questions are read wherever they sit.
      const held = body.base_version === null ? await db.questions.where("subject").equals(code).primaryKeys() : [];
      const heldIds = new Set(held);
      const toCompare = body.base_version === null ? incoming.filter((id) => heldIds.has(id)) : incoming;
      const byId = new Map(body.questions.map((q) => [q.id, q]));
      const replaced = (await db.questions.bulkGet(toCompare)).filter(
        (old): old is LocalQuestion => old !== undefined && old.version !== byId.get(old.id)?.version,
      );
      const retiredIds = body.base_version === null ? held.filter((id) => !incomingIds.has(id)) : body.retired;
      const retired = (await db.questions.bulkGet(retiredIds)).filter((q): q is LocalQuestion => q !== undefined);
      const archive = [...replaced, ...retired];
      if (archive.length)
        await db.questionArchive.bulkPut(archive.map((q) => ({ key: archiveKey(q.id, q.version), question: q })));
      if (retired.length) await db.questions.bulkDelete(retired.map((q) => q.id));
      for (let i = 0; i < body.questions.length; i += APPLY_CHUNK)
        await db.questions.bulkPut(body.questions.slice(i, i + APPLY_CHUNK));

      // A delta that left the subject's headings, objectives and lessons alone carries none.
      if (body.lessons) {
        await db.lessonContent.where("subject").equals(code).delete();
        await db.lessonContent.bulkPut(body.lessons);
      }
      if (body.nodes) {
        await db.syllabusNodes.where("subject").equals(code).delete();
        await db.syllabusNodes.bulkPut(body.nodes.map((n) => ({ ...n, subject: code })));
      }
      if (body.learning_objectives) {
        await db.learningObjectives.where("subject").equals(code).delete();
        await db.learningObjectives.bulkPut(body.learning_objectives);
      }

      await db.installedPacks.put({
        subject: code,
        title: body.subject.title,
        version: body.version,
        packId: body.id,
        sha256,
        appliedAt: now.toISOString(),
      });
      const subjects = (await db.installedPacks.toArray())
        .map((p) => ({ code: p.subject, title: p.title }))
        .sort((a, b) => a.code.localeCompare(b.code));
      await db.meta.put({ key: "subjects", value: subjects });
      await db.updateRecords.add({
        kind: "applied",
        name: `${body.subject.title} (version ${body.version})`,
        at: now.toISOString(),
        detail: body.base_version === null ? "full" : `from version ${body.base_version}`,
      });
      await db.packChunks.where("packId").equals(body.id).delete();
      await db.packDownloads.delete(body.id);
    },
  );
}
