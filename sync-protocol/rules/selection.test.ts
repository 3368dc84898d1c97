import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pickQuestions, seededRandom, shuffle } from "./selection.ts";

/** Seeds as the app makes them: one random 32-bit unsigned integer. */
const seed = fc.integer({ min: 0, max: 2 ** 32 - 1 });
const twoSeeds = fc.tuple(seed, seed).filter(([a, b]) => a !== b);
const ids = fc.uniqueArray(fc.integer({ min: 1, max: 10_000_000 }), { maxLength: 200 });
const sorted = (xs: readonly number[]) => [...xs].sort((a, b) => a - b);
const draws = (random: () => number, n: number) => Array.from({ length: n }, () => random());

describe("seeded selection: the same seed picks the same test offline and on the server", () => {
  describe("seededRandom", () => {
    it("gives the same sequence for the same seed", () => {
      fc.assert(
        fc.property(seed, (s) => {
          expect(draws(seededRandom(s), 50)).toEqual(draws(seededRandom(s), 50));
        }),
      );
    });

    it("gives numbers in [0, 1)", () => {
      fc.assert(
        fc.property(seed, (s) => {
          for (const x of draws(seededRandom(s), 200)) {
            expect(x).toBeGreaterThanOrEqual(0);
            expect(x).toBeLessThan(1);
          }
        }),
      );
    });

    it("gives different sequences for different seeds", () => {
      fc.assert(
        fc.property(twoSeeds, ([a, b]) => {
          expect(draws(seededRandom(a), 4)).not.toEqual(draws(seededRandom(b), 4));
        }),
      );
    });

    it("reads a seed as a 32-bit unsigned integer", () => {
      expect(draws(seededRandom(-1), 5)).toEqual(draws(seededRandom(2 ** 32 - 1), 5));
      expect(draws(seededRandom(2 ** 32 + 7), 5)).toEqual(draws(seededRandom(7), 5));
    });

    it("is pinned to the reference mulberry32 stream", () => {
      // The device and the server must agree on this stream; a change here changes every test.
      const random = seededRandom(1);
      expect(random()).toBe(0.6270739405881613);
      expect(draws(random, 2)).toEqual(draws(seededRandom(1), 3).slice(1));
    });
  });

  describe("shuffle", () => {
    it("is deterministic for a seed", () => {
      fc.assert(
        fc.property(ids, seed, (xs, s) => {
          expect(shuffle(xs, s)).toEqual(shuffle(xs, s));
        }),
      );
    });

    it("is a permutation: nothing lost, nothing doubled", () => {
      fc.assert(
        fc.property(ids, seed, (xs, s) => {
          expect(sorted(shuffle(xs, s))).toEqual(sorted(xs));
        }),
      );
    });

    it("keeps repeated items as often as they occur", () => {
      expect(sorted(shuffle([1, 1, 2, 3, 3, 3], 9))).toEqual([1, 1, 2, 3, 3, 3]);
    });

    it("leaves its input alone", () => {
      fc.assert(
        fc.property(ids, seed, (xs, s) => {
          const before = [...xs];
          shuffle(xs, s);
          expect(xs).toEqual(before);
        }),
      );
    });

    it("orders a list differently for different seeds", () => {
      const list = Array.from({ length: 20 }, (_, i) => i + 1);
      fc.assert(
        fc.property(twoSeeds, ([a, b]) => {
          expect(shuffle(list, a)).not.toEqual(shuffle(list, b));
        }),
      );
    });

    it("handles the empty list and a single item", () => {
      expect(shuffle([], 3)).toEqual([]);
      expect(shuffle([42], 3)).toEqual([42]);
    });

    it("reaches every order about equally often", () => {
      const counts = new Map<string, number>();
      for (let s = 0; s < 24_000; s++) {
        const key = shuffle(["a", "b", "c", "d"], s).join("");
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      expect(counts.size).toBe(24);
      for (const n of counts.values()) {
        expect(n).toBeGreaterThan(850);
        expect(n).toBeLessThan(1150);
      }
    });
  });

  describe("pickQuestions", () => {
    it("is deterministic for a seed", () => {
      fc.assert(
        fc.property(ids, fc.nat(250), seed, (xs, n, s) => {
          expect(pickQuestions(xs, n, s)).toEqual(pickQuestions(xs, n, s));
        }),
      );
    });

    it("picks count distinct candidates, capped at the pool size", () => {
      fc.assert(
        fc.property(ids, fc.nat(250), seed, (xs, n, s) => {
          const picked = pickQuestions(xs, n, s);
          expect(picked).toHaveLength(Math.min(n, xs.length));
          expect(new Set(picked).size).toBe(picked.length);
          for (const id of picked) expect(xs).toContain(id);
        }),
      );
    });

    it("takes the whole pool, shuffled, when asked for more than it holds", () => {
      fc.assert(
        fc.property(ids, seed, (xs, s) => {
          expect(pickQuestions(xs, xs.length + 5, s)).toEqual(shuffle(xs, s));
          expect(sorted(pickQuestions(xs, xs.length + 5, s))).toEqual(sorted(xs));
        }),
      );
    });

    it("picks nothing for a count of zero or less, or from an empty pool", () => {
      expect(pickQuestions([1, 2, 3], 0, 1)).toEqual([]);
      expect(pickQuestions([1, 2, 3], -4, 1)).toEqual([]);
      expect(pickQuestions([], 10, 1)).toEqual([]);
    });

    it("picks different questions for different seeds", () => {
      const bank = Array.from({ length: 500 }, (_, i) => 10_001 + i);
      fc.assert(
        fc.property(twoSeeds, ([a, b]) => {
          expect(pickQuestions(bank, 10, a)).not.toEqual(pickQuestions(bank, 10, b));
        }),
      );
    });
  });
});
