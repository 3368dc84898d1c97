/**
 * The dashboard's answer line: right answers over every finished test the student may see,
 * practice tests included (the course summary's average counts progress tests only).
 */
import { describe, expect, it } from "vitest";
import type { LocalUserTest } from "../../local/store/db.ts";
import { answerRateOf } from "./queries.ts";

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
