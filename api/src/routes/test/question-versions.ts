/**
 * Question versions parsed for grading, kept by the app: a version's content never changes once
 * stored (an edit is a new version), so one parse serves every answer to it. Least recently used
 * versions go first once `kept` are held.
 */
import type { BankQuestion } from "@preflight/sync-protocol/schemas/content";
import type { Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";

/** Enough for a whole bank being answered at once by a school's students. */
const KEPT = 10_000;
const CHUNK = 500;

export const versionKey = (questionId: number, version: number) => `${questionId}:${version}`;

export class QuestionVersions {
  private readonly parsed = new Map<string, BankQuestion>();

  constructor(private readonly kept = KEPT) {}

  /** The parsed content of each wanted version (by versionKey); a version not stored is absent. */
  async load(
    trx: Transaction<Database>,
    wanted: { question_id: number; version: number }[],
  ): Promise<Map<string, BankQuestion>> {
    const found = new Map<string, BankQuestion>();
    const missing = new Set<number>();
    for (const w of wanted) {
      const key = versionKey(w.question_id, w.version);
      const cached = this.parsed.get(key);
      if (cached) {
        this.parsed.delete(key);
        this.parsed.set(key, cached);
        found.set(key, cached);
      } else missing.add(w.question_id);
    }
    const wantedKeys = new Set(wanted.map((w) => versionKey(w.question_id, w.version)));
    const ids = [...missing];
    for (let i = 0; i < ids.length; i += CHUNK) {
      const rows = await trx
        .selectFrom("question_versions")
        .select(["question_id", "version", "content"])
        .where("question_id", "in", ids.slice(i, i + CHUNK))
        .execute();
      for (const row of rows) {
        const key = versionKey(row.question_id, row.version);
        if (!wantedKeys.has(key)) continue;
        const question = JSON.parse(row.content) as BankQuestion;
        found.set(key, question);
        this.keep(key, question);
      }
    }
    return found;
  }

  private keep(key: string, question: BankQuestion): void {
    this.parsed.set(key, question);
    if (this.parsed.size > this.kept) this.parsed.delete(this.parsed.keys().next().value as string);
  }
}
