import type { Kysely } from "kysely";

/** The first schema. Column types chosen to mean the same on SQLite and PostgreSQL. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("classes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("school_name", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("syllabi")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("licence", "text", (c) => c.notNull())
    .addColumn("edition", "text", (c) => c.notNull())
    .addColumn("include_examples", "integer", (c) => c.notNull())
    .addColumn("active", "integer", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("users")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("firstname", "text", (c) => c.notNull())
    .addColumn("lastname", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("syllabus_id", "integer", (c) => c.references("syllabi.id"))
    .addColumn("class_id", "text", (c) => c.references("classes.id"))
    .addColumn("subscription_start", "text")
    .addColumn("subscription_end", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_seen_at", "text", (c) => c.notNull())
    .addColumn("ended_at", "text")
    .addColumn("ended_reason", "text")
    .execute();
  await db.schema.createIndex("sessions_user").on("sessions").column("user_id").execute();

  await db.schema
    .createTable("subjects")
    .addColumn("code", "text", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("syllabus_nodes")
    .addColumn("code", "text", (c) => c.primaryKey())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("level", "integer", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("learning_objectives")
    .addColumn("code", "text", (c) => c.primaryKey())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("courses", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("questions")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("syllabus_code", "text", (c) => c.notNull())
    .addColumn("current_version", "integer", (c) => c.notNull())
    .addColumn("example", "integer", (c) => c.notNull())
    .addColumn("editions", "text", (c) => c.notNull())
    .addColumn("added", "text", (c) => c.notNull())
    .addColumn("retired_at", "text")
    .execute();

  await db.schema
    .createTable("question_versions")
    .addColumn("question_id", "integer", (c) => c.notNull().references("questions.id"))
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("question_versions_pk", ["question_id", "version"])
    .execute();

  await db.schema
    .createTable("lessons")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("code", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("pages", "text", (c) => c.notNull())
    .addColumn("learning_objectives", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("modules")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("syllabus_id", "integer", (c) => c.notNull().references("syllabi.id"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("prerequisite_module_id", "integer")
    .execute();

  await db.schema
    .createTable("progress_tests")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("question_ids", "text", (c) => c.notNull())
    .addColumn("pass_percentage", "integer")
    .addColumn("time_limit", "integer")
    .execute();

  await db.schema
    .createTable("module_parts")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("module_id", "integer", (c) => c.notNull().references("modules.id"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("lesson_id", "integer", (c) => c.references("lessons.id"))
    .addColumn("progress_test_id", "integer", (c) => c.references("progress_tests.id"))
    .execute();

  await db.schema
    .createTable("authorities")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("group_name", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("user_tests")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("test_type", "text", (c) => c.notNull())
    .addColumn("display_answers", "text", (c) => c.notNull())
    .addColumn("time_limit", "integer")
    .addColumn("pass_percentage", "integer")
    .addColumn("started", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    .addColumn("score", "integer")
    .addColumn("total_score", "integer", (c) => c.notNull())
    .addColumn("percentage", "integer")
    .addColumn("pass", "integer")
    .execute();
  await db.schema.createIndex("user_tests_user").on("user_tests").column("user_id").execute();

  await db.schema
    .createTable("user_test_questions")
    .addColumn("user_test_id", "text", (c) => c.notNull().references("user_tests.id"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("question_id", "integer", (c) => c.notNull().references("questions.id"))
    .addColumn("question_version", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("user_test_questions_pk", ["user_test_id", "position"])
    .execute();

  await db.schema
    .createTable("answers")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("user_test_id", "text", (c) => c.notNull().references("user_tests.id"))
    .addColumn("question_id", "integer", (c) => c.notNull())
    .addColumn("question_version", "integer", (c) => c.notNull())
    .addColumn("given", "text", (c) => c.notNull())
    .addColumn("answered", "integer", (c) => c.notNull())
    .addColumn("correct", "integer")
    .addColumn("applied", "integer", (c) => c.notNull())
    .addColumn("reason", "text")
    .addColumn("mutation_id", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("received_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("answers_test").on("answers").columns(["user_test_id", "question_id"]).execute();

  await db.schema
    .createTable("mutations")
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("id", "text", (c) => c.notNull())
    .addColumn("client_id", "text", (c) => c.notNull())
    .addColumn("seq", "integer", (c) => c.notNull())
    .addColumn("call", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("reply", "text", (c) => c.notNull())
    .addColumn("received_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("mutations_pk", ["user_id", "id"])
    .execute();

  await db.schema
    .createTable("client_cursors")
    .addColumn("client_id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("last_seq", "integer", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "client_cursors",
    "mutations",
    "answers",
    "user_test_questions",
    "user_tests",
    "authorities",
    "module_parts",
    "progress_tests",
    "modules",
    "lessons",
    "question_versions",
    "questions",
    "learning_objectives",
    "syllabus_nodes",
    "subjects",
    "sessions",
    "users",
    "syllabi",
    "classes",
  ])
    await db.schema.dropTable(table).execute();
}
