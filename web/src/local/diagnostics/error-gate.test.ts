import { describe, expect, it } from "vitest";
import { ErrorGate, errorKey } from "./error-gate.ts";

const limits = { perMinute: 5, windowMs: 60_000, dedupeMs: 600_000 };

describe("which page errors are reported (5 a minute, duplicates counted)", () => {
  it("reports an error once; the same message and stack again is a duplicate until the dedupe window ends", () => {
    const gate = new ErrorGate(limits);
    const key = errorKey("TypeError: boom", "at f (app.js:1:2)");
    expect(gate.decide(key, 0)).toBe("report");
    expect(gate.decide(key, 1_000)).toBe("duplicate");
    expect(gate.decide(key, 599_999)).toBe("duplicate");
    expect(gate.decide(key, 600_000)).toBe("report");
    // Another stack is another error.
    expect(gate.decide(errorKey("TypeError: boom", "at g (app.js:9:9)"), 600_001)).toBe("report");
  });

  it("lets at most 5 new errors through in any minute of a storm", () => {
    const gate = new ErrorGate(limits);
    const decisions = Array.from({ length: 50 }, (_, i) => gate.decide(errorKey(`Error ${i}`, null), i * 100));
    expect(decisions.filter((d) => d === "report")).toHaveLength(5);
    expect(gate.suppressed).toBe(45);
    // 59.9 s after the first: still full; a minute after it, room for one more.
    expect(gate.decide(errorKey("late", null), 59_999)).toBe("limited");
    expect(gate.decide(errorKey("later", null), 60_000)).toBe("report");
    expect(gate.decide(errorKey("again", null), 60_050)).toBe("limited");
  });

  it("never lets more than 5 through over a sliding minute", () => {
    const gate = new ErrorGate(limits);
    const reported: number[] = [];
    for (let t = 0; t < 300_000; t += 1_700) if (gate.decide(errorKey(`e${t}`, null), t) === "report") reported.push(t);
    for (const at of reported) expect(reported.filter((r) => r >= at && r < at + 60_000).length).toBeLessThanOrEqual(5);
    expect(reported.length).toBeGreaterThanOrEqual(25);
  });
});
