/**
 * Shared by the account API tests: a student of one's own with a known password, and the next
 * mail of a subject to an address from the real SMTP receiver.
 */
import { randomUUID } from "node:crypto";
import type { Insertable } from "kysely";
import { hashPassword } from "../../auth/password.ts";
import type { UsersTable } from "../../db/schema.ts";
import type { TestApp } from "../../test-support/harness.ts";
import type { ReceivedMail, SmtpReceiver } from "../../test-support/smtp-receiver.ts";

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

/** The next mail to `to` whose subject starts so (other mails to the address are passed over). */
export async function mailTo(smtp: SmtpReceiver, to: string, subject: string): Promise<ReceivedMail> {
  for (;;) {
    const mail = await smtp.next(to);
    if (mail.subject.startsWith(subject)) return mail;
  }
}
