/**
 * Mutations applied per second by POST /sync/push, in process, on a SQLite file and on
 * PostgreSQL, beside the reference of the same run: the same answer and mutation rows written by
 * plain multi-row inserts in one transaction (what the database itself can take), and the same
 * raw inserts committed once per push of the same size (what the database can take when every
 * push is made durable before it is acknowledged, as the server does). One device's pushes go one
 * after another; a last row sends the same answers from twenty devices at once, as a class
 * reconnecting does, whose pushes the server applies in shared groups (sync/replay.ts).
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Mutation, PUSH_MAX_BATCH } from "@preflight/sync-protocol/schemas/sync";
import type { Dialect } from "../../api/src/db/connect.ts";
import { createTestApp, DIALECTS, type TestApp } from "../../api/src/test-support/harness.ts";
import { correctIds, FakeDevice, questionsByType } from "../../api/src/test-support/mutations.ts";
import type { BenchRow } from "./run.ts";

const ANSWERS = 5000;
/** Devices sending at once in the many-devices row. */
const DEVICES = 20;
const ROWS_PER_INSERT = 500;
/** Turns the pushes and their raw inserts are measured in, one after the other (`pushAndRawInTurns`). */
const TURNS = 5;

export async function pushThroughput(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const { dialect, where, synchronous } of databases()) {
    const dir = mkdtempSync(join(tmpdir(), "preflight-bench-"));
    process.env.SQLITE_SYNCHRONOUS = synchronous;
    // Replies unchecked against the catalogue, as a deployed server sends them (tests check them).
    const app = await createTestApp(dialect, {
      checkReplies: false,
      ...(dialect === "sqlite" ? { sqliteFile: join(dir, "bench.sqlite") } : {}),
    });
    try {
      // A first round compiles the push path (lazy imports, JIT), as a running server has.
      await pushRate(app, PUSH_MAX_BATCH, 1000);
      const reference = await rawInsertRate(app, ANSWERS);
      for (const batch of [50, PUSH_MAX_BATCH]) {
        const { rate, perPush } = await pushAndRawInTurns(app, batch);
        const share = (of: number) => `${Math.round((rate / of) * 100)} %`;
        rows.push({
          bench: `sync push (${where})`,
          measure: `${ANSWERS} answers in pushes of ${batch}`,
          value: `${rate} mutations/s (${share(reference)} of the reference; ${share(perPush)} of raw inserts committed per push)`,
          reference: `the same rows by raw multi-row inserts: ${reference}/s in one transaction, ${perPush}/s committed per ${batch}`,
          target: dialect === "sqlite" ? "≥ 10,000/s and ≥ 50 %" : "≥ 5,000/s and ≥ 50 %",
        });
      }
      // The same answers from many devices at once (a class reconnecting): their pushes share groups.
      const rate = await pushRateFromDevices(app, PUSH_MAX_BATCH, DEVICES);
      rows.push({
        bench: `sync push (${where})`,
        measure: `${ANSWERS} answers from ${DEVICES} devices at once, pushes of ${PUSH_MAX_BATCH}`,
        value: `${rate} mutations/s (${Math.round((rate / reference) * 100)} % of the reference)`,
        reference: `the same rows by raw multi-row inserts: ${reference}/s in one transaction`,
        target: dialect === "sqlite" ? "≥ 10,000/s and ≥ 50 %" : "≥ 5,000/s and ≥ 50 %",
      });
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
      delete process.env.SQLITE_SYNCHRONOUS;
    }
  }
  return rows;
}

/** SQLite as it runs by default (a disk sync at every commit) and with SQLITE_SYNCHRONOUS=normal, then PostgreSQL. */
function databases(): { dialect: Dialect; where: string; synchronous: string }[] {
  return DIALECTS.flatMap((dialect): { dialect: Dialect; where: string; synchronous: string }[] =>
    dialect === "sqlite"
      ? [
          { dialect, where: "SQLite file", synchronous: "full" },
          { dialect, where: "SQLite file, synchronous NORMAL", synchronous: "normal" },
        ]
      : [{ dialect, where: "PostgreSQL", synchronous: "full" }],
  );
}

/**
 * Pushes of `batch` and the raw inserts committed per `batch`, ANSWERS each, measured in turns of
 * ANSWERS / TURNS: a disk's sync time drifts over seconds (on a shared virtual disk by a factor of
 * two), and taking the two in turns gives both the same disk.
 */
