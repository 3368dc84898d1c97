import type { PackBody, PackQuestion } from "@preflight/sync-protocol/schemas/content-pack";
import { PACK_FORMAT } from "@preflight/sync-protocol/schemas/content-pack";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import type { Clock } from "../deps.ts";
import { encodePack, sha256Hex } from "./pack-bytes.ts";
import { loadSyllabusContent, type SubjectContent } from "./subject-content.ts";

type Db = Kysely<Database>;

export interface ReleaseSummary {
  /** The new release number, or the current one when nothing changed. */
  release: number;
  changed: boolean;
  /** Packs written: full and delta, per syllabus and subject. */
  packs: { id: string; kind: "full" | "delta"; size: number; questions: number; retired: number }[];
}

type QuestionIndex = Record<string, number>;

/**
 * Publishes what changed since the last release: for every syllabus and subject whose content
 * differs from its newest full pack, a new full pack and a delta from that pack. Run inside the
 * transaction that changed the content, so a release never describes half an import.
 */
export async function publishRelease(db: Db, clock: Clock, source: string): Promise<ReleaseSummary> {
  const last = await db
    .selectFrom("content_releases")
    .select((eb) => eb.fn.max("version").as("version"))
    .executeTakeFirst();
  const release = Number(last?.version ?? 0) + 1;
  const now = clock.now().toISOString();
  const written: ReleaseSummary["packs"] = [];

  const syllabi = await db.selectFrom("syllabi").select("id").orderBy("id").execute();
  for (const { id: syllabusId } of syllabi) {
    const contents = await loadSyllabusContent(db, syllabusId);
    const previous = await latestFullPacks(db, syllabusId);
    for (const [code, content] of contents) {
      const hash = contentHash(content);
      const before = previous.get(code);
      if (before?.content_hash === hash) continue;
      const index = questionIndex(content.questions);
      const references = referenceHash(content);
      const full = packBody(syllabusId, content, release, null, content.questions, [], true);
      written.push(await storePack(db, full, now, { index, hash, references, images: content.images }));
      if (before?.question_index) {
        const base = JSON.parse(before.question_index) as QuestionIndex;
        const changed = content.questions.filter((q) => base[q.id] !== q.version);
        const retired = Object.keys(base)
          .map(Number)
          .filter((id) => index[id] === undefined);
        const delta = packBody(
          syllabusId,
          content,
          release,
          before.version,
          changed,
          retired,
          before.reference_hash !== references,
        );
        written.push(await storePack(db, delta, now, null));
      }
    }
  }

  if (written.length === 0) return { release: release - 1, changed: false, packs: [] };
  await db
    .insertInto("content_releases")
    .values({ version: release, published_at: now, source, summary: JSON.stringify({ packs: written.length }) })
    .execute();
  return { release, changed: true, packs: written };
}

async function latestFullPacks(db: Db, syllabusId: number) {
  const rows = await db
    .selectFrom("content_packs")
    .select(["subject", "version", "content_hash", "reference_hash", "question_index"])
    .where("syllabus_id", "=", syllabusId)
    .where("kind", "=", "full")
    .orderBy("version", "desc")
    .execute();
  const latest = new Map<string, (typeof rows)[number]>();
  for (const row of rows) if (!latest.has(row.subject)) latest.set(row.subject, row);
  return latest;
}

function packBody(
  syllabusId: number,
  content: SubjectContent,
  version: number,
  baseVersion: number | null,
  questions: PackQuestion[],
  retired: number[],
  withReferences: boolean,
): PackBody {
  const code = content.subject.code;
  return {
    format: PACK_FORMAT,
    id:
      baseVersion === null
        ? `s${syllabusId}-${code}-v${version}`
        : `s${syllabusId}-${code}-v${baseVersion}-v${version}`,
    syllabus_id: syllabusId,
    subject: content.subject,
    version,
    base_version: baseVersion,
    questions,
    retired,
    nodes: withReferences ? content.nodes : null,
    learning_objectives: withReferences ? content.learning_objectives : null,
    lessons: withReferences ? content.lessons : null,
  };
}

async function storePack(
  db: Db,
  body: PackBody,
  now: string,
  full: { index: QuestionIndex; hash: string; references: string; images: string[] } | null,
): Promise<ReleaseSummary["packs"][number]> {
  const encoded = encodePack(body);
  const kind = body.base_version === null ? "full" : "delta";
  await db
    .insertInto("content_packs")
    .values({
      id: body.id,
      syllabus_id: body.syllabus_id,
      subject: body.subject.code,
      kind,
      version: body.version,
      base_version: body.base_version,
      size: encoded.size,
      sha256: encoded.sha256,
      question_count: body.questions.length,
      retired_count: body.retired.length,
      question_index: full ? JSON.stringify(full.index) : null,
      content_hash: full?.hash ?? null,
      reference_hash: full?.references ?? null,
      images: full ? JSON.stringify(full.images) : null,
      bytes: encoded.bytes,
      created_at: now,
    })
    .execute();
  return { id: body.id, kind, size: encoded.size, questions: body.questions.length, retired: body.retired.length };
}

function questionIndex(questions: PackQuestion[]): QuestionIndex {
  const index: QuestionIndex = {};
  for (const q of questions) index[q.id] = q.version;
  return index;
}

/** Identifies a subject's headings, objectives and lessons: a delta carries them only when this changed. */
function referenceHash(content: SubjectContent): string {
  return sha256Hex(JSON.stringify([content.nodes, content.learning_objectives, content.lessons]));
}

/** Identifies a subject's content independent of the release it is published in. */
function contentHash(content: SubjectContent): string {
  return sha256Hex(
    JSON.stringify([
      content.subject,
      content.questions.map((q) => [q.id, q.version]),
      content.nodes,
      content.learning_objectives,
      content.lessons,
    ]),
  );
}
