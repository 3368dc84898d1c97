/**
 * Random schedules for the sync property: intents of the student, drains over a faulty network,
 * and what happens around them (server restart, page reload, a sign-in elsewhere, signing in
 * again). Small on purpose: a handful of steps per run, many runs.
 */
import fc from "fast-check";
import type { Fault } from "./faults.ts";
import type { AnswerPick, Intent } from "./model.ts";

export type Step =
  | { kind: "intent"; intent: Intent }
  /**
   * The drain runs once (forced, or as an unforced wake-up that may be told to wait), in batches
   * of `batchSize`; its requests meet `faults` in order, then a clean network. `during`: what
   * happens while the first request is on the wire (the student keeps working, or signs in
   * again, or signs in elsewhere). `alsoWorker`: the service worker drains at the same time (a
   * browser without Web Locks, DR9).
   */
  | {
      kind: "drain";
      force: boolean;
      batchSize: number;
      faults: Fault[];
      during: Meanwhile[];
      alsoWorker: boolean;
    }
  /** The server process restarts between drains (same database file). */
  | { kind: "restart" }
  /** The page reloads between steps. */
  | { kind: "reload" }
  /** The student signs in on another device: this device's session ends (401 session_replaced). */
  | { kind: "signed-in-elsewhere" }
  /** The student signs in again on this device (lifts a pause, ID8). */
  | { kind: "sign-in" }
  /** The device's clock is set `offsetMs` off the server's (set wrong, or corrected back). */
  | { kind: "device-clock"; offsetMs: number };

/** Something that happens while a request is on the wire. */
export type Meanwhile = { kind: "intent"; intent: Intent } | { kind: "sign-in" } | { kind: "signed-in-elsewhere" };

export interface Schedule {
  steps: Step[];
  /** After the queue settles, the network delivers every request of the run once more, late. */
  lateEchoes: boolean;
}

const MONTHS = Array.from({ length: 35 }, (_, i) => {
  const m = 2024 * 12 + i; // January 2024 … November 2026 (the server's clock starts in November 2026)
  return `${Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, "0")}`;
});

const pick = fc.constantFrom<AnswerPick>("empty", "correct", "wrong", "other-wrong");

export const intentArb: fc.Arbitrary<Intent> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("create" as const),
      count: fc.integer({ min: 1, max: 4 }),
      seed: fc.integer({ min: 0, max: 0x7fffffff }),
      passPercentage: fc.constantFrom(null, 50, 100),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("save" as const),
      test: fc.nat(7),
      question: fc.nat(7),
      pick,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("finish" as const),
      test: fc.nat(7),
      reason: fc.constantFrom("finished" as const, "abandoned" as const),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("flag" as const), question: fc.nat(7) }) },
  { weight: 1, arbitrary: fc.constant({ kind: "unflag-all" as const }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant("note" as const), question: fc.nat(7), text: fc.nat(9) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant("mark" as const), question: fc.nat(7), marked: fc.boolean() }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("seen" as const),
      question: fc.nat(7),
      month: fc.constantFrom(...MONTHS),
      authority: fc.nat(40),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("zoom" as const), tenths: fc.integer({ min: 10, max: 18 }) }) },
);

export const faultArb: fc.Arbitrary<Fault> = fc.oneof(
  fc.constant({ kind: "none" as const }),
  fc.constant({ kind: "request-lost" as const }),
  fc.constant({ kind: "response-lost" as const }),
  fc.constant({ kind: "http-500" as const }),
  fc.constant({ kind: "http-503" as const }),
  fc.constant({ kind: "captive-portal" as const }),
  fc.record({ kind: fc.constant("timeout" as const), reached: fc.boolean() }),
  fc.constant({ kind: "duplicate" as const }),
  fc.constant({ kind: "duplicate-concurrent" as const }),
  fc.constant({ kind: "hold" as const }),
  fc.record({ kind: fc.constant("replay-stale" as const), pick: fc.nat(20) }),
  fc.record({ kind: fc.constant("crash-mid-push" as const), keep: fc.nat(20) }),
  fc.record({ kind: fc.constant("page-dies" as const), reached: fc.boolean() }),
);

/**
 * Which known bugs a schedule may walk into. The main property leaves both out so it stays
 * meaningful; clock.test.ts and session-race.test.ts keep each one as an `it.fails` proof.
 */
export interface KnownBugs {
  /** The device signs in again while one of its pushes is on the wire (session-race.test.ts). */
  signInOnTheWire: boolean;
  /** The device's clock is set wrong and corrected between steps (clock.test.ts). */
  deviceClock: boolean;
}

const NONE: KnownBugs = { signInOnTheWire: true, deviceClock: true };

function meanwhileArb(bugs: KnownBugs): fc.Arbitrary<Meanwhile> {
  return fc.oneof(
    { weight: 4, arbitrary: intentArb.map((intent) => ({ kind: "intent" as const, intent })) },
    { weight: 1, arbitrary: fc.constant({ kind: "signed-in-elsewhere" as const }) },
    ...(bugs.signInOnTheWire ? [{ weight: 1, arbitrary: fc.constant({ kind: "sign-in" as const }) }] : []),
  );
}

export function stepArb(bugs: KnownBugs = NONE): fc.Arbitrary<Step> {
  return fc.oneof(
    { weight: 10, arbitrary: intentArb.map((intent) => ({ kind: "intent" as const, intent })) },
    {
      weight: 10,
      arbitrary: fc.record({
        kind: fc.constant("drain" as const),
        force: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
        batchSize: fc.constantFrom(1, 2, 3, 50),
        faults: fc.array(faultArb, { maxLength: 4 }),
        during: fc.oneof(
          { weight: 3, arbitrary: fc.constant<Meanwhile[]>([]) },
          { weight: 1, arbitrary: fc.array(meanwhileArb(bugs), { minLength: 1, maxLength: 2 }) },
        ),
        alsoWorker: fc.oneof({ weight: 4, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
      }),
    },
    { weight: 1, arbitrary: fc.constant({ kind: "restart" as const }) },
    { weight: 1, arbitrary: fc.constant({ kind: "reload" as const }) },
    { weight: 1, arbitrary: fc.constant({ kind: "signed-in-elsewhere" as const }) },
    { weight: 1, arbitrary: fc.constant({ kind: "sign-in" as const }) },
    ...(bugs.deviceClock
      ? [
          {
            weight: 2,
            // Up to three hours either way off the server's clock.
            arbitrary: fc.record({
              kind: fc.constant("device-clock" as const),
              offsetMs: fc.integer({ min: -180, max: 180 }).map((minutes) => minutes * 60_000),
            }),
          },
        ]
      : []),
  );
}

export function scheduleArb(bugs: KnownBugs = NONE): fc.Arbitrary<Schedule> {
  return fc.record({
    steps: fc.array(stepArb(bugs), { minLength: 1, maxLength: 20, size: "medium" }),
    lateEchoes: fc.boolean(),
  });
}
