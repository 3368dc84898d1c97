import { Kysely, SqliteDialect } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "../db/schema.ts";
import { startMailApp, stopMailApp } from "../test-support/accounts.ts";
import { DIALECTS, type TestApp } from "../test-support/harness.ts";
import { type SmtpReceiver, startSmtpReceiver } from "../test-support/smtp-receiver.ts";
import { MailDelivery } from "./delivery.ts";
import { renderMail } from "./layout.ts";
import { queueMail } from "./outbox.ts";

for (const dialect of DIALECTS) {
  describe(`mail delivery over SMTP [${dialect}]`, () => {
    let smtp: SmtpReceiver;
    let t: TestApp;
    beforeAll(async () => {
      ({ t, smtp } = await startMailApp(dialect));
    });
    afterAll(() => stopMailApp({ t, smtp }));

    it("sends a queued mail once, with a text and an HTML part, and marks it sent", async () => {
      await queueMail(
        t.deps.db,
        t.clock,
        renderMail({
          to: "pilot@example.test",
          subject: "Hello",
          greeting: "Hello Pat,",
          paragraphs: ["A first paragraph."],
          action: { label: "Open Preflight", url: "http://app.preflight.test/login" },
        }),
      );
      expect(await t.deps.mail?.deliverDue()).toBe(1);
      const mail = await smtp.next("pilot@example.test");
      expect(mail.subject).toBe("Hello | Preflight");
      expect(mail.text).toContain("Open Preflight: http://app.preflight.test/login");
      expect(mail.html).toContain('href="http://app.preflight.test/login"');
      expect(mail.links).toEqual(["http://app.preflight.test/login"]);
      expect(await t.deps.mail?.deliverDue()).toBe(0);
      const row = await t.deps.db.selectFrom("mail_outbox").selectAll().executeTakeFirstOrThrow();
      expect(row.sent_at).not.toBeNull();
    });

    it("keeps a mail the server refused and sends it again once it is due", async () => {
      await smtp.close();
      await queueMail(
        t.deps.db,
        t.clock,
        renderMail({ to: "later@example.test", subject: "Later", greeting: "Hi,", paragraphs: [] }),
      );
      expect(await t.deps.mail?.deliverDue()).toBe(0);
      const failed = await t.deps.db
        .selectFrom("mail_outbox")
        .selectAll()
        .where("recipient", "=", "later@example.test")
        .executeTakeFirstOrThrow();
      expect(failed).toMatchObject({ sent_at: null, attempts: 1 });
      expect(failed.last_error).toBeTruthy();
      smtp = await startSmtpReceiver(smtp.port);
      expect(await t.deps.mail?.deliverDue()).toBe(0); // not due yet
      t.clock.advance(31_000);
      expect(await t.deps.mail?.deliverDue()).toBe(1);
      expect((await smtp.next("later@example.test")).subject).toBe("Later | Preflight");
    });
  });
}

describe("mail delivery when the database fails", () => {
  it("a run asked for while one was under way fails without an unhandled rejection", async () => {
    // A database that refuses every query, as one being closed at shutdown does.
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({
        database: async () => {
          throw new Error("the database is closed");
        },
      }),
    });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const delivery = new MailDelivery(db, { now: () => new Date() }, { send: async () => {}, close: () => {} }, "x");
      const first = delivery.deliverDue();
      delivery.kick(); // asks for another run while the first is under way
      await expect(first).rejects.toThrow("the database is closed");
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).toEqual([]);
      expect(logged).toHaveBeenCalledWith("mail delivery failed", expect.any(Error));
    } finally {
      process.off("unhandledRejection", onUnhandled);
      logged.mockRestore();
    }
  });
});
