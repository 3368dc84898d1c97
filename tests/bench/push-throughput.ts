/** Mutations applied per second by POST /sync/push, in process, on each database. */
import { randomUUID } from "node:crypto";
import { createTestApp, DIALECTS } from "../../api/src/test-support/harness.ts";
import { correctIds, FakeDevice, generateBody, questionsByType } from "../../api/src/test-support/mutations.ts";
import type { BenchRow } from "./run.ts";

const ANSWERS = 2000;
const BATCH = 50;

export async function pushThroughput(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const dialect of DIALECTS) {
    const app = await createTestApp(dialect);
    try {
      const device = await FakeDevice.signIn(app);
      const mc = (await questionsByType(app)).multiple_choice.slice(0, 40);
      const testId = randomUUID();
      await device.pushOk([
        device.mutation(
          "POST /test/generate/practice",
          generateBody(
            testId,
            mc.map((q) => q.id),
          ),
        ),
      ]);
      const mutations = Array.from({ length: ANSWERS }, (_, i) => {
        const q = mc[i % mc.length] as (typeof mc)[number];
        return device.mutation("POST /test/current/save", {
          user_test_id: testId,
          question_id: q.id,
          answers: correctIds(q),
        });
      });
      const started = performance.now();
      for (let i = 0; i < mutations.length; i += BATCH) await device.pushOk(mutations.slice(i, i + BATCH));
      const seconds = (performance.now() - started) / 1000;
      rows.push({
        bench: `sync push (${dialect})`,
        measure: `${ANSWERS} answers in batches of ${BATCH}`,
        value: `${Math.round(ANSWERS / seconds)} mutations/s`,
      });
    } finally {
      await app.close();
    }
  }
  return rows;
}
