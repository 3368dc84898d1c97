/**
 * A device whose clock is set back between two intents (a clock that ran fast, corrected by hand
 * or by NTP): the later intent still wins on the server.
 *
 * The server orders one device's intents by the device's time (`createdAt`), not by `seq`:
 * answers by `created_at` (SR8, latestAnswers), flags, unflag-all and zoom by `intentTime`
 * (SR18). [OB12] keeps that order true on the device: `enqueue` never stamps an intent earlier
 * than the one before (`createdAt = max(now, previous + 1 ms)`, `meta.lastCreatedAt`). Without
 * it one minute back was enough for the server to count the earlier answer at finish and keep
 * the earlier flag and zoom, while the device showed the later state.
 *
 * Found by the sync property with the device clock set up to three hours off between steps
 * (scheduleArb({ deviceClock: true }); seed 1 failed at run 104 and shrank to: toggleFlag(q10001),
 * clock -1 min, unflagAll() queued while a push is on the wire -> the server still held q10001
 * flagged).
 */
import "fake-indexeddb/auto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openStage, runSchedule, type Stage } from "./run.ts";
import { type Schedule, scheduleArb } from "./schedule.ts";

const ONE_MINUTE_BACK = { kind: "device-clock", offsetMs: -60_000 } as const;

describe("[OB12][SR8][SR18] a device clock set back between two intents", () => {
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

  // Without OB12 the server's latest answer was the first (correct) one and it marked the test
  // 1/1, while the device showed the wrong answer it predicted 0/1 for.
  it("[SR8] the later answer counts", async () => {
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

  // Without OB12 the server kept the flag set while the device showed it cleared.
  it("[SR18] the later flag state wins", async () => {
    await holds({
      steps: [
        { kind: "intent", intent: { kind: "flag", question: 0 } },
        ONE_MINUTE_BACK,
        { kind: "intent", intent: { kind: "flag", question: 0 } },
      ],
      lateEchoes: false,
    });
  });

  // Without OB12 the server kept the flag set although "unflag all" came after it.
  it("[SR18] unflag all after a flag clears it", async () => {
    await holds({
      steps: [
        { kind: "intent", intent: { kind: "flag", question: 0 } },
        ONE_MINUTE_BACK,
        { kind: "intent", intent: { kind: "unflag-all" } },
      ],
      lateEchoes: false,
    });
  });

  // Without OB12 the server kept zoom 1.0 while the device showed 1.1.
  it("[SR18] the later zoom wins", async () => {
    await holds({
      steps: [
        { kind: "intent", intent: { kind: "zoom", tenths: 10 } },
        ONE_MINUTE_BACK,
        { kind: "intent", intent: { kind: "zoom", tenths: 11 } },
      ],
      lateEchoes: false,
    });
  });

  // Notes follow the same rule (SR24): a note written after the clock went back still wins,
  // and so does a clear.
  it("[SR24] the later note wins, a clear too", async () => {
    await holds({
      steps: [
        { kind: "intent", intent: { kind: "note", question: 0, text: 1 } },
        ONE_MINUTE_BACK,
        { kind: "intent", intent: { kind: "note", question: 0, text: 2 } },
        ONE_MINUTE_BACK,
        { kind: "intent", intent: { kind: "note", question: 0, text: 0 } },
      ],
      lateEchoes: false,
    });
  });

  // Review marks too (SR26): a mark taken off after the clock went back stays off, and set again
  // after it went back once more, stands.
  it("[SR26] the later review mark wins, taken off or set again", async () => {
    await holds({
      steps: [
        { kind: "intent", intent: { kind: "mark", question: 0, marked: true } },
        ONE_MINUTE_BACK,
        { kind: "intent", intent: { kind: "mark", question: 0, marked: false } },
        ONE_MINUTE_BACK,
        { kind: "intent", intent: { kind: "mark", question: 0, marked: true } },
      ],
      lateEchoes: false,
    });
  });

  // The property that found the bug: the main property's schedules with the device clock set
  // wrong and corrected (up to three hours either way). Fixed seed, so a regression fails the
  // same way each time.
  it("[SR8][SR18][SR24][SR26] property: intents of a device with a wrong clock land in order (seed 1)", async () => {
    await fc.assert(
      fc.asyncProperty(scheduleArb({ signInOnTheWire: false, deviceClock: true }), async (schedule) => {
        const { problems, trace } = await runSchedule(stage, schedule);
        if (problems.length) throw new Error(`${problems.join("\n  ")}\nrun:\n  ${trace.join("\n  ")}`);
      }),
      { seed: 1, numRuns: 1000 },
    );
    // 1,000 runs took about 90 s on an idle 2-core machine before notes and marks joined the
    // schedules, 211 s on a loaded one after; CI runs other suites beside it.
  }, 600_000);
});
