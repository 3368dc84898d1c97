/**
 * "The sync engine: nothing lost, exactly once", as a property. The real client engine
 * (web/src/local actions and drainUnlocked on fake-indexeddb) against the real API in process on
 * a SQLite file (and on PostgreSQL when TEST_DATABASE_URL is set), with a fault-injecting network between them (faults.ts, each fault proven in
 * faults.test.ts). Each run: a fresh device (new clientId) of the one student plays a small random
 * schedule of intents, drains and faults; then the faults stop, the queue settles, and the
 * server must hold the intents applied once, in order, and the device must agree with it.
 *
 * Replay a failure: SYNC_SEED=<seed> [SYNC_PATH=<path>] npx vitest run --project api tests/sync/property
 * More runs: SYNC_RUNS=20000.
 */
import "fake-indexeddb/auto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, it, vi } from "vitest";
import type { Dialect } from "../../api/src/db/connect.ts";
import { DIALECTS } from "../../api/src/test-support/harness.ts";
import { openStage, runSchedule, type Stage } from "./run.ts";
import { scheduleArb } from "./schedule.ts";

const SEED = process.env.SYNC_SEED ? Number(process.env.SYNC_SEED) : Date.now() % 2 ** 31;
const RUNS = Math.max(1000, Number(process.env.SYNC_RUNS ?? 1000));
/**
 * PostgreSQL's runs are the same schedules against the same engine; what they add is the
 * database's own behaviour (locks, the combined statements, restarts onto a new pool). Each
 * request there is a few round trips to another process, so a run costs several times a SQLite
 * one: 300 runs keep the suite's time in bounds. More: SYNC_RUNS_POSTGRES=1000.
 */
const RUNS_ON: Record<Dialect, number> = {
  sqlite: RUNS,
  postgres: Math.max(300, Number(process.env.SYNC_RUNS_POSTGRES ?? 300)),
};
const PATH = process.env.SYNC_PATH;

for (const dialect of DIALECTS)
  describe(`sync engine under faults [${dialect === "sqlite" ? "sqlite file" : dialect}]`, () => {
    let stage: Stage;
    const runs = RUNS_ON[dialect];

    beforeAll(async () => {
      stage = await openStage(dialect);
    });

    afterAll(async () => {
      vi.unstubAllGlobals();
      await stage?.world.close();
    });

    it(`[OB9][DR1][DR2][DR3][DR5][SR1][SR2][SR5][SR8][SR12][SR17][SR18][SR19][SR24][SR26][ID8] nothing lost, exactly once, in order (seed ${SEED}, ${runs} runs)`, async () => {
      console.log(`sync property: seed ${SEED}, ${runs} runs${PATH ? `, path ${PATH}` : ""}`);
      const started = performance.now();
      await fc.assert(
        fc.asyncProperty(scheduleArb(), async (schedule) => {
          const { problems, trace } = await runSchedule(stage, schedule);
          if (problems.length)
            throw new Error(
              `seed ${SEED}: the server (or the device) does not hold the intents applied once:\n  ${problems.join("\n  ")}\nrun:\n  ${trace.join("\n  ")}`,
            );
        }),
        { seed: SEED, numRuns: runs, ...(PATH ? { path: PATH } : {}) },
      );
      const { world, device } = stage;
      console.log(
        `sync property: ${runs} runs in ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
          `${world.delivered} requests reached the server, ${world.restarts} server restarts, ${device.reloads} page reloads`,
      );
      console.log(`sync property: faults fired ${JSON.stringify(Object.fromEntries(device.net.fired))}`);
    }, 900_000);
  });
