/**
 * 'Download tests': the student's fixed tests and their questions, so a fixed test opens and
 * runs offline. Runs with the other pulls when the app is online, and from the button.
 */
import { isWithheld } from "@preflight/sync-protocol/rules/withheld-answers";
import type { FixedTest } from "@preflight/sync-protocol/schemas/fixed";
import { currentDate } from "../../platform.ts";
import { callResponse } from "../api.ts";
import {
  archiveKey,
  getMeta,
  type LocalFixedTest,
  type LocalQuestion,
  type LocalShownQuestion,
  type UserDb,
} from "../store/db.ts";
import { FIXED_TESTS_ETAG_META, HIDE_FIXED_RESULTS_META } from "./keys.ts";

export { HIDE_FIXED_RESULTS_META };

export async function refreshFixedTests(db: UserDb, now: () => Date = currentDate): Promise<number> {
  const kept = await keptCopy(db);
  const response = await callResponse("fixedTests", {
    globalPolicy: false,
    headers: kept ? { "If-None-Match": kept.etag } : {},
  });
  // Unchanged since the copy this device keeps (the page sees a 304 only after its own
  // If-None-Match): nothing to download, parse or store, and its download time stays, from which
  // the attempts started here are counted (attemptsUsed).
  if (response.notModified) return kept?.count ?? 0;
  const { reply } = response;
  const etag = response.headers.get("ETag");
  await db.transaction("rw", [db.fixedTests, db.questions, db.questionArchive, db.meta], async () => {
    await storeQuestions(db, reply.questions);
    const before = new Map((await db.fixedTests.toArray()).map((t) => [t.id, t]));
    const downloadedAt = now().toISOString();
    const rows: LocalFixedTest[] = reply.tests.map((test: FixedTest, i) => ({
      ...test,
      position: i + 1,
      // A password once accepted here stays accepted; the server checks again on replay.
      password_verified: test.password_access && (before.get(test.id)?.password_verified ?? false),
      downloadedAt,
    }));
    await db.fixedTests.clear();
    await db.fixedTests.bulkPut(rows);
    await db.meta.put({ key: HIDE_FIXED_RESULTS_META, value: reply.hide_fixed_results });
    if (etag) await db.meta.put({ key: FIXED_TESTS_ETAG_META, value: etag });
    else await db.meta.delete(FIXED_TESTS_ETAG_META);
  });
  return reply.tests.length;
}

/**
 * The ETag of the reply the device stored, when every test it kept still has each of its
 * questions on the device at the test's version (in the bank or the archive): a copy a content
 * update or anything else has made incomplete is downloaded whole again.
 */
async function keptCopy(db: UserDb): Promise<{ etag: string; count: number } | null> {
  const [etag, tests] = await Promise.all([getMeta<string>(db, FIXED_TESTS_ETAG_META), db.fixedTests.toArray()]);
  if (!etag) return null;
  const needed = new Map<string, { id: number; version: number }>();
  for (const test of tests)
    test.question_ids.forEach((id, i) => {
      const version = test.question_versions[i] ?? 1;
      needed.set(archiveKey(id, version), { id, version });
    });
  const archived = new Set(
    await db.questionArchive
      .where(":id")
      .anyOf([...needed.keys()])
      .primaryKeys(),
  );
  const inBank = [...needed].filter(([key]) => !archived.has(key)).map(([, question]) => question);
  const held = await db.questions.bulkGet(inBank.map((q) => q.id));
  const whole = inBank.every((q, i) => held[i]?.version === q.version);
  return whole ? { etag, count: tests.length } : null;
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
