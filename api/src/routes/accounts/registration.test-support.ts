/** Helpers of the joining tests: a form's anti-forgery token and cookie, and row counts to prove nothing was written. */
import { sql } from "kysely";
import { expect } from "vitest";
import type { TestApp } from "../../test-support/harness.ts";

export const APP_ORIGIN = "http://app.preflight.test";

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

export const JOIN_TABLES = ["users", "mail_outbox", "mail_requests", "account_tokens", "user_subscriptions"] as const;

/** Rows in each table a join may write, to compare before and after a refused request. */
export async function rowCounts(t: TestApp): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of JOIN_TABLES) {
    const row = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(t.deps.db);
    counts[table] = Number(row.rows[0]?.n ?? 0);
  }
  return counts;
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

export interface ErrorReply {
  error: { code: string; message: string; details?: unknown };
  errors?: Record<string, string[]>;
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

/** The value of a query parameter of a mailed link. */
export function linkParam(link: string, name: string): string {
  const value = new URL(link).searchParams.get(name);
  if (!value) throw new Error(`no ${name} in ${link}`);
  return value;
}
