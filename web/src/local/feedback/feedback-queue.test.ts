import "fake-indexeddb/auto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { signedInScope } from "../test-support.ts";
import { newFeedback, queueFeedback, sendPendingFeedback } from "./feedback-queue.ts";

const ok = () => new Response(JSON.stringify({ success: true, message: "Feedback Submitted" }), { status: 200 });
const refused = () =>
  new Response(JSON.stringify({ error: { code: "bad_request", message: "Screenshots must be images." } }), {
    status: 400,
  });

describe("feedback kept on the device", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is sent oldest first as multipart with its id; a refused one is dropped; no answer keeps the rest", async () => {
    const { db } = await signedInScope();
    const first = { ...newFeedback("first", [new Blob(["a"])], "/dashboard"), createdAt: "2026-11-21T09:00:00Z" };
    const second = { ...newFeedback("second", [], "/profile"), createdAt: "2026-11-21T09:01:00Z" };
    const third = { ...newFeedback("third", [], "/profile"), createdAt: "2026-11-21T09:02:00Z" };
    for (const f of [third, first, second]) await queueFeedback(db, f);

    const bodies: FormData[] = [];
    const replies = [ok, refused, () => Promise.reject(new TypeError("offline"))];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init: RequestInit) => {
        bodies.push(init.body as FormData);
        return (replies[bodies.length - 1] as () => Response | Promise<Response>)();
      }),
    );
    expect(await sendPendingFeedback(db)).toBe(1);
    expect(bodies.map((b) => [b.get("feedback"), b.get("id")])).toEqual([
      ["first", first.id],
      ["second", second.id],
      ["third", third.id],
    ]);
    expect(bodies[0]?.getAll("screenshots[]")).toHaveLength(1);
    expect((await db.pendingFeedback.toArray()).map((f) => f.text)).toEqual(["third"]);

    vi.stubGlobal(
      "fetch",
      vi.fn(async () => ok()),
    );
    expect(await sendPendingFeedback(db)).toBe(1);
    expect(await db.pendingFeedback.count()).toBe(0);
  });
});