async function pushAndRawInTurns(app: TestApp, batch: number): Promise<{ rate: number; perPush: number }> {
  const each = ANSWERS / TURNS;
  let pushSeconds = 0;
  let rawSeconds = 0;
  for (let turn = 0; turn < TURNS; turn++) {
    pushSeconds += each / (await pushRate(app, batch, each));
    rawSeconds += each / (await rawInsertRate(app, batch, each));
  }
  return { rate: Math.round(ANSWERS / pushSeconds), perPush: Math.round(ANSWERS / rawSeconds) };
}

/** A new student's test of 40 questions, answered `count` times through pushes of `batch`. */
async function pushRate(app: TestApp, batch: number, count = ANSWERS): Promise<number> {
  const student = await studentWithTest(app);
  const { device } = student;
  const mutations = saves(student, count);
  const started = performance.now();
  for (let i = 0; i < mutations.length; i += batch) await device.pushOk(mutations.slice(i, i + batch));
  return Math.round(count / ((performance.now() - started) / 1000));
}

/** `count` right answers to the student's test, round its 40 questions, as the device queues them. */
function saves({ device, mc, testId }: Awaited<ReturnType<typeof studentWithTest>>, count: number): Mutation[] {
  return Array.from({ length: count }, (_, i) => {
    const q = mc[i % mc.length] as (typeof mc)[number];
    return device.mutation("POST /test/current/save", {
      user_test_id: testId,
      question_id: q.id,
      answers: correctIds(q),
    });
  });
}

/** ANSWERS saves shared out between `devices` students, each pushing its share in pushes of `batch`, all at once. */
async function pushRateFromDevices(app: TestApp, batch: number, devices: number): Promise<number> {
  const students = await Promise.all(Array.from({ length: devices }, () => studentWithTest(app)));
  const shares = students.map((student) => saves(student, Math.ceil(ANSWERS / devices)));
  const started = performance.now();
  await Promise.all(
    students.map(async ({ device }, k) => {
      const share = shares[k] as Mutation[];
      for (let i = 0; i < share.length; i += batch) await device.pushOk(share.slice(i, i + batch));
    }),
  );
  const sent = shares.reduce((n, share) => n + share.length, 0);
  return Math.round(sent / ((performance.now() - started) / 1000));
}

/**
 * The answer and mutation rows of `count` saves, inserted directly, committing every
 * `perTransaction` saves: rows (of each kind) per second.
 */
async function rawInsertRate(app: TestApp, perTransaction: number, count = ANSWERS): Promise<number> {
  const { device, mc, testId } = await studentWithTest(app);
  const now = new Date().toISOString();
  const clientId = randomUUID();
  const saves = Array.from({ length: count }, (_, i) => {
    const q = mc[i % mc.length] as (typeof mc)[number];
    return { id: randomUUID(), q, seq: i + 1 };
  });
  const started = performance.now();
  for (let t = 0; t < saves.length; t += perTransaction) {
    await insertRaw(saves.slice(t, t + perTransaction));
  }
  return Math.round(count / ((performance.now() - started) / 1000));

  async function insertRaw(inTransaction: typeof saves) {
    await app.deps.db.transaction().execute(async (trx) => {
      for (let i = 0; i < inTransaction.length; i += ROWS_PER_INSERT) {
        const chunk = inTransaction.slice(i, i + ROWS_PER_INSERT);
        await trx
          .insertInto("answers")
          .values(
            chunk.map(({ id, q, seq }) => ({
              id,
              user_id: device.userId,
              user_test_id: testId,
              question_id: q.id,
              question_version: 1,
              given: JSON.stringify(correctIds(q)),
              answered: 1,
              correct: 1,
              applied: 1,
              reason: null,
              mutation_id: id,
              created_at: now,
              received_at: now,
              // Numbered as a push numbers its answers (a row without a number is numbered by a trigger).
              change_seq: seq,
            })),
          )
          .execute();
        await trx
          .insertInto("mutations")
          .values(
            chunk.map(({ id, seq }) => ({
              user_id: device.userId,
              id,
              client_id: clientId,
              seq,
              call: "POST /test/current/save",
              status: "applied",
              reply: JSON.stringify({ success: true, answered: true, correct: true }),
              received_at: now,
            })),
          )
          .execute();
      }
    });
  }
}

/** A new student and a practice test of 40 multiple-choice questions, created by a push. */
async function studentWithTest(app: TestApp) {
  const device = await FakeDevice.signInAsNewStudent(app);
  const mc = (await questionsByType(app)).multiple_choice.slice(0, 40);
  const testId = await device.startPractice(mc.map((q) => q.id));
  return { device, mc, testId };
}
