/**
 * The review queue on a 30,000-question bank in Debian's Chromium (the device of bank-device.ts):
 * the student's device holds 20,000 answers from the last 60 days (a third of its questions
 * answered, a third of the answers wrong), and the dashboard's Review card reads the queue from
 * them (web/src/features/review/queries.ts): from the schedule kept on the device while the
 * answers are unchanged, with the questions of answers saved or pulled since scheduled again,
 * otherwise by reading and scheduling every answer. The figures are the read itself, in the page,
 * as the app measures it (the User Timing entry REVIEW_QUEUE_MEASURE): the dashboard's first
 * open, six more, three opens each after an answer saved on the device, after a record pulled
 * from another, and after a record written other than by a pull.
 *
 * Needs the built app: run `npm run build` first (the server serves web/dist).
 */
import { pathToFileURL } from "node:url";
import { seededRandom } from "@preflight/sync-protocol/rules/selection";
import type { BankQuestion } from "@preflight/sync-protocol/schemas/content";
import type { Page } from "playwright-core";
import { REVIEW_QUEUE_MEASURE } from "../../web/src/features/review/queries.ts";
import { PULLED_ANSWERS_KEY, type PulledAnswersJournal, withPull } from "../../web/src/local/store/pulled-answers.ts";
import { installBankOnDevice, READ_ROW, WRITE_ROWS } from "./bank-device.ts";
import type { BenchRow } from "./run.ts";
import { percentile } from "./stats.ts";

const ANSWERS = 20_000;
const OPENS = 7;
const DAY = 24 * 60 * 60_000;

/** Answer records as the device pulls them: ANSWERS of them over a third of the bank, in tests of 20. */
function history(bank: BankQuestion[], now: number) {
  const random = seededRandom(19);
  const answered = bank.filter((_, i) => i % 3 === 0);
  return Array.from({ length: ANSWERS }, (_, k) => {
    const question = answered[Math.floor(random() * answered.length)] as BankQuestion;
    const at = new Date(now - random() * 60 * DAY).toISOString();
    return {
      id: `bench-answer-${k}`,
      testId: `bench-test-${Math.floor(k / 20)}`,
      questionId: question.id,
      questionVersion: 1,
      given: [],
      correct: random() >= 1 / 3,
      applied: true,
      createdAt: at,
      receivedAt: at,
    };
  });
}

/** Opens the dashboard and waits for its Review card; the queue's read as the page measured it (ms). */
async function openDashboard(page: Page, baseUrl: string): Promise<{ ms: number; due: string }> {
  await page.goto(`${baseUrl}/dashboard`);
  const summary = page.getByTestId("review-card").getByTestId(/^review-(due|nothing-due)$/);
  await summary.waitFor({ timeout: 60_000 });
  const ms = (await page.evaluate(
    `Math.max(...performance.getEntriesByName(${JSON.stringify(REVIEW_QUEUE_MEASURE)}).map((e) => e.duration))`,
  )) as number;
  return { ms, due: (await summary.textContent()) ?? "" };
}

export async function reviewQueue(): Promise<BenchRow[]> {
  const device = await installBankOnDevice("review queue");
  try {
    const { page, bank, server } = device;
    await page.evaluate(`(${WRITE_ROWS})(${JSON.stringify({ answerRecords: history(bank, Date.now()) })})`);
    // The first open schedules every answer; the next ones read the kept schedule.
    const opens: number[] = [];
    let due = "";
    for (let i = 0; i < OPENS; i++) {
      const open = await openDashboard(page, server.baseUrl);
      opens.push(open.ms);
      due = open.due;
    }
    // An answer saved on this device since: its question is scheduled again, the rest kept.
    const afterOwn: number[] = [];
    for (let i = 0; i < 3; i++) {
      const question = bank[3 * (i + 1)] as BankQuestion;
      const own = {
        key: `bench-own:${question.id}`,
        testId: "bench-own",
        questionId: question.id,
        given: [],
        correct: false,
        savedAt: new Date(Date.now() + i).toISOString(),
      };
      await page.evaluate(`(${WRITE_ROWS})(${JSON.stringify({ answers: [own] })})`);
      afterOwn.push((await openDashboard(page, server.baseUrl)).ms);
    }
    // A record pulled since (another device's answer), noted as the pull step notes it: its
    // question is scheduled again, the rest kept.
    const afterPull: number[] = [];
    for (let i = 0; i < 3; i++) {
      const [extra] = history(bank, Date.now() + i)
        .slice(-1)
        .map((r) => ({ ...r, id: `bench-extra-${i}` }));
      const journal = (await page.evaluate(`(${READ_ROW})("meta", ${JSON.stringify(PULLED_ANSWERS_KEY)})`)) as
        | { value: PulledAnswersJournal }
        | undefined;
      const noted = { key: PULLED_ANSWERS_KEY, value: withPull(journal?.value, [extra?.questionId as number]) };
      await page.evaluate(`(${WRITE_ROWS})(${JSON.stringify({ answerRecords: [extra], meta: [noted] })})`);
      afterPull.push((await openDashboard(page, server.baseUrl)).ms);
    }
    // A record written other than by a pull (a device file imported): every answer is scheduled again.
    const afterImport: number[] = [];
    for (let i = 0; i < 3; i++) {
      const [extra] = history(bank, Date.now() + i)
        .slice(-1)
        .map((r) => ({ ...r, id: `bench-imported-${i}` }));
      await page.evaluate(`(${WRITE_ROWS})(${JSON.stringify({ answerRecords: [extra] })})`);
      afterImport.push((await openDashboard(page, server.baseUrl)).ms);
    }
    const bench = `review queue, ${bank.length} questions (Chromium)`;
    const ms = (n: number | undefined) => `${(n ?? Number.NaN).toFixed(1)} ms`;
    return [
      {
        bench,
        measure: `the dashboard's queue from ${ANSWERS.toLocaleString("en")} answers ("${due}"), in the page: the schedule kept on the device, p50 of ${OPENS - 1} opens`,
        value: ms(percentile(opens.slice(1), 50)),
        target: "< 100 ms",
      },
      {
        bench,
        measure: "the same after an answer saved on this device (its question scheduled again), p50 of 3",
        value: ms(percentile(afterOwn, 50)),
        target: "< 100 ms",
      },
      {
        bench,
        measure: "the same after a record pulled from another device (its question scheduled again), p50 of 3",
        value: ms(percentile(afterPull, 50)),
        target: "< 100 ms",
      },
      {
        bench,
        measure:
          "the same, the first open / after records written other than by a pull (every answer scheduled), p50 of 3",
        value: `${ms(opens[0])} / ${ms(percentile(afterImport, 50))}`,
      },
    ];
  } finally {
    await device.close();
  }
}

// `node --import tsx tests/bench/review-queue.ts` runs this bench alone.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const row of await reviewQueue())
    console.log(`${row.measure}: ${row.value}${row.target ? ` (target ${row.target})` : ""}`);
}
