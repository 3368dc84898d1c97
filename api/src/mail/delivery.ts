/**
 * Sends what `mail_outbox` holds: due rows are claimed for a while (so two API instances over
 * one PostgreSQL never send a row twice at once), sent, and marked sent; a failure is retried
 * with a growing delay. `kick()` after a commit sends at once; `start()` also polls, so a mail
 * queued while the mail server was down leaves when it is back.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import type { Clock } from "../deps.ts";
import type { MailTransport } from "./transport.ts";

const CLAIM_MS = 60_000;
const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 60 * 60_000;
const BATCH = 20;

export class MailDelivery {
  private running: Promise<number> | null = null;
  private again = false;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly transport: MailTransport,
    readonly from: string,
  ) {}

  /** Sends what is due now; resolves with how many were sent. One run at a time. */
  deliverDue(): Promise<number> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.run().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        // Nobody awaits this run: its failure (the database closing at shutdown) is logged, never left unhandled.
        this.kick();
      }
    });
    return this.running;
  }

  /** After a commit that queued mail: send without waiting for the poll. */
  kick(): void {
    void this.deliverDue().catch((err) => console.error("mail delivery failed", err));
  }

  start(pollMs = 5000): void {
    this.timer ??= setInterval(() => this.kick(), pollMs);
    this.timer.unref?.();
    this.kick();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.transport.close();
  }

  private async run(): Promise<number> {
    let sent = 0;
    for (;;) {
      const claimed = await this.claim();
      if (!claimed.length) return sent;
      for (const row of claimed) {
        try {
          await this.transport.send({
            from: this.from,
            to: row.recipient,
            subject: row.subject,
            text: row.text,
            html: row.html,
          });
          await this.db
            .updateTable("mail_outbox")
            .set({ sent_at: this.clock.now().toISOString(), claimed_until: null, last_error: null })
            .where("id", "=", row.id)
            .execute();
          sent++;
        } catch (err) {
          const delay = Math.min(RETRY_BASE_MS * 2 ** row.attempts, RETRY_MAX_MS);
          await this.db
            .updateTable("mail_outbox")
            .set({
              attempts: row.attempts + 1,
              claimed_until: null,
              last_error: String(err).slice(0, 500),
              next_attempt_at: new Date(this.clock.now().getTime() + delay).toISOString(),
            })
            .where("id", "=", row.id)
            .execute();
        }
      }
      if (claimed.length < BATCH) return sent;
    }
  }

  /** Claims due rows no other sender holds; a row is claimed only by the update that wins it. */
  private async claim() {
    const now = this.clock.now().toISOString();
    const due = await this.db
      .selectFrom("mail_outbox")
      .select(["id", "recipient", "subject", "text", "html", "attempts"])
      .where("sent_at", "is", null)
      .where("next_attempt_at", "<=", now)
      .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", now)]))
      .orderBy("created_at")
      .limit(BATCH)
      .execute();
    const until = new Date(this.clock.now().getTime() + CLAIM_MS).toISOString();
    const won = [];
    for (const row of due) {
      const result = await this.db
        .updateTable("mail_outbox")
        .set({ claimed_until: until })
        .where("id", "=", row.id)
        .where("sent_at", "is", null)
        .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", now)]))
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1) won.push(row);
    }
    return won;
  }
}
