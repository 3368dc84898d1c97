import { describe, expect, it } from "vitest";
import { canZoomIn, clampZoom, formatZoom, isZoomReset, ZOOM_RESET, zoomIn, zoomOut } from "./zoom.ts";

describe("zoom levels", () => {
  it("steps up from 1.0 to 1.8 in tenths without floating-point drift", () => {
    const levels = [ZOOM_RESET];
    for (let i = 0; i < 10; i++) levels.push(zoomIn(levels.at(-1) ?? ZOOM_RESET));
    expect(levels).toEqual([1, 1.1, 1.2, 1.3, 1.4, 1.5, 1.6, 1.7, 1.8, 1.8, 1.8]);
    expect(levels.map(formatZoom)).toContain("130%");
  });

  it("steps down to 1 and stops there: reaching 1 is the reset", () => {
    let zoom = 1.8;
    const levels: number[] = [];
    for (let i = 0; i < 10; i++) {
      zoom = zoomOut(zoom);
      levels.push(zoom);
    }
    expect(levels).toEqual([1.7, 1.6, 1.5, 1.4, 1.3, 1.2, 1.1, 1, 1, 1]);
    expect(isZoomReset(zoomOut(1.1))).toBe(true);
    expect(isZoomReset(1.1)).toBe(false);
  });

  it("returns the same doubles as the literals, even from drifted input", () => {
    expect(zoomIn(1.2000000000000002)).toBe(1.3);
    expect(zoomOut(1.3000000000000003)).toBe(1.2);
    expect(clampZoom(1.1 + 0.1 + 0.1)).toBe(1.3);
  });

  it("clamps stored or odd values onto the grid", () => {
    expect(clampZoom(0.5)).toBe(1);
    expect(clampZoom(2.4)).toBe(1.8);
    expect(clampZoom(1.26)).toBe(1.3);
    expect(clampZoom(Number.NaN)).toBe(1);
    expect(clampZoom(Number.POSITIVE_INFINITY)).toBe(1);
    expect(zoomIn(5)).toBe(1.8);
    expect(zoomOut(-3)).toBe(1);
  });

  it("knows when + and − apply and shows percentages", () => {
    expect(canZoomIn(1.7)).toBe(true);
    expect(canZoomIn(1.8)).toBe(false);
    expect(formatZoom(1)).toBe("100%");
    expect(formatZoom(1.8)).toBe("180%");
    expect(formatZoom(9)).toBe("180%");
  });
});
