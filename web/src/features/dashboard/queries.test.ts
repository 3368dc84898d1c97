/**
 * The dashboard's answer line: right answers over every finished test the student may see,
 * practice tests included (the course summary's average counts progress tests only).
 */
import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getMeta, type LocalUserTest } from "../../local/store/db.ts";
import { resetDatabases, signedInScope } from "../../local/test-support.ts";
import {
  answerRateOf,
  DASHBOARD_SUMMARY_KEY,
  type DashboardSummary,
  keepDashboardSummary,
  stopKeepingDashboardSummaries,
  summariseTests,
} from "./queries.ts";

const result = (score: number, total: number) => ({
  id: "r",
  title: "t",
  test_type: "practice" as const,
  score,
  total_score: total,
  percentage: Math.round((score / total) * 100),
  pass: score / total >= 0.75,
  marked: true,
  answered: total,
});

const test = (over: Partial<LocalUserTest>): LocalUserTest =>
  ({
    id: "t",
    test_type: "practice",
    finished: "2026-11-20T10:00:00Z",
    marked: null,
    predicted: null,
    ...over,
  }) as LocalUserTest;

describe("answerRateOf", () => {
  it("adds the right answers of finished tests, the server's marking before the device's prediction", () => {
    expect(
      answerRateOf(
        [
          test({ predicted: result(6, 10) }),
          test({ predicted: result(1, 10), marked: result(7, 10) }),
          test({ finished: undefined, predicted: result(3, 10) }),
        ],
        false,
      ),
    ).toEqual({ tests: 2, right: 13, total: 20 });
  });

  it("leaves out a fixed test whose results the school hides", () => {
    const fixed = test({ test_type: "exam", predicted: result(5, 10) });
    expect(answerRateOf([fixed], true)).toEqual({ tests: 0, right: 0, total: 0 });
    expect(answerRateOf([fixed], false)).toEqual({ tests: 1, right: 5, total: 10 });
  });
});

describe("the dashboard's summary row", () => {
  beforeEach(resetDatabases);
  afterEach(stopKeepingDashboardSummaries);

  const summary = async (db: Awaited<ReturnType<typeof signedInScope>>["db"], wanted: DashboardSummary) => {
    for (let i = 0; i < 50; i++) {
      const row = await getMeta<DashboardSummary>(db, DASHBOARD_SUMMARY_KEY);
      if (JSON.stringify(row) === JSON.stringify(wanted)) return row;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return getMeta<DashboardSummary>(db, DASHBOARD_SUMMARY_KEY);
  };

  it("is written where it is missing and rewritten whenever the tests change", async () => {
    const { db } = await signedInScope();
    const first = { ...test({ id: "a", predicted: result(6, 10) }), started: "2026-11-20T09:00:00Z" };
    await db.userTests.put(first);
    keepDashboardSummary(db);
    expect(await summary(db, summariseTests([first]))).toEqual({
      format: 1,
      rate: { shown: { tests: 1, right: 6, total: 10 }, hidden: { tests: 1, right: 6, total: 10 } },
    });

    // A fixed test finished, then its marking arriving: the row follows each change.
    const fixed = {
      ...test({ id: "b", test_type: "exam", predicted: result(2, 10) }),
      started: "2026-11-21T09:00:00Z",
    };
    await db.userTests.put(fixed);
    expect(await summary(db, summariseTests([first, fixed]))).toMatchObject({
      rate: { shown: { tests: 2, right: 8, total: 20 }, hidden: { tests: 1, right: 6, total: 10 } },
    });
    await db.userTests.update("b", { marked: result(9, 10) });
    expect((await summary(db, summariseTests([first, { ...fixed, marked: result(9, 10) }])))?.rate.shown).toEqual({
      tests: 2,
      right: 15,
      total: 20,
    });
  });
});
