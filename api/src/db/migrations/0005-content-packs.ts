import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * Published content: releases, and the gzipped packs (full and delta) per syllabus and subject
 * that devices download. Packs live in the database so SQLite and PostgreSQL deployments carry
 * them the same way; only the binary column type differs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const binary = db.getExecutor().adapter instanceof PostgresAdapter ? sql`bytea` : sql`blob`;

  await db.schema
    .createTable("content_releases")
    .addColumn("version", "integer", (c) => c.primaryKey())
    .addColumn("published_at", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    /** JSON: added, changed and retired question counts, packs written. */
    .addColumn("summary", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("content_packs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("syllabus_id", "integer", (c) => c.notNull().references("syllabi.id"))
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("base_version", "integer")
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("sha256", "text", (c) => c.notNull())
    .addColumn("question_count", "integer", (c) => c.notNull())
    .addColumn("retired_count", "integer", (c) => c.notNull())
    /** Full packs: JSON {question id: version}, the base a later delta is computed from. */
    .addColumn("question_index", "text")
    /** Full packs: hash of the subject's content, to tell whether a publish changed it. */
    .addColumn("content_hash", "text")
    /** Full packs: hash of the subject's headings, objectives and lessons (a delta leaves equal ones out). */
    .addColumn("reference_hash", "text")
    /** Full packs: JSON list of image files the subject's questions and lessons use. */
    .addColumn("images", "text")
    .addColumn("bytes", binary, (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("content_packs_subject")
    .on("content_packs")
    .columns(["syllabus_id", "subject", "kind", "version"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("content_packs").execute();
  await db.schema.dropTable("content_releases").execute();
}
