/**
 * `npm run bench -- load`: simulated students saving answers against a real server, open loop.
 *
 * The server runs in child processes (api/src/server.ts, NODE_ENV=production as deployed), never
 * in this process, so the generator and the server do not share an event loop. Each scenario
 * starts on a fresh database (a SQLite file; on PostgreSQL a database of its own, created from
 * TEST_DATABASE_URL and dropped afterwards), on 127.0.0.1 only:
 *
 *  - 500 students, 1,000 answers/s, one instance on a SQLite file;
 *  - the same on PostgreSQL (when TEST_DATABASE_URL is set);
 *  - 2,000 students, 1,000 answers/s, two instances over one PostgreSQL behind the cluster's
 *    proxy (scripts/cluster.ts, `npm run start:cluster`).
 *
 * Students: rows copied from the demo student, each with a session row as sign-in writes it (a
 * sign-in through the API costs an argon2 hash, 60 ms of the server's CPU each: minutes for
 * 2,000), so every push is authenticated by the server's real session lookup. Each student has a
 * device of its own (client id, seq) and starts a practice test of 40 questions through
 * POST /sync/push, as the app does.
 *
 * The load: sends are scheduled evenly (send k at start + k / rate), whatever the replies do, and
 * latency runs from the scheduled time to the end of the reply, so a slow server shows in the
 * figures rather than slowing the sends (no coordinated omission). A student's pushes go one after
 * another, as a device's outbox drains them; a push whose turn comes while that student's last is
 * still out waits for it, and that wait is in its latency. One answer per push. A warm-up of
 * LOAD_WARMUP_SECONDS (default 3) is sent first and not measured; the run lasts LOAD_SECONDS
 * (default 20). Errors: a reply other than 200, a connection error, or a result other than
 * "applied". Afterwards, as a device does, every save not acknowledged is sent again (same id, same
 * seq) until it is; then the database must hold every answer sent exactly once (the answer's id
 * is its mutation id): none lost, none doubled. Reference: the same client's GET /api/health at the
 * same rate against the same server, so the figure reads against the machine.
 *
 *   cd tests && TEST_DATABASE_URL=postgres://… node --import tsx -e \
 *     'const m = await import("./bench/load.ts"); console.table(await m.load())'
 */
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import type { BankQuestion } from "@preflight/sync-protocol/schemas/content";
import { type Mutation, PUSH_MAX_BATCH } from "@preflight/sync-protocol/schemas/sync";
import type { Kysely } from "kysely";
import pg from "pg";
import { hashToken, SESSION_COOKIE } from "../../api/src/auth/session.ts";
import { openDatabase } from "../../api/src/db/connect.ts";
import type { Database } from "../../api/src/db/schema.ts";
import { correctIds, generateBody } from "../../api/src/test-support/mutations.ts";
import { ownCpuSeconds, postgresCpuSeconds, processCpuSeconds, treeCpuSeconds } from "./process-cpu.ts";
import type { BenchRow } from "./run.ts";
import { freePort, startServer } from "./server.ts";
import { percentile } from "./stats.ts";

const RATE = 1000;
const SECONDS = Number(process.env.LOAD_SECONDS ?? 20);
const WARMUP_SECONDS = Number(process.env.LOAD_WARMUP_SECONDS ?? 3);
const QUESTIONS = 40;
const SAVE = "POST /test/current/save";

interface Scenario {
  name: string;
  students: number;
  instances: number;
  dialect: "sqlite" | "postgres";
  target: string;
}

export async function load(): Promise<BenchRow[]> {
  const scenarios: Scenario[] = [
    {
      name: "SQLite file, 1 instance",
      students: 500,
      instances: 1,
      dialect: "sqlite",
      target: "p99 ≤ 50 ms, 0 errors",
    },
  ];
  if (process.env.TEST_DATABASE_URL)
    scenarios.push(
      {
        name: "PostgreSQL, 1 instance",
        students: 500,
        instances: 1,
        dialect: "postgres",
        target: "p99 ≤ 50 ms, 0 errors",
      },
      {
        name: "PostgreSQL, 2 instances behind the cluster proxy",
        students: 2000,
        instances: 2,
        dialect: "postgres",
        target: "p99 ≤ 100 ms, none lost or doubled",
      },
    );
  // LOAD_ONLY=cluster (a word of the scenario's name) runs only the matching ones.
  const only = process.env.LOAD_ONLY?.toLowerCase();
  const rows: BenchRow[] = [];
  for (const scenario of scenarios)
    if (!only || scenario.name.toLowerCase().includes(only)) rows.push(...(await runScenario(scenario)));
  if (!process.env.TEST_DATABASE_URL)
    rows.push({
      bench: "load (PostgreSQL)",
      measure: "not run",
      value: "set TEST_DATABASE_URL=postgres://… to run the PostgreSQL and two-instance scenarios",
    });
  return rows;
}

