import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { seededRandom } from "@preflight/sync-protocol/rules/selection";
import Database from "better-sqlite3";
import { E2E_DATABASE } from "./support/env.ts";
import { positionOnScreen } from "./support/server-questions.ts";
import { answerCurrent, signIn, waitUntilReadyOffline } from "./support/student.ts";
import { startTest } from "./support/test-taking.ts";

/**
 * Two browser contexts of one student (a tablet and a laptop), each with the real service
 * worker. One device at a time: signing in on one ends the other's session, which keeps its
 * queue and replays it when the student signs in there again. So the devices take turns, and
 * during each turn the network goes off and on at random (the seed is printed; SOAK_SEED=<n>
 * repeats a run) while the student answers and reloads the page.
 *
 *   turn 1, tablet: test 1, questions 1-20; ends online, everything sent
 *   turn 2, laptop: test 1 arrives by the sync steps; questions 21-40, finish; test 2, questions
 *                   1-20; ends OFFLINE with changes still queued
 *   turn 3, tablet: test 3, all 20 questions, finish
 *   turn 4, laptop: back online, LOGGED OUT, signs in: the queue replays; test 2, 21-40, finish
 *   then each device signs in once more and must hold exactly the server's tests and answers.
 *
 * Counted on the server (its SQLite file): every queued change arrived exactly once (each
 * device's sequence numbers 1..n, each once), every save is exactly one answer row, every
 * question answered on screen is answered on the server.
 */

const QUESTIONS = 40;
/** Test 3 is shorter, so the run stays near three minutes: 40 + 40 + 20 = 100 answers. */
const SHORT = 20;
const SEED = Number(process.env.SOAK_SEED ?? Math.floor(Math.random() * 1_000_000));

const random = seededRandom(SEED);

/** Switches the device's network off and on at random until stopped; then leaves it on. */
function chaos(context: BrowserContext): () => Promise<number> {
  let running = true;
  let offline = false;
  let toggles = 0;
  const loop = (async () => {
    while (running) {
      await new Promise((resolve) => setTimeout(resolve, 250 + random() * 1500));
      if (!running) break;
      offline = !offline;
      toggles++;
      await context.setOffline(offline);
    }
  })();
  return async () => {
    running = false;
    await loop;
    await context.setOffline(false);
    return toggles;
  };
}

/** What the student answered: test id -> positions answered on screen. */
const answered = new Map<string, Set<number>>();
let answersGiven = 0;

/**
 * Answers the questions from the one on screen up to `last`, moving on with Next (which saves
 * the answer); reloads the page once at a random question on the way (the test comes back where
 * it was). A test's last question is left by finishing (finish()).
 */
async function answerUpTo(page: Page, testId: string, last: number, total = QUESTIONS): Promise<void> {
  const first = await positionOnScreen(page);
  const reloadAt = first + Math.floor(random() * (last - first + 1));
  for (let position = first; position <= last; position++) {
    await expect(page.getByTestId("question-number")).toHaveText(new RegExp(`^Question ${pad(position)} /`));
    if (position === reloadAt) {
      await page.reload();
      await expect(page.getByTestId("question")).toBeVisible();
      // The position is kept a moment after the move (the app does not make the student wait
      // for it): a reload right after Next may come back one question earlier.
      await moveTo(page, position);
    }
    await answerCurrent(page, random() < 0.5 ? "click" : "keyboard");
    answersGiven++;
    const set = answered.get(testId) ?? new Set<number>();
    set.add(position);
    answered.set(testId, set);
    // Moving on saves the answer (after the save delay); the last question is left by finishing.
    if (position < total) await page.getByTestId("next").click();
  }
  if (last === total) return;
  // The segment ends with everything the student did on the device (and queued).
  const given = answered.get(testId)?.size ?? 0;
  await expect
    .poll(async () => (await localState(page)).answers.filter((a) => a.testId === testId).length)
    .toBeGreaterThanOrEqual(given);
}

/** From the question on screen, Next until `position`. */
async function moveTo(page: Page, position: number): Promise<void> {
  while ((await positionOnScreen(page)) < position) {
    const before = await positionOnScreen(page);
    await page.getByTestId("next").click();
    await expect(page.getByTestId("question-number")).toHaveText(new RegExp(`^Question ${pad(before + 1)} /`));
  }
}

/** Next on the last question leads to finishing; the student confirms. */
async function finish(page: Page, testId: string): Promise<void> {
  await page.getByTestId("next").click();
  await page.getByTestId("confirm-finish").click();
  await expect(page).toHaveURL(new RegExp(`/test/results/${testId}$`));
}

function pad(n: number): string {
  return String(n).padStart(3, "0");
}

/** The device was told (or will be told) LOGGED OUT; the student dismisses it and signs in again. */
async function signInAgain(page: Page): Promise<void> {
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login/, { timeout: 30_000 });
  await page
    .getByTestId("logged-out-ok")
    .click({ timeout: 3000 })
    .catch(() => undefined);
  await page.getByLabel("E-mail").fill("student@preflight.test");
  await page.getByLabel("Password").fill("preflight");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
}

