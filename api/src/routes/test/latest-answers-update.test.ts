import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "../../test-support/harness.ts";
import { FakeDevice, questionsByType } from "../../test-support/mutations.ts";
import { type LatestAnswerChange, latestAnswersUpdate } from "./latest-answers-update.ts";

/** Copies of one 40-question test, as many students' tests would be. */
const COPIES = 400;

for (const dialect of DIALECTS) {
  describe(`the test questions' latest answers [${dialect}]`, () => {
    let t: TestApp;
    let testId: string;
    beforeAll(async () => {
      t = await createTestApp(dialect);
      const device = await FakeDevice.signInAsNewStudent(t);
      const mc = (await questionsByType(t)).multiple_choice.slice(0, 40);
      testId = await device.startPractice(mc.map((q) => q.id));
    });
    afterAll(() => t.close());

    const change = (user_test_id: string, position: number): LatestAnswerChange => ({
      user_test_id,
      position,
      id: randomUUID(),
      correct: position % 2,
      created_at: "2026-11-21T09:00:00.000Z",
      received_at: "2026-11-21T09:00:01.000Z",
    });

    it("writes the latest answer of each test question named, and of no other", async () => {
      const changes = [change(testId, 2), change(testId, 5)];
      await latestAnswersUpdate(changes).execute(t.deps.db);
      const rows = await t.deps.db
        .selectFrom("user_test_questions")
        .select(["position", "latest_answer_id", "latest_correct", "latest_created_at", "latest_received_at"])
        .where("user_test_id", "=", testId)
        .where("latest_answer_id", "is not", null)
        .orderBy("position")
        .execute();
      expect(rows).toEqual(
        changes.map((c) => ({
          position: c.position,
          latest_answer_id: c.id,
          latest_correct: c.correct,
          latest_created_at: c.created_at,
          latest_received_at: c.received_at,
        })),
      );
    });

    it.runIf(dialect === "postgres")(
      "finds each row by its index on a table never analysed, never by reading every student's test questions",
      async () => {
        const { db } = t.deps;
        // Many students' tests, written straight in: the table is never analysed (a new database,
        // or a server without autovacuum), so the planner knows nothing of its values.
        await sql`
          insert into user_tests
          select (jsonb_populate_record(t, jsonb_build_object('id', 'copy-' || g))).*
          from user_tests t, generate_series(1, ${COPIES}) g where t.id = ${testId}`.execute(db);
        await sql`
          insert into user_test_questions (user_test_id, position, question_id, question_version)
          select 'copy-' || g, q.position, q.question_id, q.question_version
          from user_test_questions q, generate_series(1, ${COPIES}) g where q.user_test_id = ${testId}`.execute(db);
        const changes = Array.from({ length: 20 }, (_, i) => change(`copy-${i + 1}`, (i % 40) + 1));
        const plan = await sql<{
          "QUERY PLAN": unknown;
        }>`explain (format json) ${latestAnswersUpdate(changes)}`.execute(db);
        const scans = planNodes(plan.rows[0]?.["QUERY PLAN"]).filter(
          (node) => node["Relation Name"] === "user_test_questions" && node["Node Type"] !== "ModifyTable",
        );
        expect(scans.map((node) => node["Node Type"])).toEqual(["Index Scan"]);
        expect(scans[0]?.["Index Name"]).toBe("user_test_questions_pk");
      },
    );
  });
}

type PlanNode = Record<string, unknown> & { Plans?: PlanNode[] };

/** Every node of an EXPLAIN (FORMAT JSON) plan. */
function planNodes(explained: unknown): PlanNode[] {
  const root = (explained as { Plan: PlanNode }[])[0]?.Plan;
  const nodes: PlanNode[] = [];
  const visit = (node: PlanNode) => {
    nodes.push(node);
    for (const child of node.Plans ?? []) visit(child);
  };
  if (root) visit(root);
  return nodes;
}
