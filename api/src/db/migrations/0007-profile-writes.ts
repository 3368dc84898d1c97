import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * Profile and preference writes (spec accounts: profile manual_update, email preferences).
 *
 * - `users.manual_update` (0 automatic, 1 manual) and `users.email_preferences` (JSON list of
 *   the chosen preference ids) join the profile the profile sync step sends, so the users
 *   change-number trigger of 0004 is recreated to count them too.
 * - `email_preferences`: the preferences a student may choose (spec: id, type, text).
 */

/** The users columns whose update is a change for the profile step: 0004's, plus this migration's. */
const USER_STAMPED_0004 = [
  "email",
  "firstname",
  "lastname",
  "syllabus_id",
  "class_id",
  "subscription_start",
  "subscription_end",
];
const USER_STAMPED = [...USER_STAMPED_0004, "manual_update", "email_preferences"];

export const EMAIL_PREFERENCES = [
  { id: 1, type: "product_news", text: "News about Preflight and its new features", position: 1 },
  { id: 2, type: "study_reminders", text: "Study reminders when I have not studied for a week", position: 2 },
  { id: 3, type: "content_updates", text: "New lessons and question bank updates for my exam", position: 3 },
  { id: 4, type: "offers", text: "Offers and discounts on subscriptions", position: 4 },
];

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

async function stampUsersOn(db: Kysely<unknown>, columns: string[]): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw("drop trigger users_change_seq on users").execute(db);
    await sql
      .raw(
        `create trigger users_change_seq before insert or update of ${columns.join(", ")} on users
         for each row execute function pf_stamp_change_seq_id()`,
      )
      .execute(db);
    return;
  }
  // The same body as 0004's SQLite triggers; only the update trigger names columns.
  await sql.raw("drop trigger users_change_seq_update").execute(db);
  await sql
    .raw(
      `create trigger users_change_seq_update after update of ${columns.join(", ")} on users begin
        insert into user_change_counters (user_id, last_seq)
          select new.id, 0 where not exists (select 1 from user_change_counters where user_id = new.id);
        update user_change_counters set last_seq = last_seq + 1 where user_id = new.id;
        update users set change_seq = (select last_seq from user_change_counters where user_id = new.id)
          where rowid = new.rowid;
      end`,
    )
    .execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("manual_update", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("users")
    .addColumn("email_preferences", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();
  await stampUsersOn(db, USER_STAMPED);

  await db.schema
    .createTable("email_preferences")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("type", "text", (c) => c.notNull().unique())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .execute();
  await (db as Kysely<{ email_preferences: (typeof EMAIL_PREFERENCES)[number] }>)
    .insertInto("email_preferences")
    .values(EMAIL_PREFERENCES)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("email_preferences").execute();
  await stampUsersOn(db, USER_STAMPED_0004);
  await db.schema.alterTable("users").dropColumn("email_preferences").execute();
  await db.schema.alterTable("users").dropColumn("manual_update").execute();
}
