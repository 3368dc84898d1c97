import { PAGINATION_INITIAL_BUTTONS } from "@preflight/sync-protocol/rules/constants";
import { describe, expect, it } from "vitest";
import {
  clampWindowStart,
  followCurrent,
  maxWindowStart,
  needsScrubber,
  pageButtonLabel,
  pageWindow,
  windowAround,
} from "./pagination-window.ts";

describe("question pagination window", () => {
  it("shows up to 20 numbers", () => {
    expect(PAGINATION_INITIAL_BUTTONS).toBe(20);
    expect(pageWindow(1, 12)).toEqual({ start: 1, end: 12 });
    expect(pageWindow(1, 20)).toEqual({ start: 1, end: 20 });
    expect(pageWindow(1, 120)).toEqual({ start: 1, end: 20 });
    expect(pageWindow(1, 0)).toEqual({ start: 1, end: 0 });
  });

  it("starts on the block of 20 that holds the current question", () => {
    expect(windowAround(1, 120)).toBe(1);
    expect(windowAround(20, 120)).toBe(1);
    expect(windowAround(21, 120)).toBe(21);
    expect(windowAround(57, 120)).toBe(41);
    expect(windowAround(7, 12)).toBe(1);
  });

  it("pulls the last block back so it stays full", () => {
    expect(windowAround(63, 65)).toBe(46);
    expect(pageWindow(windowAround(63, 65), 65)).toEqual({ start: 46, end: 65 });
  });

  it("keeps the window while the current question is in it, and moves to its block otherwise", () => {
    expect(followCurrent(7, 20, 120)).toBe(7); // slid by the scrubber, 20 still visible
    expect(followCurrent(1, 21, 120)).toBe(21); // next from 20
    expect(followCurrent(21, 20, 120)).toBe(1); // previous from 21
    expect(followCurrent(30, 100, 120)).toBe(81); // a jump
    expect(followCurrent(101, 5, 120)).toBe(1);
  });

  it("clamps scrubber values and starts left from a longer list", () => {
    expect(maxWindowStart(120)).toBe(101);
    expect(maxWindowStart(12)).toBe(1);
    expect(clampWindowStart(0, 120)).toBe(1);
    expect(clampWindowStart(150, 120)).toBe(101);
    expect(clampWindowStart(33.6, 120)).toBe(34);
    expect(clampWindowStart(Number.NaN, 120)).toBe(1);
    expect(pageWindow(90, 40)).toEqual({ start: 21, end: 40 });
  });

  it("adds the scrubber only to tests longer than the buttons", () => {
    expect(needsScrubber(20)).toBe(false);
    expect(needsScrubber(21)).toBe(true);
  });

  it("honours another window size", () => {
    expect(pageWindow(windowAround(12, 30, 10), 30, 10)).toEqual({ start: 11, end: 20 });
  });

  it("names each button with its state", () => {
    expect(pageButtonLabel(3, { answered: false })).toBe("Question 3");
    expect(pageButtonLabel(7, { answered: true, flagged: true, correctness: "incorrect" })).toBe(
      "Question 7, answered, flagged, incorrect",
    );
    expect(pageButtonLabel(8, { answered: true, correctness: null })).toBe("Question 8, answered");
    // An exam's question the student commented on (issue 19).
    expect(pageButtonLabel(2, { answered: false, flagged: true, commented: true })).toBe(
      "Question 2, flagged, commented",
    );
  });
});