async function waitSent(page: Page): Promise<void> {
  await expect(page.getByTestId("pending-count")).toHaveText("0 pending", { timeout: 60_000 });
}

interface LocalState {
  clientId: string;
  nextSeq: number;
  outbox: number;
  tests: { id: string; finished: string | null; score: number | null }[];
  answers: { testId: string; questionId: number; given: string }[];
}

/** The device's own store, read straight from IndexedDB. */
function localState(page: Page): Promise<LocalState> {
  return page.evaluate(async () => {
    const open = (name: string) =>
      new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    const all = <T>(db: IDBDatabase, store: string) =>
      new Promise<T[]>((resolve, reject) => {
        const request = db.transaction(store).objectStore(store).getAll();
        request.onsuccess = () => resolve(request.result as T[]);
        request.onerror = () => reject(request.error);
      });
    const device = await open("preflight");
    const [session] = await all<{ userId: string }>(device, "session");
    device.close();
    if (!session) throw new Error("no session on this device");
    const db = await open(`preflight-user-${session.userId}`);
    const meta = new Map((await all<{ key: string; value: unknown }>(db, "meta")).map((m) => [m.key, m.value]));
    const tests = await all<{ id: string; finished: string | null; marked: { score: number } | null }>(db, "userTests");
    const answers = await all<{ testId: string; questionId: number; given: unknown }>(db, "answers");
    const outbox = await all<unknown>(db, "outbox");
    db.close();
    return {
      clientId: meta.get("clientId") as string,
      nextSeq: (meta.get("nextSeq") as number | undefined) ?? 1,
      outbox: outbox.length,
      tests: tests
        .map((t) => ({ id: t.id, finished: t.finished, score: t.marked?.score ?? null }))
        .sort((a, b) => a.id.localeCompare(b.id)),
      answers: answers
        .map((a) => ({ testId: a.testId, questionId: a.questionId, given: JSON.stringify(a.given) }))
        .sort((a, b) => a.testId.localeCompare(b.testId) || a.questionId - b.questionId),
    };
  });
}

/** The server's rows for the student, read from its SQLite file. */
function serverState() {
  const db = new Database(E2E_DATABASE, { readonly: true, fileMustExist: true });
  try {
    const user = db.prepare("select id from users where email = ?").get("student@preflight.test") as { id: string };
    const tests = db
      .prepare("select id, finished_at as finished, score from user_tests where user_id = ? order by id")
      .all(user.id) as { id: string; finished: string | null; score: number | null }[];
    const rows = db
      .prepare(
        `select a.id, a.mutation_id, a.user_test_id, a.question_id, a.given, a.applied, q.position
           from answers a join user_test_questions q on q.user_test_id = a.user_test_id and q.question_id = a.question_id
          where a.user_id = ? order by a.created_at, a.received_at`,
      )
      .all(user.id) as {
      id: string;
      mutation_id: string;
      user_test_id: string;
      question_id: number;
      given: string;
      applied: number;
      position: number;
    }[];
    const latest = new Map<string, { testId: string; questionId: number; given: string }>();
    for (const r of rows.filter((r) => r.applied === 1))
      latest.set(`${r.user_test_id}:${r.question_id}`, {
        testId: r.user_test_id,
        questionId: r.question_id,
        given: JSON.stringify(JSON.parse(r.given)),
      });
    const saves = db
      .prepare("select id from mutations where user_id = ? and call = 'POST /test/current/save'")
      .all(user.id) as { id: string }[];
    return {
      tests,
      rows,
      latest: [...latest.values()].sort((a, b) => a.testId.localeCompare(b.testId) || a.questionId - b.questionId),
      saveIds: new Set(saves.map((s) => s.id)),
    };
  } finally {
    db.close();
  }
}

/** How the server took one device's queue: count, distinct sequence numbers, first and last. */
/**
 * What the server holds of one device's sequence: its cursor (the last seq taken, and the seq up
 * to which acknowledged replay rows were pruned, SR23) and the replay rows still kept.
 */
function serverSequence(clientId: string) {
  const db = new Database(E2E_DATABASE, { readonly: true, fileMustExist: true });
  try {
    const cursor = db.prepare("select last_seq, pruned_seq from client_cursors where client_id = ?").get(clientId) as {
      last_seq: number;
      pruned_seq: number;
    };
    const kept = db
      .prepare(
        "select count(*) as n, count(distinct seq) as distinct_seqs, max(seq) as last from mutations where client_id = ? and seq > ?",
      )
      .get(clientId, cursor.pruned_seq) as { n: number; distinct_seqs: number; last: number | null };
    return {
      lastSeq: cursor.last_seq,
      keptAfterPruned: kept.n,
      distinctKept: kept.distinct_seqs,
      prunedSeq: cursor.pruned_seq,
    };
  } finally {
    db.close();
  }
}

