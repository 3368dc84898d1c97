import { describe, expect, it, vi } from "vitest";
import { fixedTestDialog } from "./flow-step.ts";

const open = { password_access: false, password_verified: false };

describe("the dialog a selected fixed test opens", () => {
  it("update first, then password, then the summary", async () => {
    expect(
      await fixedTestDialog({ password_access: true, password_verified: false }, async () => ({ update: true })),
    ).toBe("update");
    expect(
      await fixedTestDialog({ password_access: true, password_verified: false }, async () => ({ update: false })),
    ).toBe("password");
    expect(
      await fixedTestDialog({ password_access: true, password_verified: true }, async () => ({ update: false })),
    ).toBe("summary");
    expect(await fixedTestDialog(open, async () => ({ update: false }))).toBe("summary");
  });

  it("'Could not load test summary' when the device cannot check the questions", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(
      await fixedTestDialog(open, async () => {
        throw new Error("DatabaseClosedError");
      }),
    ).toEqual({ failed: "Could not load test summary" });
    warn.mockRestore();
  });
});
