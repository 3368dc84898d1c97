/** The device's copy of the question bank: fetched only when the server's version changed. */
import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { archiveKey, getMeta } from "../store/db.ts";
import { multipleChoice, resetDatabases, signedInScope } from "../test-support.ts";
import { refreshBank } from "./bank.ts";

const SUBJECTS = [{ code: "010", title: "Air Law" }];

/** A server that answers the bank route with the given replies in turn, recording each request. */
function bankServer(replies: (() => Response)[]) {
  const sent: (string | null)[] = [];
  vi.stubGlobal("fetch", async (_path: string, init?: RequestInit) => {
    sent.push(new Headers(init?.headers).get("If-None-Match"));
    const reply = replies[sent.length - 1];
    if (!reply) throw new Error("no more replies");
    return reply();
  });
  return sent;
}

const bank = (version: string, questions: ReturnType<typeof multipleChoice>[]) => () =>
  Response.json({ syllabus_id: 3, version, subjects: SUBJECTS, questions });

describe("the question bank on the device", () => {
  beforeEach(resetDatabases);
  afterEach(() => vi.unstubAllGlobals());

  it("[CT5] asks with the version it holds; a 304 changes nothing; a new bank is written, the questions that left it stay", async () => {
    const { db } = await signedInScope();
    const sent = bankServer([
      bank("aaaa", [multipleChoice(1), multipleChoice(2)]),
      () => new Response(null, { status: 304 }),
      bank("bbbb", [{ ...multipleChoice(2), version: 2 }]),
    ]);

    expect(await refreshBank(db)).toEqual({ updated: true, count: 2 });
    expect(await getMeta(db, "bankVersion")).toBe("aaaa");
    expect(await getMeta(db, "subjects")).toEqual(SUBJECTS);

    expect(await refreshBank(db)).toEqual({ updated: false, count: 2 });

    expect(await refreshBank(db)).toEqual({ updated: true, count: 1 });
    expect(sent).toEqual([null, '"aaaa"', '"aaaa"']);
    expect(await getMeta(db, "bankVersion")).toBe("bbbb");
    expect((await db.questions.orderBy("id").toArray()).map((q) => [q.id, q.version])).toEqual([
      [1, 1],
      [2, 2],
    ]);
    expect(await db.questionArchive.get(archiveKey(2, 1))).toMatchObject({ question: { id: 2, version: 1 } });
  });
});
