/**
 * Drain 1,000 queued answers after reconnect: the client engine (web/src/local: actions, outbox,
 * drain, as tests/sync uses it) on fake-indexeddb queues a test and 1,000 answers with the
 * network off, then the network comes back and one forced drain (what the page's `online`
 * trigger asks for) empties the outbox into the real API, in process, on each database.
 * Measured: wall time from reconnect to an empty outbox, and the HTTP requests it took.
 */
import "fake-indexeddb/auto";
import type { UserSummary } from "@preflight/sync-protocol";
import { SYNC_PUSH_BATCH_SIZE } from "@preflight/sync-protocol";
import { createTestApp, DIALECTS, type TestApp } from "../../api/src/test-support/harness.ts";
import { createTest, saveAnswer } from "../../web/src/local/actions/test.ts";
import type { LocalScope } from "../../web/src/local/outbox/action.ts";
import { clientIdOf } from "../../web/src/local/outbox/client-id.ts";
import { drainOutbox } from "../../web/src/local/outbox/drain.ts";
import { deviceDb, type LocalQuestion, userDb } from "../../web/src/local/store/db.ts";
import type { BenchRow } from "./run.ts";

const ANSWERS = 1000;
const QUESTIONS = 40;

export async function drainAfterReconnect(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const dialect of DIALECTS) {
    const app = await createTestApp(dialect);
    try {
      const { ms, requests, left, applied } = await run(app);
      const label = `drain after reconnect (${dialect})`;
      rows.push(
        {
          bench: label,
          measure: `${ANSWERS.toLocaleString("en-GB")} answers queued offline, to empty`,
          value: `${Math.round(ms)} ms`,
          target: "≤ 1,000 ms",
        },
        {
          bench: label,
          measure: "HTTP requests",
          value: String(requests),
          target: `≤ 5 (pushes of up to ${SYNC_PUSH_BATCH_SIZE})`,
        },
        {
          bench: label,
          measure: "answers applied / left on device",
          value: `${applied} / ${left}`,
          target: `${ANSWERS} / 0`,
        },
      );
    } finally {
      await app.close();
    }
  }
  return rows;
}

async function run(app: TestApp) {
  const cookie = await app.login();
  const user = ((await (await app.request("/api/auth/me", { cookie })).json()) as { user: UserSummary }).user;
  const { questions } = (await (await app.request("/api/content/bank", { cookie })).json()) as {
    questions: LocalQuestion[];
  };

  // A fresh device database per run (the engine keeps one Dexie per user id).
  const db = userDb(user.id);
  await db.delete({ disableAutoOpen: false });
  await deviceDb().session.put({ key: "current", userId: user.id, user, signedInAt: new Date().toISOString() });
  await clientIdOf(db);
  const mc = questions.filter((q) => q.type === "multiple_choice").slice(0, QUESTIONS);
  await db.questions.bulkPut(mc);
  const scope: LocalScope = { db, userId: user.id, now: () => new Date(), onEnqueued: () => {} };

  // Offline: every intent only queues.
  const test = await createTest(scope, {
    test_type: "practice",
    title: "Bench",
    count: QUESTIONS,
    from: mc.map((q) => q.id),
    display_answers: "after_test",
    seed: 1,
  });
  for (let i = 0; i < ANSWERS; i++) {
    const q = mc[i % mc.length] as LocalQuestion;
    const answer = q.answers[i % q.answers.length]?.id as number;
    await saveAnswer(scope, test.id, q.id, [answer]);
  }

  let requests = 0;
  const network = (async (input: string | URL | Request, init?: RequestInit) => {
    requests++;
    const headers = new Headers(init?.headers);
    headers.set("Cookie", cookie);
    return app.request(String(input), { ...init, headers });
  }) as typeof fetch;

  // Reconnect: the forced drain the `online` trigger asks for.
  const started = performance.now();
  const outcome = await drainOutbox(
    { fetch: network, now: () => new Date(), random: Math.random, baseUrl: "" },
    { force: true },
  );
  const ms = performance.now() - started;
  if (outcome.kind !== "drained") throw new Error(`drain ended ${JSON.stringify(outcome)}`);

  const applied = await app.deps.db
    .selectFrom("answers")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_test_id", "=", test.id)
    .executeTakeFirstOrThrow();
  const left = await db.outbox.count();
  await db.delete({ disableAutoOpen: false });
  return { ms, requests, left, applied: Number(applied.n) };
}