test("[PL2][PL5][SR1][ID3] two devices, the network off and on at random, 100+ answers over three tests: both converge with the server", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  console.log(`two-devices soak: SOAK_SEED=${SEED}`);
  const tabletContext = await browser.newContext();
  const laptopContext = await browser.newContext();
  const tablet = await tabletContext.newPage();
  const laptop = await laptopContext.newPage();
  for (const page of [tablet, laptop])
    page.on("dialog", (dialog) => void (dialog.type() === "beforeunload" ? dialog.accept() : dialog.dismiss()));
  let toggles = 0;
  const began = Date.now();
  const mark = (what: string) =>
    console.log(`two-devices soak: ${what} at ${((Date.now() - began) / 1000).toFixed(1)} s`);

  // Turn 1, tablet: test 1, questions 1-20.
  await signIn(tablet);
  await waitUntilReadyOffline(tablet);
  let stop = chaos(tabletContext);
  const test1 = await startTest(tablet, { count: QUESTIONS, display: "After test", seed: 101 });
  await answerUpTo(tablet, test1, 20);
  toggles += await stop();
  await waitSent(tablet);

  mark("turn 1 done");
  // Turn 2, laptop: test 1 arrives through the sync steps; it is finished here; test 2 begun.
  await signIn(laptop);
  await waitUntilReadyOffline(laptop);
  expect((await localState(laptop)).tests.map((t) => t.id)).toContain(test1);
  stop = chaos(laptopContext);
  await laptop.goto(`/test/${test1}`);
  await moveTo(laptop, 21);
  await answerUpTo(laptop, test1, QUESTIONS);
  await finish(laptop, test1);
  const test2 = await startTest(laptop, { count: QUESTIONS, display: "After test", seed: 202 });
  await answerUpTo(laptop, test2, 20);
  toggles += await stop();
  // The laptop goes offline with changes still queued.
  await laptopContext.setOffline(true);
  await answerUpTo(laptop, test2, 21);

  mark("turn 2 done");
  // Turn 3, tablet: signed out by the laptop's sign-in; signs in again; test 3 whole.
  await signInAgain(tablet);
  stop = chaos(tabletContext);
  const test3 = await startTest(tablet, { count: SHORT, display: "After test", seed: 303 });
  await answerUpTo(tablet, test3, SHORT, SHORT);
  await finish(tablet, test3);
  toggles += await stop();
  await waitSent(tablet);

  mark("turn 3 done");
  // Turn 4, laptop: back online it learns it was signed out; its queue waits for the student.
  await laptopContext.setOffline(false);
  await signInAgain(laptop);
  stop = chaos(laptopContext);
  await laptop.goto(`/test/${test2}`);
  await expect(laptop.getByTestId("question")).toBeVisible();
  await moveTo(laptop, 22);
  await answerUpTo(laptop, test2, QUESTIONS);
  await finish(laptop, test2);
  toggles += await stop();
  await waitSent(laptop);
  console.log(`two-devices soak: ${answersGiven} answers, ${toggles} network switches`);
  expect(answersGiven).toBeGreaterThanOrEqual(100);
  expect(toggles).toBeGreaterThan(0);

  mark("turn 4 done");
  // Counted on the server.
  const server = serverState();
  for (const id of [test1, test2, test3]) {
    const row = server.tests.find((t) => t.id === id);
    expect(row?.finished, `test ${id} finished on the server`).toBeTruthy();
    const positions = new Set(
      server.rows.filter((r) => r.user_test_id === id && r.applied === 1).map((r) => r.position),
    );
    expect(
      [...positions].sort((a, b) => a - b),
      `every question answered in test ${id} is answered on the server`,
    ).toEqual([...(answered.get(id) ?? [])].sort((a, b) => a - b));
  }
  // Every save is exactly one answer row: no save is stored twice, and each save still on record
  // has its row (replay rows are pruned once the device has acknowledged them, SR23).
  const rowIds = new Set(server.rows.map((r) => r.id));
  expect(rowIds.size).toBe(server.rows.length);
  expect(new Set(server.rows.map((r) => r.mutation_id)).size).toBe(server.rows.length);
  for (const id of server.saveIds) expect(rowIds.has(id)).toBe(true);

  // Each device signs in once more and then holds exactly the server's tests and answers; every
  // change it queued arrived once (sequence numbers 1..n, each once).
  for (const page of [tablet, laptop]) {
    await signInAgain(page);
    await expect
      .poll(
        async () => {
          const local = await localState(page);
          return { tests: local.tests, answers: local.answers, outbox: local.outbox };
        },
        { timeout: 30_000 },
      )
      .toEqual({ tests: server.tests, answers: server.latest, outbox: 0 });
    const local = await localState(page);
    const sent = serverSequence(local.clientId);
    // Every seq up to the last was taken once: the pruned ones below the high-water mark, each
    // later one still a row of its own.
    expect(sent.lastSeq).toBe(local.nextSeq - 1);
    expect(sent.keptAfterPruned).toBe(sent.lastSeq - sent.prunedSeq);
    expect(sent.distinctKept).toBe(sent.keptAfterPruned);
  }
  await tabletContext.close();
  await laptopContext.close();
});
