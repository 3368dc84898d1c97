/**
 * Test helpers for the local layer (Node + fake-indexeddb): a signed-in device session and a
 * scope with a controllable clock. Import "fake-indexeddb/auto" before this module.
 */

import type { RouteEntry } from "@preflight/sync-protocol/routes/index";
import type { UserSummary } from "@preflight/sync-protocol/schemas/auth";
import type { PulledProfile } from "@preflight/sync-protocol/schemas/pull";
import { expect } from "vitest";
import { z } from "zod";
import { createTest, type NewTest, saveAnswer } from "./actions/test.ts";
import type { CallReply } from "./api.ts";
import type { LocalScope } from "./outbox/action.ts";
import { clientIdOf } from "./outbox/client-id.ts";
import { drainUnlocked } from "./outbox/drain.ts";
import { FakePushServer } from "./outbox/fake-push-server.ts";
import { QUESTION_BASE } from "./question-fixtures.ts";
import { deviceDb, type LocalQuestion, userDb } from "./store/db.ts";

export const STUDENT: UserSummary = {
  id: "user-1",
  email: "student@preflight.test",
  firstname: "Sam",
  lastname: "Student",
  role: "student",
  syllabus_id: 3,
  class_name: null,
  subscription_end: null,
  features: { flagged: true, seen_in_exam: true, ai_tutor: false, display_answers: true },
};

export async function signedInScope(user: UserSummary = STUDENT): Promise<LocalScope & { nudges: number }> {
  await deviceDb().session.put({ key: "current", userId: user.id, user, signedInAt: new Date(0).toISOString() });
  const db = userDb(user.id);
  await clientIdOf(db);
  let tick = Date.UTC(2026, 10, 21, 9, 0, 0);
  const scope = {
    db,
    userId: user.id,
    now: () => {
      tick += 1000;
      return new Date(tick);
    },
    nudges: 0,
    onEnqueued: () => {
      scope.nudges++;
    },
  };
  return scope;
}

export function multipleChoice(id: number): LocalQuestion {
  return {
    ...QUESTION_BASE,
    id,
    type: "multiple_choice",
    question: `Question ${id}`,
    answers: [
      { id: id * 100 + 1, answer: "right", correct: true },
      { id: id * 100 + 2, answer: "wrong", correct: false },
    ],
    explanation: "<p>Because.</p>",
    reference: `010-${id}`,
  };
}

/** A practice test of exactly these questions, in this order: the test most device tests start from. */
export function practiceOf(
  scope: LocalScope,
  from: number[],
  options: Partial<Pick<NewTest, "display_answers" | "seed">> = {},
) {
  return createTest(scope, {
    test_type: "practice",
    title: "Practice",
    count: from.length,
    from,
    ordered: true,
    display_answers: options.display_answers ?? "after_test",
    seed: options.seed ?? 1,
  });
}

export async function resetDatabases(): Promise<void> {
  const { Dexie } = await import("dexie");
  for (const name of await Dexie.getDatabaseNames()) await Dexie.delete(name);
}

/**
 * A signed-in student with questions 1 and 2 (Air Law) and 5 (Meteorology), and one practice
 * test over them in which 1 and 5 are answered (analysis and reset-progress tests start here).
 */
/**
 * A signed-in device with a practice test of four questions and `answers` saves queued after it
 * (outbox seq 1 … answers + 1); `saves` are the save bodies in the student's order.
 */
export async function queuedAnswers(answers: number) {
  const scope = await signedInScope();
  await scope.db.questions.bulkPut([1, 2, 3, 4].map(multipleChoice));
  const test = await createTest(scope, {
    test_type: "practice",
    title: "P",
    count: 4,
    display_answers: "after_test",
    seed: 1,
  });
  const saves: { user_test_id: string; question_id: number; answers: number[]; elapsed_ms: unknown }[] = [];
  for (let i = 0; i < answers; i++) {
    const q = test.question_ids[i % 4] as number;
    const answer = [q * 100 + (i % 2) + 1];
    await saveAnswer(scope, test.id, q, answer);
    // How long the test had run is the device's clock's business: any count of milliseconds.
    saves.push({ user_test_id: test.id, question_id: q, answers: answer, elapsed_ms: expect.any(Number) });
  }
  return { scope, test, saves };
}

/**
 * A signed-in device with a two-question practice test ("Practice") whose answer to question
 * `position` the server refused ("test_finished", `message`) on a drain at `now`: the refused
 * change the device page, the banner and the labels show.
 */
export async function refusedAnswer(message: string, options: { position?: 1 | 2; now?: Date } = {}) {
  const scope = await signedInScope();
  await scope.db.questions.bulkPut([1, 2].map(multipleChoice));
  const test = await createTest(scope, {
    test_type: "practice",
    title: "Practice",
    count: 2,
    from: [1, 2],
    display_answers: "after_test",
    seed: 1,
  });
  const refused = test.question_ids[(options.position ?? 2) - 1] as number;
  await saveAnswer(scope, test.id, refused, [refused * 100 + 1]);
  const server = new FakePushServer({
    refuse: (m) => (m.call === "POST /test/current/save" ? { code: "test_finished", message } : null),
  });
  await drainUnlocked({ fetch: server.fetch, now: () => options.now ?? new Date(), random: () => 0.5 });
  return { scope, test };
}

export async function signedInWithAnswers(): Promise<LocalScope & { nudges: number }> {
  const scope = await signedInScope();
  const meteorology = { ...multipleChoice(5), subject: "050", syllabus_code: "050.01.01" };
  await scope.db.questions.bulkPut([multipleChoice(1), multipleChoice(2), meteorology]);
  await scope.db.meta.put({
    key: "subjects",
    value: [
      { code: "010", title: "Air Law" },
      { code: "050", title: "Meteorology" },
    ],
  });
  const test = await practiceOf(scope, [1, 2, 5]);
  await saveAnswer(scope, test.id, 1, [101]);
  await saveAnswer(scope, test.id, 5, [501]);
  return scope;
}

/** The demo student's profile as the profile step stores it, with what a test needs changed. */
export function pulledProfile(overrides: Partial<PulledProfile> = {}): PulledProfile {
  return {
    id: STUDENT.id,
    email: STUDENT.email,
    firstname: "Sam",
    lastname: "Student",
    role: "student",
    syllabus_id: 3,
    class_name: null,
    subscription: { start: "2026-01-01", end: "2027-12-31" },
    features: STUDENT.features,
    settings: { zoom: null },
    manual_update: 0,
    preferences: [],
    user_preferences: [],
    review_weights: null,
    ...overrides,
  };
}

/** A pull step's server answering `reply`, parsed with the step's catalogue entry as call() parses it. */
export function stepAnswers<E extends RouteEntry>(entry: E, reply: unknown): () => Promise<CallReply<E>> {
  return async () => z.parse(entry.reply as E["reply"], reply);
}
