import { describe, expect, it } from "vitest";
import { PRINT_BOX, PRINT_ONLY_CSS, PRINT_ROOT_ATTRIBUTE } from "./print.ts";
import {
  clampPan,
  clampZoom,
  isSideways,
  normalizeAngle,
  rotatedImageStyle,
  rotateLeft,
  rotateRight,
  viewerTransform,
  zoomInStep,
  zoomOutStep,
} from "./rotation.ts";

describe("image rotation", () => {
  it("turns in 90 degree steps, keeping the angle unbounded for the CSS transition", () => {
    expect(rotateRight(0)).toBe(90);
    expect(rotateRight(rotateRight(rotateRight(rotateRight(0))))).toBe(360);
    expect(rotateLeft(0)).toBe(-90);
    expect(rotateLeft(rotateRight(180))).toBe(180);
  });

  it("normalises any angle to 0, 90, 180 or 270", () => {
    expect([0, 90, 360, 450, -90, -180, -360, -450, 720].map(normalizeAngle)).toEqual([
      0, 90, 0, 90, 270, 180, 0, 270, 0,
    ]);
    expect(Object.is(normalizeAngle(-360), 0)).toBe(true);
  });

  it("knows when width and height swap", () => {
    expect([0, 90, 180, 270, -90, 360, 450].map(isSideways)).toEqual([false, true, false, true, true, false, true]);
  });

  it("fits a sideways image by swapping the sides of its box", () => {
    const box = { width: "60rem", height: "70vh" };
    expect(rotatedImageStyle(0, box)).toEqual({ transform: "rotate(0deg)", width: "60rem", height: "70vh" });
    expect(rotatedImageStyle(-90, box)).toEqual({ transform: "rotate(-90deg)", width: "70vh", height: "60rem" });
    expect(rotatedImageStyle(180, box).width).toBe("60rem");
    expect(rotatedImageStyle(270, PRINT_BOX)).toMatchObject({ width: "100vh", height: "100vw" });
  });

  it("prints the print root alone", () => {
    expect(PRINT_ONLY_CSS).toContain("@media print");
    expect(PRINT_ONLY_CSS).toContain(`body > :not([${PRINT_ROOT_ATTRIBUTE}]) { display: none !important; }`);
  });

  it("zooms in steps from fitted to four times, and back", () => {
    expect([1, 1.5, 2, 3, 4].map(zoomInStep)).toEqual([1.5, 2, 3, 4, 4]);
    expect([1, 1.5, 2, 3, 4].map(zoomOutStep)).toEqual([1, 1, 1.5, 2, 3]);
    // A pinch leaves the zoom between steps: the buttons go on to the next step either way.
    expect([1.7, 3.9].map(zoomInStep)).toEqual([2, 4]);
    expect([1.7, 3.9].map(zoomOutStep)).toEqual([1.5, 3]);
    expect([0.3, 1.7, 9, Number.NaN].map(clampZoom)).toEqual([1, 1.7, 4, 1]);
  });

  it("moves, turns and zooms the image in one transform, plain rotate when neither moved nor zoomed", () => {
    expect(viewerTransform(90)).toBe("rotate(90deg)");
    expect(viewerTransform(90, 1, { x: 0, y: 0 })).toBe("rotate(90deg)");
    expect(viewerTransform(-90, 2, { x: 10, y: -5 })).toBe("translate(10px, -5px) rotate(-90deg) scale(2)");
  });

  it("keeps a pan within half the zoomed image either way", () => {
    const stage = { width: 400, height: 300 };
    expect(clampPan({ x: 1000, y: -1000 }, 2, stage)).toEqual({ x: 400, y: -300 });
    expect(clampPan({ x: 10, y: 20 }, 2, stage)).toEqual({ x: 10, y: 20 });
  });
});
