/**
 * Rotation of the enlarged image in 90 degree steps. The angle is kept unbounded (270 then 360,
 * not 0) so the CSS transition always turns the way the button says; `normalizeAngle` gives
 * 0, 90, 180 or 270 for everything else.
 */
import { IMAGE_ROTATION_STEP_DEG } from "@preflight/sync-protocol";

export function rotateLeft(angle: number): number {
  return angle - IMAGE_ROTATION_STEP_DEG;
}

export function rotateRight(angle: number): number {
  return angle + IMAGE_ROTATION_STEP_DEG;
}

/** 0 <= result < 360. */
export function normalizeAngle(angle: number): number {
  const n = ((angle % 360) + 360) % 360;
  return n === 0 ? 0 : n; // no -0
}

/** A quarter turn either way: the image's width and height swap on screen. */
export function isSideways(angle: number): boolean {
  const n = normalizeAngle(angle);
  return n === 90 || n === 270;
}

/**
 * Style for an image (with `object-fit: contain`) that fills a box of CSS size `box` at any
 * angle, small images enlarged: sideways, the element takes the box's height as its width and
 * the box's width as its height, and the quarter turn lays it back onto the box.
 */
export function rotatedImageStyle(
  angle: number,
  box: { width: string; height: string },
): { transform: string; width: string; height: string } {
  const sideways = isSideways(angle);
  return {
    transform: `rotate(${angle}deg)`,
    width: sideways ? box.height : box.width,
    height: sideways ? box.width : box.height,
  };
}
