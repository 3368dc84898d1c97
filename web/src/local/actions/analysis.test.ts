import "fake-indexeddb/auto";
import { routes } from "@preflight/sync-protocol/routes/index";
import { beforeEach, describe, expect, it } from "vitest";
import { pullUser } from "../pull/steps/user.ts";
import { resetDatabases, signedInWithAnswers, stepAnswers } from "../test-support.ts";
import { isResetCall, ResetProgressError, resetProgress } from "./analysis.ts";

const EMPTY_USER_STEP = {
  success: true,
  cursor: "5",
  tests: [],
  answers: [],
  flags: [],
  seen_in_exam: [],
  reviews: [],
  question_versions: [],
};

describe("reset progress on the device", () => {
  beforeEach(resetDatabases);

  it("[OB1] keeps the reset and queues it in one transaction, under the mutation's id and time", async () => {
    const scope = await signedInWithAnswers();
    const reset = await resetProgress(scope, "010");
    const entry = (await scope.db.outbox.orderBy("seq").toArray()).at(-1);
    expect(entry).toMatchObject({ call: "POST /analysis/progress/reset/010", body: {} });
    expect(reset).toEqual({ id: entry?.id, subject: "010", resetAt: entry?.createdAt });
    expect(await scope.db.progressResets.toArray()).toEqual([reset]);
    expect(isResetCall(entry?.call ?? "")).toBe(true);
    expect(isResetCall("POST /zoom")).toBe(false);
  });

  it.each([
    ["999", "not_in_bank", "Subject 999 is not in your question bank"],
    ["01", "unknown_subject", "Unknown subject 01"],
  ])("[OB3] refuses subject %s and queues nothing", async (subject, reason, message) => {
    const scope = await signedInWithAnswers();
    const before = await scope.db.outbox.count();
    const refusal = await resetProgress(scope, subject).catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(ResetProgressError);
    expect(refusal).toMatchObject({ reason, message });
    expect(await scope.db.outbox.count()).toBe(before);
    expect(await scope.db.progressResets.count()).toBe(0);
  });

  it("the user step's copy of the reset replaces the device's (same id), never doubling it", async () => {
    const scope = await signedInWithAnswers();
    const reset = await resetProgress(scope, "010");
    const serverAt = "2026-11-21T09:00:30.000Z";
    await pullUser(
      scope.db,
      stepAnswers(routes.pullUser, {
        ...EMPTY_USER_STEP,
        progress_resets: [
          { id: reset.id, subject_id: "010", reset_at: serverAt, change_seq: 4 },
          { id: "from-another-device", subject_id: "050", reset_at: serverAt, change_seq: 5 },
        ],
      }),
    );
    expect((await scope.db.progressResets.orderBy("id").toArray()).map((r) => [r.subject, r.resetAt])).toEqual([
      ["010", serverAt],
      ["050", serverAt],
    ]);
    // A server that sends no resets (an older one) leaves them as they are.
    await pullUser(scope.db, stepAnswers(routes.pullUser, EMPTY_USER_STEP));
    expect(await scope.db.progressResets.count()).toBe(2);
  });
});
