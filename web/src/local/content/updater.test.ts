/**
 * The updater's failures (spec accounts §8, §9): a lost connection is a warning and another try
 * after the 3 s countdown, up to 5 attempts; the server's own message is shown as it is; the last
 * failure is recorded for the updates admin.
 */
import "fake-indexeddb/auto";
import { UPDATER_MAX_ATTEMPTS, UPDATER_RETRY_COUNTDOWN_S } from "@preflight/sync-protocol/rules/constants";
import { beforeEach, describe, expect, it } from "vitest";
import { resetDatabases, signedInScope } from "../test-support.ts";
import type { UpdaterStatus } from "./status.ts";
import { runUpdates } from "./updater.ts";

const NOW = new Date("2026-11-25T09:00:00Z");

/** Runs the updater against `fetch`, keeping every status it reports and every wait it asks for. */
async function run(fetch: () => Promise<Response>) {
  const { db } = await signedInScope();
  const statuses: UpdaterStatus[] = [];
  const waits: number[] = [];
  const final = await runUpdates(db, {
    fetch,
    now: () => NOW,
    onStatus: (s) => statuses.push(s),
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
  return { db, final, statuses, waits };
}

describe("the updater when the server cannot be reached", () => {
  beforeEach(resetDatabases);

  it("says 'Lost connection, trying again...' and tries again after the countdown, 5 attempts in all", async () => {
    const { db, final, statuses, waits } = await run(() => Promise.reject(new TypeError("Failed to fetch")));

    // Each failed attempt announces its retry once, as a line of the log.
    const announced = new Map<number, UpdaterStatus>();
    for (const s of statuses) {
      const line = s.log.at(-1);
      if (s.state === "retrying" && line?.text.startsWith("Attempt")) announced.set(line.n, s);
    }
    const retrying = [...announced.values()];
    expect(retrying.map((s) => s.warning)).toEqual(
      Array(UPDATER_MAX_ATTEMPTS - 1).fill("Lost connection, trying again..."),
    );
    expect(retrying.every((s) => s.error === null)).toBe(true);
    expect(waits).toEqual(Array(UPDATER_MAX_ATTEMPTS - 1).fill(UPDATER_RETRY_COUNTDOWN_S * 1000));
    expect(final).toMatchObject({
      state: "failed",
      attempt: UPDATER_MAX_ATTEMPTS,
      error: "There was an error downloading the update",
      warning: null,
    });
    expect(await db.updateRecords.toArray()).toMatchObject([{ kind: "failed", at: NOW.toISOString() }]);
  });

  it("shows the server's own message for a refusal, as an error rather than a lost connection", async () => {
    const refusal = () =>
      Promise.resolve(
        Response.json({ error: { code: "forbidden", message: "This syllabus is closed" } }, { status: 403 }),
      );
    const { final, statuses } = await run(refusal);

    expect(statuses.find((s) => s.state === "retrying")).toMatchObject({
      warning: null,
      error: "This syllabus is closed",
    });
    expect(final).toMatchObject({ state: "failed", error: "This syllabus is closed" });
  });

  it("takes a 5xx for a lost connection: the spec's 'Server Error' is never shown", async () => {
    const { statuses } = await run(() => Promise.resolve(new Response("Bad gateway", { status: 502 })));

    const shown = statuses.flatMap((s) => [s.warning, s.error]);
    expect(shown).not.toContain("Server Error");
    expect(statuses.find((s) => s.state === "retrying")?.warning).toBe("Lost connection, trying again...");
  });
});
