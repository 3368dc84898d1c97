import { describe, expect, it } from "vitest";
import { pulledSince, withPull } from "./pulled-answers.ts";

describe("the journal of what pulls changed", () => {
  it("gives the questions of every pull after a given one, each once", () => {
    let journal = withPull(undefined, [4, 4, 7]);
    journal = withPull(journal, [7, 9]);
    journal = withPull(journal, [1]);
    expect(journal.seq).toBe(3);
    expect(pulledSince(journal, 0)?.sort()).toEqual([1, 4, 7, 9]);
    expect(pulledSince(journal, 2)).toEqual([1]);
    expect(pulledSince(journal, 3)).toEqual([]);
    expect(pulledSince(undefined, 0)).toEqual([]);
  });

  it("says it no longer knows once the pulls asked for are older than it keeps, or unknown to it", () => {
    let journal = withPull(undefined, [1]);
    for (let i = 2; i <= 70; i++) journal = withPull(journal, [i]);
    expect(journal.entries).toHaveLength(64);
    expect(pulledSince(journal, 1)).toBeNull();
    expect(pulledSince(journal, 6)).toHaveLength(64);
    expect(pulledSince(journal, 5)).toBeNull();
    expect(pulledSince(journal, 71)).toBeNull();
  });
});
