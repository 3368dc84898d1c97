/**
 * The learning-objectives page on a 30,000-question bank in Debian's Chromium (the device of
 * bank-device.ts): the student's device holds 20,000 answers in 1,000 finished tests of 20 (a
 * third of the bank answered, a third of the answers wrong), and the page reads the coverage of
 * the bank's largest subject from them (web/src/local/store/objectives.ts): the questions'
 * objectives from the kept index, the student's tests and answers, the subject's headings and
 * objectives, then the shared rule; the first open keeps what it computed (the subject's history
 * and tree), and the opens after read it. The figure is the read itself, in the page, as the app
 * measures it (the User Timing entry OBJECTIVES_COVERAGE_MEASURE), over seven opens of the page,
 * then three opens each after an answer saved on the device (counted again on the kept tree), and
 * five opens inside the app (another subject's page, then this subject chosen in its Subject
 * field: the app started, its database open, as a student moves about); the reference, from the
 * same run and page, is one plain IndexedDB getAll of the answers store: the least any read of
 * every answer costs.
 *
 * Needs the built app: run `npm run build` first (the server serves web/dist).
 */
import { pathToFileURL } from "node:url";
import { seededRandom } from "@preflight/sync-protocol/rules/selection";
import type { BankQuestion } from "@preflight/sync-protocol/schemas/content";
import type { Page } from "playwright-core";
import { OBJECTIVES_COVERAGE_MEASURE } from "../../web/src/local/store/objectives.ts";
import { installBankOnDevice, WRITE_ROWS } from "./bank-device.ts";
import type { BenchRow } from "./run.ts";
import { percentile } from "./stats.ts";

const ANSWERS = 20_000;
const PER_TEST = 20;
const OPENS = 7;
const DAY = 24 * 60 * 60_000;

/** ANSWERS answers over a third of the bank, in finished practice tests of PER_TEST questions. */
function history(bank: BankQuestion[], now: number) {
  const random = seededRandom(19);
  const answered = bank.filter((_, i) => i % 3 === 0);
  const tests = Array.from({ length: ANSWERS / PER_TEST }, (_, t) => {
    const started = new Date(now - (1 - t / (ANSWERS / PER_TEST)) * 60 * DAY).toISOString();
    const ids = Array.from(
      { length: PER_TEST },
      () => (answered[Math.floor(random() * answered.length)] as BankQuestion).id,
    );
    const question_ids = [...new Set(ids)];
    return {
      id: `bench-test-${t}`,
      title: "Practice test",
      test_type: "practice",
      display_answers: "after_test",
      time_limit: null,
      pass_percentage: null,
      question_ids,
      question_versions: question_ids.map(() => 1),
      started,
      finished: started,
      ended: "finished",
      can_retake: true,
      hide_results: false,
      retake_of: null,
      predicted: null,
      marked: null,
      position: 1,
    };
  });
  const answers = tests.flatMap((test) =>
    test.question_ids.map((questionId) => ({
      key: `${test.id}:${questionId}`,
      testId: test.id,
      questionId,
      given: [],
      correct: random() >= 1 / 3,
      savedAt: test.started,
    })),
  );
  return { userTests: tests, answers };
}

/** In-page: one plain getAll of the answers store (ms and rows), the reference. */
const PLAIN_ANSWERS_READ = `async () => {
  const open = (name) => new Promise((resolve, reject) => {
    const r = indexedDB.open(name);
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
  const device = await open("preflight");
  const session = await new Promise((resolve) => {
    const r = device.transaction("session").objectStore("session").get("current");
    r.onsuccess = () => resolve(r.result);
  });
  device.close();
  const user = await open("preflight-user-" + session.userId);
  const started = performance.now();
  const rows = await new Promise((resolve, reject) => {
    const r = user.transaction("answers").objectStore("answers").getAll();
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
  const ms = performance.now() - started;
  user.close();
  return { ms, rows: rows.length };
}`;

/**
 * The subject's reads as the page measured them (ms): the longest since the page loaded or the
 * entries were cleared (an entry naming no subject, from an older build, counts too).
 */
async function measured(page: Page, subject: string): Promise<number> {
  return (await page.evaluate(
    `Math.max(...performance.getEntriesByName(${JSON.stringify(OBJECTIVES_COVERAGE_MEASURE)})
      .filter((e) => (e.detail?.subject ?? ${JSON.stringify(subject)}) === ${JSON.stringify(subject)}).map((e) => e.duration))`,
  )) as number;
}

