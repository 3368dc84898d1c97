/**
 * Two API instances over one PostgreSQL behind the cluster's proxy (scripts/cluster.ts, `npm run
 * start:cluster`): every push is sent twice at once, the two copies on the two instances (through
 * the proxy, and straight to each), and still every answer is applied once, stored once, and the
 * copy that lost the race is told it is a duplicate of the same reply. A purchase started on one
 * instance and paid in the cluster's one payment sandbox is seen paid on the other. Needs PostgreSQL (TEST_DATABASE_URL); skipped without it.
 */
import { randomUUID } from "node:crypto";
import type { Mutation } from "@preflight/sync-protocol/schemas/sync";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase } from "../../api/src/db/connect.ts";
import type { Database } from "../../api/src/db/schema.ts";
import { correctIds, generateBody } from "../../api/src/test-support/mutations.ts";
import { type Cluster, startCluster } from "../../scripts/cluster.ts";
import { createStudents, freshPostgres } from "../bench/load.ts";

const adminUrl = process.env.TEST_DATABASE_URL;
const STUDENTS = 8;
const ANSWERS = 6;

describe.skipIf(!adminUrl)("two API instances behind the cluster proxy [postgres]", () => {
  let cluster: Cluster;
  let db: Kysely<Database>;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const fresh = await freshPostgres(adminUrl as string);
    drop = fresh.drop;
    cluster = await startCluster({ databaseUrl: fresh.url, instances: 2, log: () => {} });
    db = openDatabase(fresh.url).db;
  }, 120_000);
  afterAll(async () => {
    await db?.destroy();
    await cluster?.stop();
    await drop?.();
  }, 60_000);

  const push = async (student: { clientId: string; cookie: string }, mutations: Mutation[], via = cluster.url) => {
    const res = await fetch(`${via}/sync/push`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: student.cookie },
      body: JSON.stringify({ protocol: 1, clientId: student.clientId, mutations }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { results: { id: string; status: string; reply?: unknown }[] }).results;
  };

  it("both instances are ready, and the proxy answers health and readiness", async () => {
    for (const url of [...cluster.instanceUrls, cluster.url])
      for (const path of ["/api/health", "/api/ready"]) expect((await fetch(`${url}${path}`)).status).toBe(200);
  });

  it("a purchase started on one instance is paid through the shared sandbox and seen paid on the other", async () => {
    const [student] = await createStudents(db, 1);
    const [first, second] = cluster.instanceUrls;
    const res = await fetch(`${first}/subscribe/purchase`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: student?.cookie ?? "" },
      body: JSON.stringify({ subscription: 1, currency: "EUR" }),
    });
    expect(res.status).toBe(200);
    const { redirect, checkout_id } = (await res.json()) as { redirect: string; checkout_id: string };
    // The sandbox's Pay button; its signed webhook goes to the proxy, so to either instance.
    const paid = await fetch(`${redirect}/pay`, { method: "POST", body: "", redirect: "manual" });
    expect(paid.status).toBeLessThan(400);
    await vi.waitFor(
      async () => {
        const status = await fetch(`${second}/api/subscribe/checkout/${checkout_id}`, {
          headers: { Cookie: student?.cookie ?? "" },
        });
        expect(((await status.json()) as { status: string }).status).toBe("paid");
      },
      { timeout: 10_000, interval: 200 },
    );
  });

  it("the same pushes through both instances at once: each answer applied once and stored once", async () => {
    const students = await createStudents(db, STUDENTS);
    const sent: string[] = [];
    await Promise.all(
      students.map(async (student) => {
        const next = (call: string, body: unknown): Mutation => ({
          id: randomUUID(),
          clientId: student.clientId,
          seq: ++student.seq,
          userId: student.userId,
          createdAt: new Date().toISOString(),
          call,
          body,
        });
        const generate = next(
          "POST /test/generate/practice",
          generateBody(
            student.testId,
            student.questions.map((q) => q.id),
          ),
        );
        expect((await push(student, [generate]))[0]?.status).toBe("applied");
        for (let i = 0; i < ANSWERS; i++) {
          const q = student.questions[i % student.questions.length] as (typeof student.questions)[number];
          const save = next("POST /test/current/save", {
            user_test_id: student.testId,
            question_id: q.id,
            answers: correctIds(q),
          });
          sent.push(save.id);
          // Two copies at once, through the proxy (consecutive requests go to alternate
          // instances) or, every other answer, straight to each instance.
          const [a, b] = i % 2 === 0 ? [cluster.url, cluster.url] : cluster.instanceUrls;
          const copies = await Promise.all([push(student, [save], a), push(student, [save], b)]);
          const statuses = copies.map((results) => results[0]?.status).sort();
          expect(statuses).toEqual(["applied", "duplicate"]);
          expect(copies[0]?.[0]?.reply).toEqual(copies[1]?.[0]?.reply);
        }
      }),
    );
    const stored = await db
      .selectFrom("answers")
      .select((eb) => ["mutation_id", eb.fn.countAll<number>().as("n")])
      .where("mutation_id", "in", sent)
      .groupBy("mutation_id")
      .execute();
    expect(stored).toHaveLength(sent.length);
    expect(stored.every((row) => Number(row.n) === 1)).toBe(true);
  });
});
