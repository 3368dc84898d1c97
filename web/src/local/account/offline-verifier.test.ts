import { describe, expect, it } from "vitest";
import {
  constantTimeEqual,
  deriveVerifier,
  VERIFIER_ALGORITHM,
  VERIFIER_ITERATIONS,
  verifyPassword,
} from "./offline-verifier.ts";

/** Fewer iterations keep most cases quick; the default count has its own case. */
const FAST = { iterations: 1000 };

describe("offline password verifier", () => {
  it("[ID11] the same password verifies, and the verifier holds no trace of it", async () => {
    const verifier = await deriveVerifier("correct horse", FAST);
    expect(await verifyPassword("correct horse", verifier)).toBe(true);
    expect(JSON.stringify(verifier)).not.toContain("correct horse");
    expect(verifier.algorithm).toBe(VERIFIER_ALGORITHM);
  });

  it("[ID11] a wrong password does not verify: another word, another case, a trailing space, empty", async () => {
    const verifier = await deriveVerifier("correct horse", FAST);
    for (const wrong of ["battery staple", "Correct horse", "correct horse ", ""])
      expect(await verifyPassword(wrong, verifier)).toBe(false);
  });

  it("[ID11] every record has its own random 16-byte salt, so the same password hashes differently", async () => {
    const a = await deriveVerifier("preflight", FAST);
    const b = await deriveVerifier("preflight", FAST);
    expect(atob(a.salt)).toHaveLength(16);
    expect(a.salt).not.toBe(b.salt);
    expect(a.hash).not.toBe(b.hash);
    expect(atob(a.hash)).toHaveLength(32);
    expect(await verifyPassword("preflight", a)).toBe(true);
    expect(await verifyPassword("preflight", b)).toBe(true);
    // A salt swapped between records breaks both.
    expect(await verifyPassword("preflight", { ...a, salt: b.salt })).toBe(false);
  });

  it("[ID11] the iteration count is stored with the record and used to verify it", async () => {
    const standard = await deriveVerifier("preflight");
    expect(standard.iterations).toBe(VERIFIER_ITERATIONS);
    expect(VERIFIER_ITERATIONS).toBeGreaterThanOrEqual(310_000);
    expect(await verifyPassword("preflight", standard)).toBe(true);

    const older = await deriveVerifier("preflight", { iterations: 2000 });
    expect(older.iterations).toBe(2000);
    expect(await verifyPassword("preflight", older)).toBe(true);
    // The count is part of what is checked: the same salt and hash under another count fail.
    expect(await verifyPassword("preflight", { ...older, iterations: 2001 })).toBe(false);
  });

  it("[ID11] a record it cannot read never verifies", async () => {
    const verifier = await deriveVerifier("preflight", FAST);
    expect(await verifyPassword("preflight", { ...verifier, iterations: 0 })).toBe(false);
    expect(await verifyPassword("preflight", { ...verifier, algorithm: "SHA-1" as never })).toBe(false);
  });

  it("compares bytes of any length without stopping at the first difference", () => {
    expect(constantTimeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 3]))).toBe(true);
    expect(constantTimeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 4]))).toBe(false);
    expect(constantTimeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2]))).toBe(false);
    expect(constantTimeEqual(new Uint8Array([]), new Uint8Array([]))).toBe(true);
  });
});
