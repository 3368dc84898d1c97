/**
 * BUG (reported, not fixed here: web/ and api/ are not this suite's to change): signing in again
 * while a push sent under the ended session is still on the wire leaves the device paused and
 * signed out again.
 *
 * The push carries the old cookie; the server answers it 401 session_replaced and, with it,
 * `Set-Cookie: pf_session=; Max-Age=0` (requireUser's deleteCookie). The reply arrives after the
 * student has signed in again, so
 *   - the browser deletes the NEW session cookie (a cookie is deleted by name, whatever value it
 *     holds): the next call is 401 and the student is signed out once more;
 *   - the drain writes meta.paused = "server said 401" after rememberSession cleared it: the
 *     header says "Sign in to sync" and nothing replays until yet another sign-in (or the next app
 *     start, where checkSession clears "paused" for the same user).
 * Nothing is lost or doubled (the outbox waits), but DR3/ID8's "until the same user signs in
 * again" does not hold: the student signed in again and is still paused and signed out.
 *
 * Window: the push is on the wire (up to SYNC_CALL_TIMEOUT_MS, 30 s) while the student signs in
 * on the LOGGED OUT page, e.g. the service worker's drain on a slow network. Found by the sync
 * property with "sign-in" allowed while a request is on the wire (seed 6 fails at run 24 and
 * shrinks to: a test is created; the drain runs, and while its push is on the wire the device
 * signs in).
 *
 * Fix suggestions: the server leaves a dead session's cookie alone (or deletes it only when the
 * token is unknown), and the drain pauses on a 401 only if the device session it started with is
 * still the current one (compare `signedInAt` before and after the request).
 *
 * `it.fails` so CI stays meaningful: each passes while the bug is there; drop `.fails` when fixed.
 */
import "fake-indexeddb/auto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openStage, runSchedule, type Stage } from "./run.ts";
import { type Schedule, scheduleArb } from "./schedule.ts";

describe("signing in again while a push of the ended session is on the wire [DR3][ID8]", () => {
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

  // BUG: "the device's replay is paused ("server said 401") although the student signed in
  // again after the session ended" and "the device has lost its session cookie …".
  it("after a sign-in elsewhere, the student signs in again while the device's push is on the wire", async () => {
    await holds({
      steps: [
        { kind: "intent", intent: { kind: "create", count: 2, seed: 5, passPercentage: null } },
        { kind: "signed-in-elsewhere" },
        {
          kind: "drain",
          force: true,
          batchSize: 50,
          faults: [],
          during: [{ kind: "sign-in" }],
          alsoWorker: false,
        },
      ],
      lateEchoes: false,
    });
  });

  // BUG: the same, when the device's own new sign-in ends the session its push was sent with.
  it("the student signs in again while the device's push is on the wire", async () => {
    await holds({
      steps: [
        { kind: "intent", intent: { kind: "zoom", tenths: 12 } },
        {
          kind: "drain",
          force: true,
          batchSize: 50,
          faults: [],
          during: [{ kind: "sign-in" }],
          alsoWorker: false,
        },
      ],
      lateEchoes: false,
    });
  });

  // The property that found it: the main property's schedules, with "sign-in" allowed while a
  // request is on the wire. Fixed seed, so it fails the same way each time.
  it("property: a sign-in lifts the pause, whatever is on the wire (seed 6)", async () => {
    await fc.assert(
      fc.asyncProperty(scheduleArb({ signInOnTheWire: true, deviceClock: false }), async (schedule) => {
        const { problems, trace } = await runSchedule(stage, schedule);
        if (problems.length) throw new Error(`${problems.join("\n  ")}\nrun:\n  ${trace.join("\n  ")}`);
      }),
      { seed: 6, numRuns: 1000 },
    );
  }, 120_000);
});
