import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiCallError } from "../api.ts";
import { resetDatabases, signedInScope } from "../test-support.ts";
import { refreshAuthorities, refreshQuestionStats } from "./question-data.ts";

function serve(routes: Record<string, { status?: number; body: unknown }>) {
  const seen: string[] = [];
  vi.stubGlobal("fetch", async (url: string) => {
    seen.push(url);
    const route = routes[url];
    if (!route) return new Response(JSON.stringify({ error: { code: "not_found", message: "no" } }), { status: 404 });
    return new Response(JSON.stringify(route.body), {
      status: route.status ?? 200,
      headers: { "Content-Type": "application/json" },
    });
  });
  return seen;
}

describe("pulling question data", () => {
  beforeEach(resetDatabases);
  afterEach(() => vi.unstubAllGlobals());

  it("replaces the question statistics with the server's", async () => {
    const { db } = await signedInScope();
    await db.questionStats.put({ questionId: 99, answered: 5, sum_correct: 5, updated: null });
    const seen = serve({
      "/api/content/question-stats": {
        body: {
          stats: [
            { question_id: 10001, answered: 4, sum_correct: 3, updated: "2026-11-21T09:00:00.000Z" },
            { question_id: 10002, answered: 1, sum_correct: 0, updated: "2026-11-20T09:00:00.000Z" },
          ],
        },
      },
    });
    expect(await refreshQuestionStats(db)).toBe(2);
    expect(seen).toEqual(["/api/content/question-stats"]);
    expect(await db.questionStats.toArray()).toEqual([
      { questionId: 10001, answered: 4, sum_correct: 3, updated: "2026-11-21T09:00:00.000Z" },
      { questionId: 10002, answered: 1, sum_correct: 0, updated: "2026-11-20T09:00:00.000Z" },
    ]);
  });

  it("keeps the authorities in the server's order with their group", async () => {
    const { db } = await signedInScope();
    serve({
      "/api/authorities": {
        body: {
          data: [
            { group: "EASA", authorities: [{ id: "all_easa", title: "All EASA member states" }] },
            {
              group: "National aviation authorities",
              authorities: [
                { id: "at_acg", title: "Austro Control (Austria)" },
                { id: "de_lba", title: "Luftfahrt-Bundesamt (Germany)" },
              ],
            },
          ],
        },
      },
    });
    expect(await refreshAuthorities(db)).toBe(3);
    expect((await db.authorities.orderBy("position").toArray()).map((a) => [a.id, a.group, a.position])).toEqual([
      ["all_easa", "EASA", 0],
      ["at_acg", "National aviation authorities", 1],
      ["de_lba", "National aviation authorities", 2],
    ]);
  });

  it("keeps what it has when the server refuses or answers something else", async () => {
    const { db } = await signedInScope();
    await db.authorities.put({ id: "de_lba", title: "LBA", group: "N", position: 0 });
    serve({ "/api/authorities": { body: { data: [{ group: "EASA" }] } } });
    await expect(refreshAuthorities(db)).rejects.toThrow();
    serve({
      "/api/content/question-stats": {
        status: 401,
        body: { error: { code: "unauthenticated", message: "Please sign in" } },
      },
    });
    await expect(refreshQuestionStats(db)).rejects.toBeInstanceOf(ApiCallError);
    expect(await db.authorities.count()).toBe(1);
  });
});