async function runScenario(scenario: Scenario): Promise<BenchRow[]> {
  const target = await startTarget(scenario);
  try {
    const client = new Client(target.url);
    const students = await createStudents(target.db, scenario.students);
    await startTests(client, students);
    const loads: number[] = [];
    const sampler = setInterval(() => loads.push(loadavg()[0] ?? 0), 1000);
    const warmup = await saveAnswers(client, students, WARMUP_SECONDS);
    const cpuBefore = cpuNow(target, scenario);
    const run = await saveAnswers(client, students, SECONDS);
    const cpu = cpuPerAnswer(cpuBefore, cpuNow(target, scenario), run.stats.count);
    clearInterval(sampler);
    const health = await openLoop(Math.min(SECONDS, 10) * RATE, async () => {
      const res = await client.send("GET", "/api/health");
      return res.status === 200;
    });
    const resent = await resendUnacknowledged(client, students);
    const check = await storedOnce(target.db, [...warmup.sent, ...run.sent]);
    const load = loads.length ? (loads.reduce((a, b) => a + b, 0) / loads.length).toFixed(2) : "?";
    client.close();
    const measure = `${scenario.students.toLocaleString("en")} students, ${RATE.toLocaleString("en")} answers/s for ${SECONDS} s, one answer per push`;
    return [
      {
        bench: `load (${scenario.name})`,
        measure,
        value: `p50 ${ms(run.stats.p50)}, p95 ${ms(run.stats.p95)}, p99 ${ms(run.stats.p99)}; ${run.stats.count} sent at ${run.stats.rate}/s, answered at ${run.stats.served}/s, ${run.stats.errors} errors${run.firstError ? ` (${run.firstError})` : ""}; load avg ${load}`,
        reference: `GET /api/health at ${RATE}/s: p50 ${ms(health.p50)}, p99 ${ms(health.p99)}, ${health.errors} errors`,
        target: scenario.target,
      },
      {
        bench: `load (${scenario.name})`,
        measure: "every answer sent stored exactly once",
        value: `${check.stored.toLocaleString("en")} of ${check.sent.toLocaleString("en")} stored once; ${check.lost} lost, ${check.doubled} doubled (${resent} not acknowledged during the run, sent again afterwards as a device does)`,
        target: "0 lost, 0 doubled",
      },
      {
        bench: `load (${scenario.name})`,
        measure: "CPU time per answer during the run (from /proc; barely moved by other work on the machine)",
        value: cpu,
        reference: "the load generator's own, in the same run",
      },
    ];
  } finally {
    await target.stop();
  }
}

// ---- the server under load ----

interface Target {
  url: string;
  /** The server's process: its CPU is read with its instances'. */
  pid: number;
  db: Kysely<Database>;
  stop(): Promise<void>;
}

