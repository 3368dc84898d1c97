import type { LearningObjective, Lesson, SyllabusNode } from "@preflight/sync-protocol/schemas/content";

/** The content pack of a subject the device holds (one row per subject). */
export interface InstalledPack {
  subject: string;
  title: string;
  version: number;
  packId: string;
  sha256: string;
  appliedAt: string;
}

/** A pack download in progress: what arrived so far, so a reload or lost connection resumes. */
export interface PackDownload {
  packId: string;
  sha256: string;
  size: number;
  received: number;
  chunks: number;
}

/** One slice of a download's bytes (Uint8Array: Safari stores those more reliably than Blobs). */
export interface PackChunk {
  packId: string;
  index: number;
  bytes: Uint8Array;
}

/** An applied or failed update, for the updates admin lists. */
export interface UpdateRecord {
  id?: number;
  kind: "applied" | "failed";
  name: string;
  /** null when the time is not known (shown as Unknown). */
  at: string | null;
  detail: string | null;
}

/** A lesson's pages from its subject's content pack. */
export type LessonContent = Lesson;
export type LocalSyllabusNode = SyllabusNode & { subject: string };
export type LocalLearningObjective = LearningObjective;
/**
 * A subject's learning objectives, as one row (schema version 13; one row per objective
 * before). Nothing on the device looks one up by its code, and a subject has hundreds: one row
 * each was a fifth of every row a first install writes for nothing but the write itself.
 */
export interface SubjectObjectives {
  subject: string;
  objectives: LocalLearningObjective[];
}

/**
 * Dexie schema version 6: the content packs and what they carry besides questions
 * (`learningObjectives` is one row per subject since version 13: `SUBJECT_OBJECTIVES_STORE`).
 */
export const CONTENT_STORES = {
  installedPacks: "subject",
  packDownloads: "packId",
  packChunks: "[packId+index], packId",
  updateRecords: "++id, kind, at",
  lessonContent: "id, subject",
  syllabusNodes: "code, subject",
  learningObjectives: "code, subject",
} as const;

/** Schema version 13: a subject's learning objectives in one row (`SubjectObjectives`). */
export const SUBJECT_OBJECTIVES_STORE = { learningObjectives: "subject" } as const;

/**
 * Something derived from the bank once, when it is installed or updated, and kept (schema
 * version 11): the practice builder's index, the lesson search index. `bankKey` names the
 * content it was built from; one built for other content is built again.
 */
export interface BankIndexRow {
  key: string;
  bankKey: string;
  value: unknown;
}
