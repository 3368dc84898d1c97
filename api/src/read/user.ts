/**
 * The one read of a student's account row with their class and its school. The profile (page and
 * sync step), the school sync step, the syllabus sync step, the exam choices and the course
 * dates all start from it. The password hash stays out: what signs in reads it itself.
 */
import type { Db } from "../db/schema.ts";

/** The account, its class and the class's school, or undefined when the account does not exist. */
export function readUser(db: Db, userId: string) {
  return db
    .selectFrom("users")
    .leftJoin("classes", "classes.id", "users.class_id")
    .leftJoin("schools", "schools.id", "classes.school_id")
    .select([
      "users.id",
      "users.email",
      "users.firstname",
      "users.lastname",
      "users.role",
      "users.syllabus_id",
      "users.class_id",
      "users.manual_update",
      "users.subscription_start",
      "users.subscription_end",
      "users.student_id",
      "users.offline_account",
      "users.email_preferences",
      "users.change_seq",
      "classes.name as class_name",
      "classes.school_id as class_school_id",
      "schools.id as school_id",
      "schools.name as school_name",
    ])
    .where("users.id", "=", userId)
    .executeTakeFirst();
}

export type UserRow = NonNullable<Awaited<ReturnType<typeof readUser>>>;
