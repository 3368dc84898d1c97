/**
 * 'Download tests': the student's fixed tests and their questions, so a fixed test opens and
 * runs offline. Runs with the other pulls when the app is online, and from the button.
 */
import { isWithheld } from "@preflight/sync-protocol/rules/withheld-answers";
import type { FixedTest } from "@preflight/sync-protocol/schemas/fixed";
import { currentDate } from "../../platform.ts";
import { call } from "../api.ts";
import {
  archiveKey,
  type LocalFixedTest,
  type LocalQuestion,
  type LocalShownQuestion,
  type UserDb,
} from "../store/db.ts";
import { HIDE_FIXED_RESULTS_META } from "./keys.ts";

export { HIDE_FIXED_RESULTS_META };

export async function refreshFixedTests(db: UserDb, now: () => Date = currentDate): Promise<number> {
  const reply = await call("fixedTests", { globalPolicy: false });
  await db.transaction("rw", [db.fixedTests, db.questions, db.questionArchive, db.meta], async () => {
    await storeQuestions(db, reply.questions);
    const kept = new Map((await db.fixedTests.toArray()).map((t) => [t.id, t]));
    const downloadedAt = now().toISOString();
    const rows: LocalFixedTest[] = reply.tests.map((test: FixedTest, i) => ({
      ...test,
      position: i + 1,
      // A password once accepted here stays accepted; the server checks again on replay.
      password_verified: test.password_access && (kept.get(test.id)?.password_verified ?? false),
      downloadedAt,
    }));
    await db.fixedTests.clear();
    await db.fixedTests.bulkPut(rows);
    await db.meta.put({ key: HIDE_FIXED_RESULTS_META, value: reply.hide_fixed_results });
  });
  return reply.tests.length;
}

/**
 * Questions the bank has not brought yet are added; a question the bank holds at another
 * version keeps the bank's copy, and the fixed test's version goes to the archive, where a
 * test built with it reads it (testQuestions). A withheld question goes to the archive only: it
 * is never one of the bank's to practise.
 */
async function storeQuestions(db: UserDb, shown: LocalShownQuestion[]): Promise<void> {
  const withheld = shown.filter(isWithheld);
  if (withheld.length)
    await db.questionArchive.bulkPut(withheld.map((q) => ({ key: archiveKey(q.id, q.version), question: q })));
  const questions = shown.filter((q): q is LocalQuestion => !isWithheld(q));
  const present = await db.questions.bulkGet(questions.map((q) => q.id));
  const missing = questions.filter((_, i) => present[i] === undefined);
  const otherVersion = questions.filter((q, i) => present[i] !== undefined && present[i]?.version !== q.version);
  if (missing.length) await db.questions.bulkPut(missing);
  if (otherVersion.length)
    await db.questionArchive.bulkPut(otherVersion.map((q) => ({ key: archiveKey(q.id, q.version), question: q })));
}
