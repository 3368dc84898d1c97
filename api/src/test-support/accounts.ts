/**
 * Shared by the account API suites (joining, free trial, password, e-mail change, profile data,
 * e-mail preferences) and the mail delivery suite: a test app whose mail goes over SMTP to a
 * receiver of its own, students of one's own with a known password, the next mail of a subject
 * and the token of its link, malformed JSON, a form's anti-forgery token and cookie, row counts
 * to prove a refused call wrote nothing, and the table runner of a joining form's bad input.
 */
import { randomUUID } from "node:crypto";
import { errorBodySchema } from "@preflight/sync-protocol/schemas/errors";
import { type Insertable, sql } from "kysely";
import { expect, it } from "vitest";
import { hashPassword } from "../auth/password.ts";
import type { Dialect } from "../db/connect.ts";
import type { UsersTable } from "../db/schema.ts";
import { APP_ORIGIN, createTestApp, type TestApp } from "./harness.ts";
import { rowCounts as countRows } from "./rows.ts";
import { type ReceivedMail, type SmtpReceiver, startSmtpReceiver } from "./smtp-receiver.ts";

export const MINUTE = 60_000;

/** The error body: `error`, and for a form the spec's `errors` object too. */
export interface ErrorReply {
  error: { code: string; message: string; details?: { fields?: Record<string, string[]> } };
  errors?: Record<string, string[]>;
}

// ─── A test app that mails over SMTP ─────────────────────────────────────────

export interface MailApp {
  t: TestApp;
  smtp: SmtpReceiver;
}

/** A test app on `dialect` whose queued mail goes to a fresh SMTP receiver. */
export async function startMailApp(dialect: Dialect): Promise<MailApp> {
  const smtp = await startSmtpReceiver();
  const t = await createTestApp(dialect, { smtpUrl: smtp.url });
  return { t, smtp };
}

/** Sends what is due first, so nothing is left sending while the database closes. */
export async function stopMailApp({ t, smtp }: MailApp): Promise<void> {
  await t.deps.mail?.deliverDue();
  await t.close();
  await smtp.close();
}

// ─── Accounts and their mail ─────────────────────────────────────────────────

export const TEST_PASSWORD = "preflight";
const hashes = new WeakMap<TestApp, Promise<string>>();

/** A student copied from the demo student (syllabus 3, no class), password `preflight`, not signed in. */
export async function newAccount(t: TestApp, overrides: Partial<Insertable<UsersTable>> = {}) {
  let hash = hashes.get(t);
  if (!hash) {
    hash = hashPassword(TEST_PASSWORD);
    hashes.set(t, hash);
  }
  const demo = await t.deps.db
    .selectFrom("users")
    .selectAll()
    .where("email", "=", "student@preflight.test")
    .executeTakeFirstOrThrow();
  const id = randomUUID();
  const email = `s-${id.slice(0, 8)}@preflight.test`;
  const row = { ...demo, id, email, password_hash: await hash, change_seq: undefined, ...overrides };
  await t.deps.db
    .insertInto("users")
    .values(row as never)
    .execute();
  return { id, email: row.email, firstname: row.firstname };
}

/** A new student, signed in: its session cookie with its id and address. */
export async function signedInAccount(t: TestApp) {
  const account = await newAccount(t);
  return { ...account, cookie: await t.login(account.email) };
}

/** The next mail to `to` whose subject starts so (other mails to the address are passed over). */
export async function mailTo(smtp: SmtpReceiver, to: string, subject: string): Promise<ReceivedMail> {
  for (;;) {
    const mail = await smtp.next(to);
    if (mail.subject.startsWith(subject)) return mail;
  }
}

/** The value of a query parameter of a mailed link. */
export function linkParam(link: string, name: string): string {
  const value = new URL(link).searchParams.get(name);
  if (!value) throw new Error(`no ${name} in ${link}`);
  return value;
}

/** The mail's link to the app's page `path` (e.g. "/password/reset"). */
export function mailedLink(mail: ReceivedMail, path: string): string {
  const link = mail.links.find((l) => new URL(l).pathname === path);
  if (!link) throw new Error(`no link to ${path} in ${mail.text}`);
  return link;
}

/** The token of the mail's link to the app's page `path`. */
export function mailedToken(mail: ReceivedMail, path: string): string {
  return linkParam(mailedLink(mail, path), "token");
}

// ─── Requests ────────────────────────────────────────────────────────────────

