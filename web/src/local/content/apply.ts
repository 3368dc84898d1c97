import type { PackBody } from "@preflight/sync-protocol/schemas/content-pack";
import { Dexie, type Table } from "dexie";
import { currentDate } from "../../platform.ts";
import { archiveKey, type LocalQuestion, type UserDb } from "../store/db.ts";
import { UpdateError } from "./errors.ts";
import type { InstalledPack } from "./tables.ts";

/**
 * Applies a verified pack in one transaction: questions added or changed, questions that left
 * the bank moved to the archive (tests taken with them must still read), the subject's lessons
 * and syllabus lists replaced, and the subject's installed version recorded. A delta applies
 * only on top of the version it was made from.
 *
 * Kept close to a plain bulk write of the questions (the content-install bench compares the
 * two): one read of what it needs, then every write issued at once rather than one after another
 * (requests in a transaction run in the order issued, so only a delete and the write that
 * refills the same table are chained), and nothing read twice.
 */
export async function applyPack(db: UserDb, body: PackBody, sha256: string, now: Date = currentDate()): Promise<void> {
  const code = body.subject.code;
  const full = body.base_version === null;
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
      // A full pack replaces what the device holds of the subject: only those rows need reading.
      // A delta is small; its questions (and those it retires) are read wherever they sit.
      const [packs, held] = await Promise.all([
        db.installedPacks.toArray(),
        full
          ? db.questions.where("subject").equals(code).toArray()
          : db.questions.bulkGet([...body.questions.map((q) => q.id), ...body.retired]),
      ]);
      const installed = packs.find((p) => p.subject === code);
      if (!full && installed?.version !== body.base_version)
        throw new UpdateError(
          `Content pack ${body.id} updates version ${body.base_version}, but this device holds ${installed?.version ?? "none"}`,
          "stale",
        );

      const versionOf = new Map(body.questions.map((q) => [q.id, q.version]));
      const retiredIds = new Set(full ? [] : body.retired);
      const archive: LocalQuestion[] = [];
      const retired: number[] = [];
      for (const old of held) {
        if (!old) continue;
        const version = versionOf.get(old.id);
        if (version === undefined) {
          // Not in the pack: left the bank (a full pack's subject row, or a delta's retired id).
          if (full || retiredIds.has(old.id)) {
            archive.push(old);
            retired.push(old.id);
          }
        } else if (version !== old.version) archive.push(old);
      }

      const record: InstalledPack = {
        subject: code,
        title: body.subject.title,
        version: body.version,
        packId: body.id,
        sha256,
        appliedAt: now.toISOString(),
      };
      const subjects = [...packs.filter((p) => p.subject !== code), record]
        .map((p) => ({ code: p.subject, title: p.title }))
        .sort((a, b) => a.code.localeCompare(b.code));
      const chunks = db.packChunks.where("[packId+index]").between([body.id, Dexie.minKey], [body.id, Dexie.maxKey]);

      const writes = [
        archive.length
          ? db.questionArchive.bulkPut(archive.map((q) => ({ key: archiveKey(q.id, q.version), question: q })))
          : null,
        retired.length ? db.questions.bulkDelete(retired) : null,
        db.questions.bulkPut(body.questions),
        // A delta that left the subject's headings, objectives and lessons alone carries none.
        body.lessons ? replaceSubjectRows(db.lessonContent, code, body.lessons) : null,
        body.nodes
          ? replaceSubjectRows(
              db.syllabusNodes,
              code,
              body.nodes.map((n) => ({ ...n, subject: code })),
            )
          : null,
        body.learning_objectives ? replaceSubjectRows(db.learningObjectives, code, body.learning_objectives) : null,
        db.installedPacks.put(record),
        db.meta.put({ key: "subjects", value: subjects }),
        db.updateRecords.add({
          kind: "applied",
          name: `${body.subject.title} (version ${body.version})`,
          at: now.toISOString(),
          detail: full ? "full" : `from version ${body.base_version}`,
        }),
        chunks.delete(),
        db.packDownloads.delete(body.id),
      ];
      await Promise.all(writes);
    },
  );
}

/** The subject's rows of a table replaced by `rows`: the delete first, then the write. */
async function replaceSubjectRows<T>(table: Table<T>, subject: string, rows: readonly T[]): Promise<void> {
  await table.where("subject").equals(subject).delete();
  await table.bulkPut(rows as T[]);
}
