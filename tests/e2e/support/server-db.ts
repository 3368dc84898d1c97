/** Reads the e2e server's own SQLite file: tests count on the server, not in the page. */
import Database from "better-sqlite3";
import { hashPassword } from "../../../api/src/auth/password.ts";
import { E2E_DATABASE } from "./env.ts";

export interface ServerAnswer {
  id: string;
  user_test_id: string;
  question_id: number;
  question_version: number;
  given: string;
  answered: number;
  correct: number | null;
  applied: number;
  content: string;
}

export function serverAnswers(testId: string): ServerAnswer[] {
  const db = new Database(E2E_DATABASE, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare(
        `select a.id, a.user_test_id, a.question_id, a.question_version, a.given, a.answered, a.correct, a.applied, v.content
           from answers a join question_versions v on v.question_id = a.question_id and v.version = a.question_version
          where a.user_test_id = ? order by a.created_at`,
      )
      .all(testId) as ServerAnswer[];
  } finally {
    db.close();
  }
}

export function serverTest(
  testId: string,
):
  | { id: string; finished_at: string | null; ended: string | null; score: number | null; pass: number | null }
  | undefined {
  const db = new Database(E2E_DATABASE, { readonly: true, fileMustExist: true });
  try {
    return db.prepare("select id, finished_at, ended, score, pass from user_tests where id = ?").get(testId) as never;
  } finally {
    db.close();
  }
}

/**
 * A new student of their own on the e2e server (the demo student's record is shared by every
 * spec, so a test that counts a student's tests needs one nobody else touches).
 */
export async function createStudent(name: string): Promise<{ email: string; password: string }> {
  const email = `${name}-${crypto.randomUUID().slice(0, 8)}@preflight.test`;
  const password = "preflight";
  const hash = await hashPassword(password);
  const db = new Database(E2E_DATABASE, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    db.prepare(
      `insert into users (id, email, password_hash, firstname, lastname, role, syllabus_id, class_id,
         subscription_start, subscription_end, created_at)
       values (?, ?, ?, 'Robin', 'Tester', 'student', 3, null, '2026-01-01', '2027-12-31', ?)`,
    ).run(crypto.randomUUID(), email, hash, new Date().toISOString());
  } finally {
    db.close();
  }
  return { email, password };
}

/**
 * A new maintenance user of their own: a student as createStudent makes (syllabus 3 and a
 * subscription, which the seeded admin@preflight.test lacks) with the maintenance role, for the
 * specs that use the maintenance tools (issue 14: only that role sees them). Their own, since a
 * user is signed in on one device at a time and these specs count what the account holds.
 */
export async function createMaintenanceUser(name: string): Promise<{ email: string; password: string }> {
  const user = await createStudent(name);
  const db = new Database(E2E_DATABASE, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    db.prepare("update users set role = 'maintenance' where email = ?").run(user.email);
  } finally {
    db.close();
  }
  return user;
}

export function serverUserId(email: string): string {
  const db = new Database(E2E_DATABASE, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare("select id from users where email = ?").get(email) as { id: string }).id;
  } finally {
    db.close();
  }
}

/** YYYY-MM-DD, `days` from today (UTC, as course dates and the progress graph count days). */
export function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Gives a student their own dates for the demo modules (Air Law 301, Meteorology 302). */
export function giveCourseDates(userId: string, dates: Record<number, [string, string]>): void {
  const db = new Database(E2E_DATABASE, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    const insert = db.prepare(
      "insert into course_dates (id, class_id, user_id, module_id, start_date, end_date) values (?, null, ?, ?, ?, ?)",
    );
    for (const [moduleId, [start, end]] of Object.entries(dates))
      insert.run(crypto.randomUUID(), userId, Number(moduleId), start, end);
  } finally {
    db.close();
  }
}

/** Any read of the server's database, for a spec's own question. */
export function readServerDb<T>(read: (db: Database.Database) => T): T {
  const db = new Database(E2E_DATABASE, { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/**
 * A new student of their own whose subscription is a free trial (from `start` to `end`,
 * YYYY-MM-DD) rather than createStudent's paid one to 2027-12-31, so the subscription page offers
 * Purchase; or, with `freeTrial: false`, a paid subscription that ended (Extend, or renew).
 */
export async function createStudentWithSubscription(
  name: string,
  subscription: { start: string; end: string; freeTrial: boolean },
): Promise<{ email: string; password: string; id: string }> {
  const user = await createStudent(name);
  const db = new Database(E2E_DATABASE, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    const { id } = db.prepare("select id from users where email = ?").get(user.email) as { id: string };
    db.prepare("update users set subscription_start = ?, subscription_end = ? where id = ?").run(
      subscription.start,
      subscription.end,
      id,
    );
    const days = Math.round((Date.parse(subscription.end) - Date.parse(subscription.start)) / 86_400_000);
    db.prepare(
      `insert into user_subscriptions (id, user_id, kind, length_days, start_date, end_date, created_at)
       values (?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      crypto.randomUUID(),
      id,
      subscription.freeTrial ? "free_trial" : "purchase",
      days,
      subscription.start,
      subscription.end,
      new Date().toISOString(),
    );
    return { ...user, id };
  } finally {
    db.close();
  }
}

/**
 * Writes (or, with null, deletes) rows of the server's `server_settings`, which the server reads
 * on each request (the discount's dates and percent, the voucher switch): no restart needed.
 */
export function setServerSettings(settings: Record<string, string | null>): void {
  const db = new Database(E2E_DATABASE, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    for (const [key, value] of Object.entries(settings)) {
      db.prepare("delete from server_settings where key = ?").run(key);
      if (value !== null) db.prepare("insert into server_settings (key, value) values (?, ?)").run(key, value);
    }
  } finally {
    db.close();
  }
}
