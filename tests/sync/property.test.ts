/**
 * "The sync engine: nothing lost, exactly once", as a property. The real client engine
 * (web/src/local actions and drainUnlocked on fake-indexeddb) against the real API in process on
 * a SQLite file, with a fault-injecting network between them (faults.ts, each fault proven in
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
import { openStage, runSchedule, type Stage } from "./run.ts";
import { scheduleArb } from "./schedule.ts";

const SEED = process.env.SYNC_SEED ? Number(process.env.SYNC_SEED) : Date.now() % 2 ** 31;
const RUNS = Math.max(1000, Number(process.env.SYNC_RUNS ?? 1000));
const PATH = process.env.SYNC_PATH;

describe("sync engine under faults [sqlite file]", () => {
  let stage: Stage;

  beforeAll(async () => {
    stage = await openStage();
  });

  afterAll(async () => {
    vi.unstubAllGlobals();
    await stage?.world.close();
  });

  it(`[OB9][DR1][DR2][DR3][DR5][SR1][SR2][SR5][SR8][SR12][SR17][SR18][SR19][ID8] nothing lost, exactly once, in order (seed ${SEED}, ${RUNS} runs)`, async () => {
    console.log(`sync property: seed ${SEED}, ${RUNS} runs${PATH ? `, path ${PATH}` : ""}`);
    const started = performance.now();
    await fc.assert(
      fc.asyncProperty(scheduleArb(), async (schedule) => {
        const { problems, trace } = await runSchedule(stage, schedule);
        if (problems.length)
          throw new Error(
            `seed ${SEED}: the server (or the device) does not hold the intents applied once:\n  ${problems.join("\n  ")}\nrun:\n  ${trace.join("\n  ")}`,
          );
      }),
      { seed: SEED, numRuns: RUNS, ...(PATH ? { path: PATH } : {}) },
    );
    const { world, device } = stage;
    console.log(
      `sync property: ${RUNS} runs in ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
        `${world.delivered} requests reached the server, ${world.restarts} server restarts, ${device.reloads} page reloads`,
    );
    console.log(`sync property: faults fired ${JSON.stringify(Object.fromEntries(device.net.fired))}`);
  }, 600_000);
});
