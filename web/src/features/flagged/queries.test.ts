import "fake-indexeddb/auto";
import { beforeEach, describe, expect, it } from "vitest";
import { toggleFlag, unflagAll } from "../../local/actions/question.ts";
import { multipleChoice, resetDatabases, signedInScope } from "../../local/test-support.ts";
import { readFlagged } from "./queries.ts";

describe("readFlagged: the device's flagged questions for the list and the dashboard", () => {
  beforeEach(resetDatabases);

  it("lists flagged questions most recently flagged first, leaving unflagged ones out", async () => {
    const scope = await signedInScope();
    await scope.db.questions.bulkPut([1, 2, 3, 4].map(multipleChoice));
    for (const id of [2, 4, 1, 3]) await toggleFlag(scope, id);
    await toggleFlag(scope, 1); // unflagged again
    expect((await readFlagged(scope.db)).map((e) => e.question.id)).toEqual([3, 4, 2]);
    // Flagging again makes it the most recent.
    await toggleFlag(scope, 2);
    await toggleFlag(scope, 2);
    expect((await readFlagged(scope.db)).map((e) => e.question.id)).toEqual([2, 3, 4]);
  });

  it("skips a flag whose question is not on this device", async () => {
    const scope = await signedInScope();
    await scope.db.questions.bulkPut([multipleChoice(1)]);
    await toggleFlag(scope, 1);
    await toggleFlag(scope, 99);
    expect((await readFlagged(scope.db)).map((e) => e.question.id)).toEqual([1]);
  });

  it("stops at the limit, counting only questions it can show", async () => {
    const scope = await signedInScope();
    const ids = Array.from({ length: 120 }, (_, i) => i + 1);
    await scope.db.questions.bulkPut(ids.filter((id) => id % 2 === 0).map(multipleChoice));
    for (const id of ids) await toggleFlag(scope, id);
    const recent = await readFlagged(scope.db, 5);
    expect(recent.map((e) => e.question.id)).toEqual([120, 118, 116, 114, 112]);
    expect(await readFlagged(scope.db)).toHaveLength(60);
  });

  it("is empty after unflag all", async () => {
    const scope = await signedInScope();
    await scope.db.questions.bulkPut([1, 2].map(multipleChoice));
    await toggleFlag(scope, 1);
    await toggleFlag(scope, 2);
    await unflagAll(scope);
    expect(await readFlagged(scope.db)).toEqual([]);
  });
});
