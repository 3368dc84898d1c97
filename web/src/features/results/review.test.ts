import { describe, expect, it } from "vitest";
import { reviewedId, reviewFragment, reviewIndexOf } from "./review.ts";

describe("results review by fragment (spec: explanation-{questionId})", () => {
  it("a question's review lives at #explanation-{id}; the list has no fragment", () => {
    expect(reviewFragment(102)).toBe("explanation-102");
    expect(reviewFragment(null)).toBe("");
    expect(reviewedId("explanation-102")).toBe(102);
    expect(reviewedId("")).toBeNull();
    expect(reviewedId("explanation-")).toBeNull();
    expect(reviewedId("question-102")).toBeNull();
  });

  it("opening a fragment jumps to that question of the test; a question not in it, or hidden answers, show the list", () => {
    const ids = [101, 102, 103];
    expect(reviewIndexOf(ids, 102, true)).toBe(1);
    expect(reviewIndexOf(ids, 999, true)).toBe(-1);
    expect(reviewIndexOf(ids, null, true)).toBe(-1);
    expect(reviewIndexOf(ids, 102, false)).toBe(-1);
  });
});