/** Opens the subject's page and waits for its figures; the read as the page measured it (ms). */
async function openPage(page: Page, baseUrl: string, subject: string): Promise<{ ms: number; figures: string }> {
  await page.goto(`${baseUrl}/objectives/${subject}`);
  const figures = page.getByTestId("objectives-summary-figures");
  await figures.waitFor({ timeout: 60_000 });
  return { ms: await measured(page, subject), figures: (await figures.textContent()) ?? "" };
}

/**
 * As a student opens it inside the app (the app started, its database open): from another
 * subject's page, the subject chosen in its Subject field; the read as the page measured it (ms).
 */
async function openInApp(page: Page, baseUrl: string, from: string, subject: string, figures: string): Promise<number> {
  await openPage(page, baseUrl, from);
  await page.evaluate(`performance.clearMeasures(${JSON.stringify(OBJECTIVES_COVERAGE_MEASURE)})`);
  await page.getByTestId("objectives-subject").selectOption(subject);
  await page.getByTestId("objectives-summary-figures").filter({ hasText: figures }).waitFor({ timeout: 60_000 });
  return measured(page, subject);
}

export async function objectivesCoverage(): Promise<BenchRow[]> {
  const device = await installBankOnDevice("objectives");
  try {
    const { page, bank, server } = device;
    await page.evaluate(`(${WRITE_ROWS})(${JSON.stringify(history(bank, Date.now()))})`);
    const sizes = new Map<string, number>();
    for (const q of bank) sizes.set(q.subject, (sizes.get(q.subject) ?? 0) + 1);
    const [subject, size] = [...sizes].sort((a, b) => b[1] - a[1])[0] as [string, number];
    const opens: { ms: number; figures: string }[] = [];
    for (let i = 0; i < OPENS; i++) opens.push(await openPage(page, server.baseUrl, subject));
    // An answer saved on this device since, to a question of the subject not answered yet, in a
    // test whose review shows: laid over the kept history.
    const unanswered = bank.filter((q, i) => q.subject === subject && i % 3 !== 0);
    const afterOwn: { ms: number; figures: string }[] = [];
    for (let i = 0; i < 3; i++) {
      const question = unanswered[i] as BankQuestion;
      const own = {
        key: `bench-test-0:${question.id}`,
        testId: "bench-test-0",
        questionId: question.id,
        given: [],
        correct: true,
        savedAt: new Date(Date.now() + i).toISOString(),
      };
      await page.evaluate(`(${WRITE_ROWS})(${JSON.stringify({ answers: [own] })})`);
      afterOwn.push(await openPage(page, server.baseUrl, subject));
    }
    const [from] = [...sizes].sort((a, b) => b[1] - a[1])[1] as [string, number];
    const inApp: number[] = [];
    for (let i = 0; i < 5; i++)
      inApp.push(await openInApp(page, server.baseUrl, from, subject, afterOwn.at(-1)?.figures ?? ""));
    const plain: number[] = [];
    for (let i = 0; i < 3; i++) plain.push(((await page.evaluate(`(${PLAIN_ANSWERS_READ})()`)) as { ms: number }).ms);
    const ms = (n: number | undefined) => `${(n ?? Number.NaN).toFixed(1)} ms`;
    const reads = opens.map((o) => o.ms);
    return [
      {
        bench: `learning objectives, ${bank.length.toLocaleString("en")} questions (Chromium)`,
        measure: `subject ${subject}'s coverage (${size.toLocaleString("en")} questions; "${opens.at(-1)?.figures}") from ${ANSWERS.toLocaleString("en")} answers, in the page: p50 of ${OPENS} opens (max ${ms(Math.max(...reads))})`,
        value: ms(percentile(reads, 50)),
        reference: `one plain getAll of the ${ANSWERS.toLocaleString("en")} answers: ${ms(percentile(plain, 50))}`,
        target: "< 100 ms",
      },
      {
        bench: `learning objectives, ${bank.length.toLocaleString("en")} questions (Chromium)`,
        measure: `the same after an answer saved on this device ("${afterOwn.at(-1)?.figures}"), p50 of 3`,
        value: ms(
          percentile(
            afterOwn.map((o) => o.ms),
            50,
          ),
        ),
        target: "< 100 ms",
      },
      {
        bench: `learning objectives, ${bank.length.toLocaleString("en")} questions (Chromium)`,
        measure: `the same opened inside the app (subject ${from}'s page, then ${subject} chosen in its Subject field), p50 of ${inApp.length}`,
        value: ms(percentile(inApp, 50)),
        target: "< 100 ms",
      },
    ];
  } finally {
    await device.close();
  }
}

// `node --import tsx tests/bench/objectives.ts` runs this bench alone.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const row of await objectivesCoverage())
    console.log(
      `${row.measure}: ${row.value}${row.reference ? ` (reference ${row.reference})` : ""}${row.target ? ` (target ${row.target})` : ""}`,
    );
}
