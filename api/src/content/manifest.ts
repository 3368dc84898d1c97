import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { join } from "node:path";
import type { Manifest, ManifestImage, PackEntry } from "@preflight/sync-protocol/schemas/content-pack";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

type Db = Kysely<Database>;

/** What a device of this syllabus can download: newest full packs, every delta, and images. */
export async function buildManifest(db: Db, syllabusId: number, imagesDir: string | undefined): Promise<Manifest> {
  const [packs, release, subjects, modules] = await Promise.all([
    db
      .selectFrom("content_packs")
      .select([
        "id",
        "subject",
        "kind",
        "version",
        "base_version",
        "size",
        "sha256",
        "question_count",
        "retired_count",
        "images",
      ])
      .where("syllabus_id", "=", syllabusId)
      .orderBy("subject")
      .orderBy("version")
      .execute(),
    db
      .selectFrom("content_releases")
      .select(["version", "published_at"])
      .orderBy("version", "desc")
      .limit(1)
      .executeTakeFirst(),
    db.selectFrom("subjects").selectAll().execute(),
    moduleSubjects(db, syllabusId),
  ]);

  const newestFull = new Map<string, (typeof packs)[number]>();
  for (const pack of packs) if (pack.kind === "full") newestFull.set(pack.subject, pack);
  const entry = (p: (typeof packs)[number]): PackEntry => ({
    id: p.id,
    subject: p.subject,
    kind: p.kind,
    version: p.version,
    base_version: p.base_version,
    size: p.size,
    sha256: p.sha256,
    questions: p.question_count,
    retired: p.retired_count,
  });
  const files = new Set<string>();
  for (const pack of newestFull.values()) for (const f of JSON.parse(pack.images ?? "[]") as string[]) files.add(f);

  return {
    syllabus_id: syllabusId,
    release: release?.version ?? 0,
    published_at: release?.published_at ?? null,
    subjects: [...newestFull.values()].map((p) => ({
      code: p.subject,
      title: subjects.find((s) => s.code === p.subject)?.title ?? p.subject,
      version: p.version,
    })),
    modules: modules.map((m) => ({ ...m, subjects: m.subjects.filter((code) => newestFull.has(code)) })),
    packs: [...[...newestFull.values()].map(entry), ...packs.filter((p) => p.kind === "delta").map(entry)],
    images: imagesDir ? await describeImages(imagesDir, [...files].sort()) : [],
  };
}

/** The subjects each module of the syllabus draws on (its lessons and progress tests), in order. */
async function moduleSubjects(db: Db, syllabusId: number) {
  const rows = await db
    .selectFrom("modules")
    .innerJoin("module_parts", "module_parts.module_id", "modules.id")
    .leftJoin("lessons", "lessons.id", "module_parts.lesson_id")
    .leftJoin("progress_tests", "progress_tests.id", "module_parts.progress_test_id")
    .select([
      "modules.id",
      "modules.title",
      "modules.position",
      "module_parts.position as part",
      "lessons.subject as lesson_subject",
      "progress_tests.subject as test_subject",
    ])
    .where("modules.syllabus_id", "=", syllabusId)
    .orderBy("modules.position")
    .orderBy("module_parts.position")
    .execute();
  const modules: { id: number; title: string; subjects: string[] }[] = [];
  for (const row of rows) {
    let module = modules.find((m) => m.id === row.id);
    if (!module) {
      module = { id: row.id, title: row.title, subjects: [] };
      modules.push(module);
    }
    const subject = row.lesson_subject ?? row.test_subject;
    if (subject && !module.subjects.includes(subject)) module.subjects.push(subject);
  }
  return modules;
}

const imageHashes = new Map<string, { key: string; image: ManifestImage }>();

/** Size and sha256 of each image file present; hashes are kept until the file changes. */
async function describeImages(dir: string, files: string[]): Promise<ManifestImage[]> {
  const images: ManifestImage[] = [];
  for (const file of files) {
    const path = join(dir, file);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) continue;
    const key = `${info.size}:${info.mtimeMs}`;
    const known = imageHashes.get(path);
    if (known?.key === key) {
      images.push(known.image);
      continue;
    }
    const hash = createHash("sha256");
    for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
    const image = { file, size: info.size, sha256: hash.digest("hex") };
    imageHashes.set(path, { key, image });
    images.push(image);
  }
  return images;
}
