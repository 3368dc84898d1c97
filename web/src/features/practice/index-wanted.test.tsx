// @vitest-environment jsdom
/**
 * When the builder reads the whole index: at once when the page needs it; otherwise after the
 * frame that follows the student's first choice, or a moment after the subjects are listed;
 * never before the summary has been read.
 */
import { renderHook } from "@testing-library/react";
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useIndexWanted } from "./practice-data.ts";

describe("useIndexWanted", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "requestAnimationFrame", "cancelAnimationFrame"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is wanted at once when the page needs it", () => {
    const { result } = renderHook(() => useIndexWanted(false, true, false));
    expect(result.current).toBe(true);
  });

  it("waits while the summary is being read, then a moment after the subjects are listed", () => {
    const { result, rerender } = renderHook(({ shown }) => useIndexWanted(shown, false, false), {
      initialProps: { shown: false },
    });
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current).toBe(false);
    rerender({ shown: true });
    act(() => vi.advanceTimersByTime(900));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(200));
    expect(result.current).toBe(true);
  });

  it("after the student's first choice, once the next frame is painted", () => {
    const { result, rerender } = renderHook(({ touched }) => useIndexWanted(true, false, touched), {
      initialProps: { touched: false },
    });
    rerender({ touched: true });
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(50));
    expect(result.current).toBe(true);
  });
});