/** The server of a scenario in child processes, and this process's own handle on its database. */
async function startTarget(scenario: Scenario): Promise<Target> {
  const env = { NODE_ENV: "production" };
  if (scenario.dialect === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "preflight-load-"));
    const file = join(dir, "load.sqlite");
    const server = await startServer("load", { databaseUrl: file, env, needsWeb: false });
    const { db } = openDatabase(file);
    return {
      url: server.baseUrl,
      pid: server.pid,
      db,
      stop: async () => {
        await db.destroy();
        await server.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const fresh = await freshPostgres(process.env.TEST_DATABASE_URL as string);
  // The cluster's proxy runs in a process of its own too, as a load balancer would, not beside the generator.
  const server =
    scenario.instances === 1
      ? await startServer("load", { databaseUrl: fresh.url, env, needsWeb: false })
      : await startServer("load", {
          databaseUrl: fresh.url,
          env: {
            ...env,
            CLUSTER_INSTANCES: String(scenario.instances),
            PAYMENT_SANDBOX_PORT: String(await freePort()),
          },
          needsWeb: false,
          script: "scripts/cluster.ts",
        });
  const { db } = openDatabase(fresh.url);
  return {
    url: server.baseUrl,
    pid: server.pid,
    db,
    stop: async () => {
      await db.destroy();
      await server.stop();
      await fresh.drop();
    },
  };
}

/** A database of its own on the server of `adminUrl`, dropped with `drop()`. */
export async function freshPostgres(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `preflight_load_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}

// ---- CPU ----

interface CpuReading {
  server: number;
  postgres: number | null;
  /** The cluster script's own process: the proxy (null with one instance). */
  proxy: number | null;
  generator: number;
}

function cpuNow(target: Target, scenario: Scenario): CpuReading {
  return {
    server: treeCpuSeconds(target.pid),
    proxy: scenario.instances > 1 ? processCpuSeconds(target.pid) : null,
    postgres: scenario.dialect === "postgres" ? postgresCpuSeconds() : null,
    generator: ownCpuSeconds(),
  };
}

/** Milliseconds of CPU per answer, by process: the server (every instance, and the proxy), PostgreSQL, the generator. */
function cpuPerAnswer(before: CpuReading, after: CpuReading, answers: number): string {
  const per = (a: number, b: number) => `${(((b - a) * 1000) / answers).toFixed(3)} ms`;
  const parts = [`server ${per(before.server, after.server)}`];
  if (before.proxy !== null && after.proxy !== null)
    parts[0] += ` (of which the cluster's proxy ${per(before.proxy, after.proxy)})`;
  if (before.postgres !== null && after.postgres !== null)
    parts.push(`PostgreSQL ${per(before.postgres, after.postgres)} (the whole server's)`);
  parts.push(`generator ${per(before.generator, after.generator)}`);
  return parts.join(", ");
}

// ---- students ----

interface Student {
  userId: string;
  cookie: string;
  clientId: string;
  seq: number;
  testId: string;
  answered: number;
  questions: BankQuestion[];
  /** The student's last push: the next one waits for it, as a device's outbox does. */
  last: Promise<unknown>;
  /** Saves sent but not acknowledged as applied: the device keeps them and sends them again. */
  unacked: Map<string, Mutation>;
}

/** `count` copies of the demo student, each with a session as sign-in writes it. */
export async function createStudents(db: Kysely<Database>, count: number): Promise<Student[]> {
  const demo = await db
    .selectFrom("users")
    .selectAll()
    .where("email", "=", "student@preflight.test")
    .executeTakeFirstOrThrow();
  const questions = (
    await db.selectFrom("question_versions").select("content").where("version", "=", 1).orderBy("question_id").execute()
  )
    .map((row) => JSON.parse(row.content) as BankQuestion)
    .filter((q) => q.type === "multiple_choice" && !q.example)
    .slice(0, QUESTIONS);
  const now = new Date().toISOString();
  const students: Student[] = [];
  const users: unknown[] = [];
  const sessions: unknown[] = [];
  for (let i = 0; i < count; i++) {
    const userId = randomUUID();
    const token = randomBytes(32).toString("base64url");
    users.push({ ...demo, id: userId, email: `load-${userId.slice(0, 13)}@preflight.test`, change_seq: undefined });
    sessions.push({ id: hashToken(token), user_id: userId, created_at: now, last_seen_at: now });
    students.push({
      userId,
      cookie: `${SESSION_COOKIE}=${token}`,
      clientId: randomUUID(),
      seq: 0,
      testId: randomUUID(),
      answered: 0,
      questions,
      last: Promise.resolve(),
      unacked: new Map(),
    });
  }
  for (let i = 0; i < count; i += 100) {
    await db
      .insertInto("users")
      .values(users.slice(i, i + 100) as never)
      .execute();
    await db
      .insertInto("sessions")
      .values(sessions.slice(i, i + 100) as never)
      .execute();
  }
  return students;
}

function mutation(student: Student, call: string, body: unknown): Mutation {
  student.seq++;
  return {
    id: randomUUID(),
    clientId: student.clientId,
    seq: student.seq,
    userId: student.userId,
    createdAt: new Date().toISOString(),
    call,
    body,
  };
}

function pushBody(student: Student, mutations: Mutation[]): string {
  return JSON.stringify({ protocol: 1, clientId: student.clientId, mutations });
}

/** Each student starts a practice test of 40 questions through the sync API, a few at a time. */
async function startTests(client: Client, students: Student[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < students.length) {
      const student = students[next++] as Student;
      const generate = mutation(
        student,
        "POST /test/generate/practice",
        generateBody(
          student.testId,
          student.questions.map((q) => q.id),
        ),
      );
      const res = await client.send("POST", "/sync/push", pushBody(student, [generate]), student.cookie);
      const status = (JSON.parse(res.body) as { results?: { status: string }[] }).results?.[0]?.status;
      if (res.status !== 200 || status !== "applied")
        throw new Error(`load bench: starting a test failed (${res.status}): ${res.body.slice(0, 300)}`);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
}

// ---- the open loop ----

interface Stats {
  count: number;
  rate: number;
  /** Replies per second, from the first send to the last reply: below `rate`, the server fell behind. */
  served: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
}

/**
 * Sends `total` requests at RATE per second, evenly scheduled; `send` resolves true for a success.
 * Latency runs from each request's scheduled time.
 */
async function openLoop(total: number, send: (k: number) => Promise<boolean>): Promise<Stats & { first?: string }> {
  const latencies: number[] = [];
  let errors = 0;
  let first: string | undefined;
  const started = performance.now();
  const pending: Promise<void>[] = [];
  let k = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (k < total && started + (k * 1000) / RATE <= now) {
        const scheduled = started + (k * 1000) / RATE;
        pending.push(
          send(k).then(
            (ok) => {
              latencies.push(performance.now() - scheduled);
              if (!ok) errors++;
            },
            (err: unknown) => {
              latencies.push(performance.now() - scheduled);
              errors++;
              first ??= String(err);
            },
          ),
        );
        k++;
      }
      if (k >= total) return resolve();
      setTimeout(tick, Math.max(0, started + (k * 1000) / RATE - performance.now()));
    };
    tick();
  });
  const sendingFor = (performance.now() - started) / 1000;
  await Promise.all(pending);
  const repliedFor = (performance.now() - started) / 1000;
  const at = (p: number) => (latencies.length ? percentile(latencies, p) : 0);
  return {
    count: total,
    rate: Math.round(total / sendingFor),
    served: Math.round(total / repliedFor),
    errors,
    p50: at(50),
    p95: at(95),
    p99: at(99),
    ...(first ? { first } : {}),
  };
}

