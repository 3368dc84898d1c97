import { afterEach, describe, expect, it, vi } from "vitest";
import { errorForLog, logError, logSafe } from "./log-line.ts";

describe("log lines", () => {
  afterEach(() => vi.restoreAllMocks());

  it("escape every control character a request may carry, so a value cannot forge or repaint a line", () => {
    expect(logSafe("a\nb\rc\td")).toBe("a\\nb\\rc\\td");
    expect(logSafe("\u0000\u001b[31mred\u007f\u0085\u2028")).toBe("\\u0000\\u001b[31mred\\u007f\\u0085\\u2028");
    expect(logSafe("Zoë 1.5 a'b")).toBe("Zoë 1.5 a'b");
  });

  it("an error's message is escaped and its stack frames kept", () => {
    const err = new Error("bad call POST /zoom\nFAKE 200 OK");
    const line = errorForLog(err);
    expect(line.startsWith("Error: bad call POST /zoom\\nFAKE 200 OK\n    at ")).toBe(true);
    expect(errorForLog("x\u0000")).toBe("x\\u0000");
  });

  it("logError writes one console.error with every part made safe", () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    logError("mutation effect failed", "POST /zoom\r\nforged", { toString: () => "o\u0007" });
    expect(spy).toHaveBeenCalledWith("mutation effect failed POST /zoom\\r\\nforged o\\u0007");
  });
});
