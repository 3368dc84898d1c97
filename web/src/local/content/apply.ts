import type { PackBody } from "@preflight/sync-protocol/schemas/content-pack";
import { Dexie, type IndexableType, type Table } from "dexie";
import { currentDate } from "../../platform.ts";
import { archiveKey, type LocalQuestion, type UserDb } from "../store/db.ts";
import { UpdateError } from "./errors.ts";
import type { InstalledPack } from "./tables.ts";

/**
 * Applies a verified pack in one transaction: questions added or changed, questions that left
 * the bank moved to the archive (tests taken with them must still read), the subject's lessons
 * and syllabus lists replaced (its learning objectives as one row), and the subject's installed
 * version recorded. A delta applies only on top of the version it was made from.
 *
 * Kept close to a plain bulk write of the questions (the content-install bench compares the
 * two): the reads it needs and the pack's own writes are issued together, in that order, so the
 * database starts on the writes at once instead of after a round trip per pack (requests in a
 * transaction run in the order issued: the reads see the device before the pack). What depends
 * on the reads (the archive, the retired questions, the subject's rows the pack no longer has,
 * the subjects list) follows when they answer. A delta on the wrong base throws, and the
 * transaction undoes everything it issued.
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
      // A delta that left the subject's headings, objectives and lessons alone carries none.
      const nodes = body.nodes?.map((n) => ({ ...n, subject: code }));
      const subjectRows = [
        body.lessons ? { table: db.lessonContent, rows: body.lessons, key: (r: { id: number }) => r.id } : null,
        nodes ? { table: db.syllabusNodes, rows: nodes, key: (r: { code: string }) => r.code } : null,
      ].filter((t) => t !== null) as { table: Table; rows: readonly unknown[]; key: (row: never) => IndexableType }[];

      // Reads first. A full pack replaces what the device holds of the subject: only those rows
      // need reading. A delta is small; its questions (and those it retires) are read wherever
      // they sit.
      const reads = Promise.all([
        db.installedPacks.toArray(),
        full
          ? db.questions.where("subject").equals(code).toArray()
          : db.questions.bulkGet([...body.questions.map((q) => q.id), ...body.retired]),
        Promise.all(subjectRows.map((t) => t.table.where("subject").equals(code).primaryKeys())),
      ]);
      const record: InstalledPack = {
        subject: code,
        title: body.subject.title,
        version: body.version,
        packId: body.id,
        sha256,
        appliedAt: now.toISOString(),
      };
      const chunks = db.packChunks.where("[packId+index]").between([body.id, Dexie.minKey], [body.id, Dexie.maxKey]);
      // Then the pack's own writes, which need nothing read.
      const writes: Promise<unknown>[] = [
        db.questions.bulkPut(body.questions),
        ...subjectRows.map((t) => t.table.bulkPut(t.rows as never[])),
        // The subject's learning objectives are one row, replaced whole.
        ...(body.learning_objectives
          ? [db.learningObjectives.put({ subject: code, objectives: body.learning_objectives })]
          : []),
        db.installedPacks.put(record),
        db.updateRecords.add({
          kind: "applied",
          name: `${body.subject.title} (version ${body.version})`,
          at: now.toISOString(),
          detail: full ? "full" : `from version ${body.base_version}`,
        }),
        chunks.delete(),
        db.packDownloads.delete(body.id),
      ];

      const [packs, held, oldKeys] = await reads;
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
      if (archive.length)
        writes.push(
          db.questionArchive.bulkPut(archive.map((q) => ({ key: archiveKey(q.id, q.version), question: q }))),
        );
      if (retired.length) writes.push(db.questions.bulkDelete(retired));
      // The subject's lessons, headings and objectives the pack no longer has.
      subjectRows.forEach((t, i) => {
        const kept = new Set(t.rows.map((row) => t.key(row as never)));
        const gone = (oldKeys[i] ?? []).filter((key) => !kept.has(key));
        if (gone.length) writes.push(t.table.bulkDelete(gone));
      });
      const subjects = [...packs.filter((p) => p.subject !== code), record]
        .map((p) => ({ code: p.subject, title: p.title }))
        .sort((a, b) => a.code.localeCompare(b.code));
      writes.push(db.meta.put({ key: "subjects", value: subjects }));
      await Promise.all(writes);
    },
  );
}
