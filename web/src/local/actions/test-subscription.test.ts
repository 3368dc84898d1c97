import "fake-indexeddb/auto";
import type { PulledProfile } from "@preflight/sync-protocol/schemas/pull";
import { beforeEach, describe, expect, it } from "vitest";
import { multipleChoice, pulledProfile, resetDatabases, signedInScope } from "../test-support.ts";
import { createTest, finishTest, retakeTest, SubscriptionRequiredError, saveAnswer } from "./test.ts";

/** The device's clock in these tests is 21/11/2026 (signedInScope). */
describe("new tests need a running subscription, on the device as on the server", () => {
  beforeEach(resetDatabases);

  async function deviceWith(subscription: PulledProfile["subscription"]) {
    const scope = await signedInScope();
    await scope.db.questions.bulkPut([1, 2, 3].map(multipleChoice));
    await scope.db.meta.put({ key: "profile", value: pulledProfile({ subscription }) });
    return scope;
  }
  const practice = { test_type: "practice", title: "P", count: 2, display_answers: "after_test", seed: 1 } as const;

  it("refuses a new test offline once the subscription ended, and queues nothing", async () => {
    const scope = await deviceWith({ start: "2025-01-01", end: "2026-11-20" });
    await expect(createTest(scope, practice)).rejects.toThrow(
      new SubscriptionRequiredError(
        "Your subscription ended on 20/11/2026: extend it on the Subscription page to start new tests. Your lessons, results and flagged questions stay open.",
      ),
    );
    expect(await scope.db.userTests.count()).toBe(0);
    expect(await scope.db.outbox.count()).toBe(0);
  });

  it("starts tests through the end day, and a school's fixed test without one", async () => {
    const running = await deviceWith({ start: "2026-01-01", end: "2026-11-21" });
    await expect(createTest(running, practice)).resolves.toMatchObject({ test_type: "practice" });
    await resetDatabases();
    const none = await deviceWith({ start: null, end: null });
    const fixed = {
      id: 1,
      question_ids: [1, 2],
      question_versions: [1, 1],
      hide_results: false,
      hide_answers: false,
      can_retake: true,
    };
    await expect(createTest(none, { ...practice, test_type: "exam", fixed })).resolves.toMatchObject({
      fixed_test_id: 1,
    });
    await expect(createTest(none, practice)).rejects.toThrow(/^New tests need a subscription or a free trial/);
  });

  it("lets a test started in time be answered and finished after the end, but not retaken", async () => {
    const scope = await deviceWith({ start: "2026-01-01", end: "2026-11-21" });
    const test = await createTest(scope, practice);
    await scope.db.meta.put({
      key: "profile",
      value: pulledProfile({ subscription: { start: "2026-01-01", end: "2026-11-01" } }),
    });
    const q = test.question_ids[0] as number;
    await saveAnswer(scope, test.id, q, [q * 100 + 1]);
    await expect(finishTest(scope, test.id)).resolves.toMatchObject({ id: test.id });
    await expect(retakeTest(scope, test.id)).rejects.toBeInstanceOf(SubscriptionRequiredError);
  });
});
