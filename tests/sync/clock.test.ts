/**
 * BUG (reported, not fixed here: web/ and api/ are not this suite's to change): a device whose
 * clock is set back between two intents loses the later one on the server.
 *
 * The server orders one device's intents by the device's wall clock (`createdAt`), not by the
 * device's own order (`seq`): answers by `created_at` (SR8, latestAnswers), flags, unflag-all
 * and zoom by `intentTime` (SR18). When the clock steps back (a clock that ran fast, corrected
 * by hand or by NTP), the later intent looks older than the earlier one: the server counts the
 * earlier answer at finish, and keeps the earlier flag and zoom. The device keeps showing the
 * later state (there is no pull yet), except the test result, where it shows the server's
 * marking of the answer the student had replaced. One minute back is enough.
 *
 * Found by the sync property with the device clock set up to three hours off between steps
 * (scheduleArb({ deviceClock: true }); seed 1 fails at run 104 and shrinks to: toggleFlag(q10001),
 * clock -1 min, unflagAll() queued while a push is on the wire -> the server still holds q10001
 * flagged).
 *
 * Fix suggestion: the device never stamps an intent earlier than its previous one (createdAt =
 * max(now, last createdAt + 1 ms), kept in meta beside nextSeq, in enqueue's transaction); or the
 * server orders one client's intents by seq and uses createdAt only across clients.
 *
 * These are `it.fails` so CI stays meaningful: each passes while the bug is there. When it is
 * fixed they fail; then drop `.fails`.
 */
import "fake-indexeddb/auto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openStage, runSchedule, type Stage } from "./run.ts";
import { type Schedule, scheduleArb } from "./schedule.ts";

const ONE_MINUTE_BACK = { kind: "device-clock", offsetMs: -60_000 } as const;

describe("a device clock set back between two intents [SR8][SR18]", () => {
  let stage: Stage;

  beforeAll(async () => {
    stage = await openStage();
  });
  afterAll(async () => {
    vi.unstubAllGlobals();
    await stage.world.close();
  });

  async function holds(schedule: Schedule): Promise<void> {
    const { problems, trace } = await runSchedule(stage, schedule);
    expect(problems, trace.join("\n")).toEqual([]);
  }

  // BUG: server's latest answer is the first (correct) one and it marks the test 1/1; the device
  // shows the wrong answer it predicted 0/1 for, and then shows the server's 1/1.
  it("[SR8] the later answer counts (today the earlier one does)", async () => {
    await holds({
      steps: [
        { kind: "intent", intent: { kind: "create", count: 1, seed: 1, passPercentage: null } },
        { kind: "intent", intent: { kind: "save", test: 0, question: 0, pick: "correct" } },
        ONE_MINUTE_BACK,
        { kind: "intent", intent: { kind: "save", test: 0, question: 0, pick: "wrong" } },
        { kind: "intent", intent: { kind: "finish", test: 0, reason: "finished" } },
      ],
      lateEchoes: false,
    });
  });

  // BUG: the server keeps the flag set; the device shows it cleared.
  it("[SR18] the later flag state wins (today the earlier one stays)", async () => {
    await holds({
      steps: [
        { kind: "intent", intent: { kind: "flag", question: 0 } },
        ONE_MINUTE_BACK,
        { kind: "intent", intent: { kind: "flag", question: 0 } },
      ],
      lateEchoes: false,
    });
  });

  // BUG: the server keeps the flag set although "unflag all" came after it.
  it("[SR18] unflag all after a flag clears it (today the flag stays)", async () => {
    await holds({
      steps: [
        { kind: "intent", intent: { kind: "flag", question: 0 } },
        ONE_MINUTE_BACK,
        { kind: "intent", intent: { kind: "unflag-all" } },
      ],
      lateEchoes: false,
    });
  });

  // BUG: the server keeps zoom 1.0; the device shows 1.1.
  it("[SR18] the later zoom wins (today the earlier one stays)", async () => {
    await holds({
      steps: [
        { kind: "intent", intent: { kind: "zoom", tenths: 10 } },
        ONE_MINUTE_BACK,
        { kind: "intent", intent: { kind: "zoom", tenths: 11 } },
      ],
      lateEchoes: false,
    });
  });

  // The property that found it: the main property's schedules with the device clock set wrong
  // and corrected (up to three hours either way). Fixed seed, so it fails the same way each time.
  it("[SR8][SR18] property: intents of a device with a wrong clock land in order (seed 1)", async () => {
    await fc.assert(
      fc.asyncProperty(scheduleArb({ signInOnTheWire: false, deviceClock: true }), async (schedule) => {
        const { problems, trace } = await runSchedule(stage, schedule);
        if (problems.length) throw new Error(`${problems.join("\n  ")}\nrun:\n  ${trace.join("\n  ")}`);
      }),
      { seed: 1, numRuns: 1000 },
    );
  }, 120_000);
});