/** Posts `body` as it is, labelled JSON: how a test sends malformed JSON. */
export function postRawJson(t: TestApp, path: string, body: string, cookie?: string) {
  return t.request(path, { method: "POST", cookie, headers: { "Content-Type": "application/json" }, body });
}

/** Posts a form-encoded body as a browser's ordinary form post from the app's origin would. */
export function postForm(t: TestApp, path: string, fields: [string, string][], cookie: string, origin = APP_ORIGIN) {
  return t.request(path, {
    method: "POST",
    cookie,
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
    body: new URLSearchParams(fields).toString(),
  });
}

export interface FormToken {
  token: string;
  /** The Cookie header to send back. */
  cookie: string;
  setCookie: string;
  body: Record<string, unknown>;
}

/** GETs a form (GET /api/register or /api/free-trial) and returns its token and cookie. */
export async function getForm(t: TestApp, path: string, cookie?: string): Promise<FormToken> {
  const res = await t.request(path, cookie ? { cookie } : {});
  expect(res.status).toBe(200);
  const body = (await res.json()) as Record<string, unknown>;
  const setCookie = res.headers.get("set-cookie") ?? "";
  const token = (body._token ?? body.token) as string;
  return { token, cookie: setCookie.split(";")[0] as string, setCookie, body };
}

// ─── Nothing written ─────────────────────────────────────────────────────────

/** The tables an account call may write. */
export const ACCOUNT_TABLES = [
  "users",
  "mail_outbox",
  "mail_requests",
  "account_tokens",
  "user_subscriptions",
] as const;

/** Rows in each table an account call may write, to compare before and after a refused request. */
export function rowCounts(t: TestApp): Promise<Record<string, number>> {
  return countRows(t.deps.db, [...ACCOUNT_TABLES]);
}

/**
 * Makes queueMail fail while `run` runs: a trigger refuses every insert into mail_outbox (the
 * delivery, which only reads and updates rows, carries on untouched).
 */
export async function withoutMailOutbox<T>(t: TestApp, run: () => Promise<T>): Promise<T> {
  const db = t.deps.db;
  if (t.deps.dialect === "postgres") {
    await sql`create function refuse_mail() returns trigger language plpgsql as $$
      begin raise exception 'mail outbox unavailable'; end $$`.execute(db);
    await sql`create trigger refuse_mail before insert on mail_outbox for each row execute function refuse_mail()`.execute(
      db,
    );
  } else {
    await sql`create trigger refuse_mail before insert on mail_outbox
      begin select raise(abort, 'mail outbox unavailable'); end`.execute(db);
  }
  try {
    return await run();
  } finally {
    if (t.deps.dialect === "postgres") {
      await sql`drop trigger refuse_mail on mail_outbox`.execute(db);
      await sql`drop function refuse_mail()`.execute(db);
    } else {
      await sql`drop trigger refuse_mail`.execute(db);
    }
  }
}

// ─── A form's bad input ──────────────────────────────────────────────────────

/** A form of the joining pages: where its token is fetched, where it posts, and its token's field. */
export interface JoinForm {
  get: string;
  post: string;
  tokenField: "_token" | "token";
}

/** A case of bad input: its name, the fields sent, the field blamed, and the message. */
export type BadFieldCase = [name: string, fields: Record<string, unknown>, field: string, message: string];

/** `valid()` without `field`. */
export function missingFrom(valid: () => Record<string, unknown>) {
  return (field: string): Record<string, unknown> => {
    const body = valid();
    delete body[field];
    return body;
  };
}

/**
 * One test a case: the form posted with a good token and the case's fields is a 400 that names
 * the message on the field and in the error, and writes no row.
 */
export function itRefusesBadFields(app: () => TestApp, form: JoinForm, cases: BadFieldCase[]): void {
  for (const [name, fields, field, message] of cases) {
    it(`${name} → 400 '${message}' on ${field}`, async () => {
      const t = app();
      const { token, cookie } = await getForm(t, form.get);
      const before = await rowCounts(t);
      const res = await t.request(form.post, {
        method: "POST",
        cookie,
        json: { [form.tokenField]: token, ...fields },
      });
      expect(res.status).toBe(400);
      const body = errorBodySchema.parse(await res.json());
      expect(body.error.code).toBe("bad_request");
      expect(body.errors?.[field]?.join(" ")).toContain(message);
      expect(body.error.message).toContain(message);
      expect(await rowCounts(t)).toEqual(before);
    });
  }
}
