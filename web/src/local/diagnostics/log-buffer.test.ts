import { describe, expect, it } from "vitest";
import { captureConsole, LogBuffer } from "./log-buffer.ts";

const clock = () => new Date("2026-11-21T09:00:00.000Z");

describe("the device log ring buffer", () => {
  it("keeps the newest lines, dropping the oldest past the line count", () => {
    const log = new LogBuffer({ maxLines: 3, maxChars: 10_000, maxLineChars: 100 }, clock);
    for (const n of [1, 2, 3, 4, 5]) log.add("info", `line ${n}`);
    expect(log.snapshot().map((l) => l.message)).toEqual(["line 3", "line 4", "line 5"]);
    expect(log.snapshot()[0]).toEqual({ at: "2026-11-21T09:00:00.000Z", level: "info", message: "line 3" });
  });

  it("drops the oldest past the size cap, cuts a long line and keeps no control characters", () => {
    const log = new LogBuffer({ maxLines: 100, maxChars: 25, maxLineChars: 10 }, clock);
    log.add("warn", "0123456789abcdef");
    expect(log.snapshot()[0]?.message).toBe("012345678…");
    log.add("error", "aaaaaaaaaa");
    log.add("error", "bbbbbbbbbb");
    expect(log.snapshot().map((l) => l.message)).toEqual(["aaaaaaaaaa", "bbbbbbbbbb"]);
    log.add("info", "a\u0000b\tc\nd");
    expect(log.snapshot().at(-1)?.message).toBe("a?b\tc\nd");
    // A line over the cap alone is kept (cut to maxLineChars), never an empty log.
    const tiny = new LogBuffer({ maxLines: 10, maxChars: 3, maxLineChars: 10 }, clock);
    tiny.add("info", "longer than three");
    expect(tiny.snapshot()).toHaveLength(1);
  });

  it("copies console warnings and errors into the log, and they still reach the console", () => {
    const log = new LogBuffer(undefined, clock);
    const seen: unknown[][] = [];
    const target = {
      warn: (...a: unknown[]) => seen.push(["warn", ...a]),
      error: (...a: unknown[]) => seen.push(["error", ...a]),
    };
    captureConsole(target, log);
    target.warn("sync failed:", { status: 503 });
    target.error(new TypeError("x is undefined"));
    expect(seen.map((s) => s[0])).toEqual(["warn", "error"]);
    const lines = log.snapshot();
    expect(lines[0]).toMatchObject({ level: "warn", message: 'sync failed: {"status":503}' });
    expect(lines[1]?.level).toBe("error");
    expect(lines[1]?.message).toContain("TypeError: x is undefined");
  });
});
