import { type Kysely, sql } from "kysely";
import { dropChangeSeqStamp, stampChangeSeq } from "../change-seq.ts";

/**
 * The account life cycle (spec accounts §1–§9).
 *
 * - `schools`: a real table. Syllabi and classes belong to one; `open_registration` = 1 makes a
 *   school one of the "allowed schools" whose active syllabi a newcomer may register for.
 *   An existing database gets the provider's own school (id 1, open) for its syllabi and one
 *   closed school per class school name.
 * - `licence_types` (spec: id, code) and `syllabi.licence_type_id`; `syllabi.warning`, the text
 *   shown under a chosen syllabus.
 * - `users.active` (0 until the activation link is followed; existing accounts are active),
 *   `users.student_id`, `users.offline_account`.
 * - `account_tokens`: activation, password reset (link or offline code), e-mail change; only a
 *   sha256 of each token is kept, single use (`used_at`), expiring, wrong code tries counted.
 * - `mail_outbox`: mails written in the same transaction as the change that sends them, then
 *   delivered (and retried) after commit, so an account never exists without its mail queued.
 * - `mail_requests`: when the last mail of a kind went to an address (a second request within
 *   a minute is refused, whether or not the address has an account).
 * - `user_subscriptions`: each subscription a student held (spec userSubscriptions).
 */

const USER_STAMPED_0007 = [
  "email",
  "firstname",
  "lastname",
  "syllabus_id",
  "class_id",
  "subscription_start",
  "subscription_end",
  "manual_update",
  "email_preferences",
];
const USER_STAMPED = [...USER_STAMPED_0007, "student_id", "offline_account"];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("schools")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("open_registration", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable("licence_types")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable("syllabi")
    .addColumn("school_id", "integer", (c) => c.references("schools.id"))
    .execute();
  await db.schema
    .alterTable("syllabi")
    .addColumn("licence_type_id", "integer", (c) => c.references("licence_types.id"))
    .execute();
  await db.schema.alterTable("syllabi").addColumn("warning", "text").execute();
  await db.schema
    .alterTable("classes")
    .addColumn("school_id", "integer", (c) => c.references("schools.id"))
    .execute();

  // An existing database: its syllabi become the provider's (open) school's, its classes' school
  // names become closed schools, its licence codes licence types.
  const existing = await sql<{ n: number }>`select count(*) as n from syllabi`.execute(db);
  if (Number(existing.rows[0]?.n ?? 0) > 0) {
    await sql`insert into schools (id, name, open_registration) values (1, 'Preflight', 1)`.execute(db);
    await sql`update syllabi set school_id = 1`.execute(db);
    await sql`insert into licence_types (id, code, title)
      select row_number() over (order by licence), licence, licence from (select distinct licence from syllabi) l`.execute(
      db,
    );
    await sql`update syllabi set licence_type_id = (select id from licence_types where code = syllabi.licence)`.execute(
      db,
    );
    await sql`insert into schools (id, name, open_registration)
      select 1 + row_number() over (order by school_name), school_name, 0
      from (select distinct school_name from classes) c`.execute(db);
    await sql`update classes set school_id = (select id from schools where name = classes.school_name)`.execute(db);
  }
  await db.schema.alterTable("classes").dropColumn("school_name").execute();

  await db.schema
    .alterTable("users")
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable("users").addColumn("student_id", "text").execute();
  await db.schema
    .alterTable("users")
    .addColumn("offline_account", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await dropChangeSeqStamp(db, "users");
  await stampChangeSeq(db, { table: "users", owner: "id", columns: USER_STAMPED });

  await db.schema
    .createTable("account_tokens")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("new_email", "text")
    .execute();
  await db.schema.createIndex("account_tokens_user").on("account_tokens").columns(["user_id", "purpose"]).execute();

  await db.schema
    .createTable("mail_outbox")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("recipient", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("html", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("claimed_until", "text")
    .addColumn("sent_at", "text")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_error", "text")
    .execute();
  await db.schema.createIndex("mail_outbox_due").on("mail_outbox").columns(["sent_at", "next_attempt_at"]).execute();

  await db.schema
    .createTable("mail_requests")
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("requested_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("mail_requests_pk", ["email", "kind"])
    .execute();

  await db.schema
    .createTable("user_subscriptions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("length_days", "integer", (c) => c.notNull())
    .addColumn("start_date", "text", (c) => c.notNull())
    .addColumn("end_date", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("change_seq", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("user_subscriptions_user").on("user_subscriptions").column("user_id").execute();
  await stampChangeSeq(db, {
    table: "user_subscriptions",
    owner: "user_id",
    columns: ["kind", "length_days", "start_date", "end_date"],
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropChangeSeqStamp(db, "user_subscriptions");
  await db.schema.dropTable("user_subscriptions").execute();
  await db.schema.dropTable("mail_requests").execute();
  await db.schema.dropTable("mail_outbox").execute();
  await db.schema.dropTable("account_tokens").execute();
  await dropChangeSeqStamp(db, "users");
  await stampChangeSeq(db, { table: "users", owner: "id", columns: USER_STAMPED_0007 });
  await db.schema.alterTable("users").dropColumn("offline_account").execute();
  await db.schema.alterTable("users").dropColumn("student_id").execute();
  await db.schema.alterTable("users").dropColumn("active").execute();
  await db.schema.alterTable("classes").addColumn("school_name", "text").execute();
  await sql`update classes set school_name = (select name from schools where id = classes.school_id)`.execute(db);
  await db.schema.alterTable("classes").dropColumn("school_id").execute();
  await db.schema.alterTable("syllabi").dropColumn("warning").execute();
  await db.schema.alterTable("syllabi").dropColumn("licence_type_id").execute();
  await db.schema.alterTable("syllabi").dropColumn("school_id").execute();
  await db.schema.dropTable("licence_types").execute();
  await db.schema.dropTable("schools").execute();
}
