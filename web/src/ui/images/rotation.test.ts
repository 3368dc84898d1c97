import { describe, expect, it } from "vitest";
import { PRINT_BOX, PRINT_ONLY_CSS, PRINT_ROOT_ATTRIBUTE } from "./print.ts";
import { isSideways, normalizeAngle, rotatedImageStyle, rotateLeft, rotateRight } from "./rotation.ts";

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
});
