import "fake-indexeddb/auto";
import { averageMockExamScores, percentageAnswered, topicAnalysis } from "@preflight/sync-protocol/rules/analysis";
import { beforeEach, describe, expect, it } from "vitest";
import { resetProgress } from "../../local/actions/analysis.ts";
import { createTest, finishTest, saveAnswer } from "../../local/actions/test.ts";
import { resetDatabases, signedInWithAnswers } from "../../local/test-support.ts";
import { readAnalysisInput } from "./queries.ts";

describe("the analysis graphs from the device's records", () => {
  beforeEach(resetDatabases);

  it("the graphs of the subject start again from zero at once, offline; other subjects keep theirs", async () => {
    const scope = await signedInWithAnswers();
    expect(percentageAnswered(await readAnalysisInput(scope.db)).answered).toEqual([1, 1]);
    await resetProgress(scope, "010");
    const input = await readAnalysisInput(scope.db);
    expect(percentageAnswered(input).answered).toEqual([0, 1]);
    expect(topicAnalysis("010", input, new Map())?.answered).toEqual([0]);
    // An answer given after the reset counts again.
    const test = await createTest(scope, {
      test_type: "practice",
      title: "Again",
      count: 1,
      from: [2],
      ordered: true,
      display_answers: "after_test",
      seed: 1,
    });
    await saveAnswer(scope, test.id, 2, [201]);
    expect(percentageAnswered(await readAnalysisInput(scope.db)).answered).toEqual([1, 1]);
  });

  it("a reset the server refused no longer counts once taken back", async () => {
    const scope = await signedInWithAnswers();
    const reset = await resetProgress(scope, "010");
    // What the drain does with a refused reset (drain.test.ts).
    await scope.db.progressResets.delete(reset.id);
    expect(percentageAnswered(await readAnalysisInput(scope.db)).answered).toEqual([1, 1]);
  });

  it("a finished timed test on the device counts as a mock exam, offline, before the server marks it", async () => {
    const scope = await signedInWithAnswers();
    const test = await createTest(scope, {
      test_type: "timed",
      title: "Timed",
      count: 2,
      from: [1, 2],
      ordered: true,
      display_answers: "after_test",
      seed: 1,
      time_limit: 60,
    });
    await saveAnswer(scope, test.id, 1, [101]);
    await saveAnswer(scope, test.id, 2, [202]);
    await finishTest(scope, test.id);
    const reply = averageMockExamScores(await readAnalysisInput(scope.db));
    expect(reply.keys).toEqual(["010", "050"]);
    expect(reply.tests).toEqual([1, 0]);
    expect(reply.datasets.map((d) => d.data)).toEqual([
      [50, 0],
      [50, 0],
    ]);
  });
});
