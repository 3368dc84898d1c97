/** Pending changes as a file: exported exactly as queued, imported once under their own client. */
import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTest, saveAnswer } from "../actions/test.ts";
import { getMeta } from "../store/db.ts";
import { multipleChoice, resetDatabases, STUDENT, signedInScope } from "../test-support.ts";
import { FakePushServer } from "./fake-push-server.ts";
import { exportPending, importPending, PendingFileError, parsePendingFile } from "./pending-file.ts";

describe("pending changes as a file", () => {
  beforeEach(resetDatabases);
  afterEach(() => vi.unstubAllGlobals());

  it("[DR17] the file holds the mutations as queued; an import applies each once under its own client, a second meets stored replies", async () => {
    const scope = await signedInScope();
    await scope.db.questions.bulkPut([1, 2].map(multipleChoice));
    const test = await createTest(scope, {
      test_type: "practice",
      title: "P",
      count: 2,
      display_answers: "after_test",
      seed: 1,
    });
    for (const q of test.question_ids) await saveAnswer(scope, test.id, q, [q * 100 + 1]);
    const queued = await scope.db.outbox.orderBy("seq").toArray();

    const file = parsePendingFile(
      JSON.stringify(await exportPending(scope.db, { userId: STUDENT.id, email: STUDENT.email }, new Date())),
    );
    expect(file.clientId).toBe(await getMeta(scope.db, "clientId"));
    expect(file.mutations).toEqual(
      queued.map(({ id, clientId, seq, userId, createdAt, call, body }) => ({
        id,
        clientId,
        seq,
        userId,
        createdAt,
        call,
        body,
      })),
    );

    const server = new FakePushServer();
    vi.stubGlobal("fetch", server.fetch);
    expect(await importPending(file, STUDENT.id)).toEqual({ applied: 3, duplicate: 0, failed: [], waiting: 0 });
    expect(await importPending(file, STUDENT.id)).toEqual({ applied: 0, duplicate: 3, failed: [], waiting: 0 });
    expect(server.applied.map((m) => m.id)).toEqual(queued.map((e) => e.id));
    await expect(importPending(file, "user-2")).rejects.toBeInstanceOf(PendingFileError);
    await expect(importPending(file, "user-2")).rejects.toMatchObject({ reason: "other_student" });
  });
});
