import type { PreviousTest } from "@preflight/sync-protocol/schemas/fixed";
import { describe, expect, it } from "vitest";
import type { LocalUserTest } from "../../local/store/db.ts";
import { filterPreviousTests, mergePreviousTests, NO_FILTER, type PreviousRow } from "./rows.ts";

function local(id: string, overrides: Partial<LocalUserTest> = {}): LocalUserTest {
  return {
    id,
    title: `Test ${id}`,
    test_type: "practice",
    display_answers: "after_test",
    time_limit: null,
    pass_percentage: null,
    question_ids: [1, 2, 3, 4],
    question_versions: [1, 1, 1, 1],
    started: "2026-11-20T10:00:00.000Z",
    finished: "2026-11-20T10:20:00.000Z",
    ended: "finished",
    can_retake: true,
    hide_results: false,
    retake_of: null,
    predicted: {
      id,
      title: `Test ${id}`,
      test_type: "practice",
      score: 3,
      total_score: 4,
      percentage: 75,
      pass: true,
      marked: true,
      answered: 4,
    },
    marked: null,
    position: 1,
    ...overrides,
  };
}

function server(id: string, overrides: Partial<PreviousTest> = {}): PreviousTest {
  return {
    id,
    title: `Server ${id}`,
    marked: true,
    started: "2026-11-19T10:00:00.000Z",
    score: 1,
    total_score: 4,
    pass: false,
    test_type: "timed",
    hide_results: false,
    questions: 4,
    ...overrides,
  };
}

describe("previous tests: merged, hidden, filtered", () => {
  it("lists finished tests only, newest first, from the device and the server", () => {
    const rows = mergePreviousTests(
      [
        local("a"),
        local("running", { finished: null, ended: null }),
        local("b", { started: "2026-11-21T08:00:00.000Z" }),
      ],
      [server("c")],
      false,
    );
    expect(rows.map((r) => [r.id, r.onDevice])).toEqual([
      ["b", true],
      ["a", true],
      ["c", false],
    ]);
    expect(rows[1]).toMatchObject({ score: 3, percentage: 75, pass: true, hidden: false, marked: false });
    expect(rows[2]).toMatchObject({ score: 1, percentage: 25, pass: false });
  });

  it("takes the server's marking over the device's prediction", () => {
    const [row] = mergePreviousTests([local("a")], [server("a", { score: 2, pass: false })], false);
    expect(row).toMatchObject({
      id: "a",
      title: "Test a",
      onDevice: true,
      score: 2,
      percentage: 50,
      pass: false,
      marked: true,
    });
  });

  it("hides score and pass of a hidden-results test, and of every fixed test with hide_fixed_results", () => {
    const rows = mergePreviousTests(
      [
        local("hidden", { test_type: "exam", hide_results: true }),
        local("exam", { test_type: "exam", fixed_test_id: 2 }),
        local("practice"),
      ],
      null,
      true,
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get("hidden")).toMatchObject({ score: null, pass: null, percentage: null, hidden: true });
    expect(byId.get("exam")).toMatchObject({ score: null, pass: null, hidden: true });
    expect(byId.get("practice")).toMatchObject({ score: 3, pass: true, hidden: false });
    const visible = mergePreviousTests([local("exam", { test_type: "exam" })], null, false);
    expect(visible[0]).toMatchObject({ score: 3, hidden: false });
  });

  it("hidden answers alone keep the score", () => {
    const [row] = mergePreviousTests([local("a", { test_type: "exam", hide_answers: true })], null, false);
    expect(row).toMatchObject({ score: 3, pass: true, hidden: false });
  });

  describe("filters", () => {
    const rows: PreviousRow[] = mergePreviousTests(
      [
        local("pass", { started: "2026-11-01T12:00:00.000Z" }),
        local("fail", {
          test_type: "timed",
          started: "2026-11-10T12:00:00.000Z",
          predicted: { ...(local("x").predicted as NonNullable<LocalUserTest["predicted"]>), pass: false, score: 1 },
        }),
        local("hidden", { test_type: "exam", hide_results: true, started: "2026-11-20T12:00:00.000Z" }),
      ],
      null,
      false,
    );
    const ids = (filter: Partial<typeof NO_FILTER>) =>
      filterPreviousTests(rows, { ...NO_FILTER, ...filter }).map((r) => r.id);

    it("by result: All lists everything; Passed and Failed leave hidden results out", () => {
      expect(ids({})).toEqual(["hidden", "fail", "pass"]);
      expect(ids({ result: "passed" })).toEqual(["pass"]);
      expect(ids({ result: "failed" })).toEqual(["fail"]);
    });

    it("by type", () => {
      expect(ids({ type: "timed" })).toEqual(["fail"]);
      expect(ids({ type: "exam" })).toEqual(["hidden"]);
      expect(ids({ type: "quiz" })).toEqual([]);
    });

    it("by dates, inclusive at both ends", () => {
      expect(ids({ from: "2026-11-10" })).toEqual(["hidden", "fail"]);
      expect(ids({ to: "2026-11-10" })).toEqual(["fail", "pass"]);
      expect(ids({ from: "2026-11-02", to: "2026-11-19" })).toEqual(["fail"]);
      expect(ids({ from: "2026-11-21" })).toEqual([]);
    });

    it("combined", () => {
      expect(ids({ result: "passed", type: "practice", from: "2026-11-01", to: "2026-11-01" })).toEqual(["pass"]);
      expect(ids({ result: "passed", type: "timed" })).toEqual([]);
    });
  });
});