/** SECONDS of answers, round-robin over the students, one answer per push. */
async function saveAnswers(client: Client, students: Student[], seconds: number) {
  const sent: string[] = [];
  let firstError: string | undefined;
  const stats = await openLoop(seconds * RATE, (k) => {
    const student = students[k % students.length] as Student;
    const q = student.questions[student.answered++ % student.questions.length] as BankQuestion;
    const save = mutation(student, SAVE, { user_test_id: student.testId, question_id: q.id, answers: correctIds(q) });
    sent.push(save.id);
    student.unacked.set(save.id, save);
    const reply = student.last.then(async () => {
      const res = await client.send("POST", "/sync/push", pushBody(student, [save]), student.cookie);
      const status =
        res.status === 200 ? (JSON.parse(res.body) as { results: { status: string }[] }).results[0]?.status : undefined;
      if (status === "applied") {
        student.unacked.delete(save.id);
        return true;
      }
      firstError ??= `${res.status} ${res.body.slice(0, 200)}`;
      return false;
    });
    student.last = reply.catch(() => undefined);
    return reply;
  });
  return { stats, sent, firstError: firstError ?? stats.first };
}

/**
 * What a device does after errors: every save not acknowledged is sent again, in seq order, in
 * pushes of up to PUSH_MAX_BATCH, until each is acknowledged (applied, or a duplicate of one
 * applied before its reply was lost). Resolves with how many were sent again.
 */
async function resendUnacknowledged(client: Client, students: Student[]): Promise<number> {
  let resent = 0;
  for (let round = 0; round < 5; round++) {
    const waiting = students.filter((s) => s.unacked.size > 0);
    if (waiting.length === 0) return resent;
    let next = 0;
    const worker = async () => {
      while (next < waiting.length) {
        const student = waiting[next++] as Student;
        const saves = [...student.unacked.values()].sort((a, b) => a.seq - b.seq).slice(0, PUSH_MAX_BATCH);
        resent += saves.length;
        const res = await client.send("POST", "/sync/push", pushBody(student, saves), student.cookie);
        if (res.status !== 200) continue;
        for (const result of (JSON.parse(res.body) as { results: { id: string; status: string }[] }).results)
          if (result.status === "applied" || result.status === "duplicate") student.unacked.delete(result.id);
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
  }
  return resent;
}

/** Every id in `sent` is an answer stored once: counted by the database, in chunks. */
async function storedOnce(db: Kysely<Database>, sent: string[]) {
  let stored = 0;
  let doubled = 0;
  for (let i = 0; i < sent.length; i += 500) {
    const chunk = sent.slice(i, i + 500);
    const rows = await db
      .selectFrom("answers")
      .select((eb) => ["mutation_id", eb.fn.countAll<number>().as("n")])
      .where("mutation_id", "in", chunk)
      .groupBy("mutation_id")
      .execute();
    for (const row of rows) {
      if (Number(row.n) === 1) stored++;
      else doubled++;
    }
  }
  return { sent: sent.length, stored, doubled, lost: sent.length - stored - doubled };
}

// ---- the HTTP client ----

/** node:http with keep-alive connections: cheaper per request than fetch, so the generator is not the bottleneck. */
class Client {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 256 });
  private readonly url: URL;

  constructor(base: string) {
    this.url = new URL(base);
  }

  send(method: string, path: string, body?: string, cookie?: string): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string> = {};
      if (body !== undefined) {
        headers["Content-Type"] = "application/json";
        headers["Content-Length"] = String(Buffer.byteLength(body));
      }
      if (cookie) headers.Cookie = cookie;
      const req = request(
        { host: this.url.hostname, port: this.url.port, path, method, headers, agent: this.agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
