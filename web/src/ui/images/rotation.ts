/**
 * Rotation of the enlarged image in 90 degree steps. The angle is kept unbounded (270 then 360,
 * not 0) so the CSS transition always turns the way the button says; `normalizeAngle` gives
 * 0, 90, 180 or 270 for everything else.
 */
import { IMAGE_ROTATION_STEP_DEG } from "@preflight/sync-protocol/rules/constants";

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

/** Zoom steps of the enlarged image (1 = fitted to the stage). */
export const VIEWER_ZOOMS = [1, 1.5, 2, 3, 4] as const;
export const VIEWER_ZOOM_MAX = 4;

/** Any zoom (a pinch) within fitted to four times. */
export function clampZoom(zoom: number): number {
  return Number.isFinite(zoom) ? Math.min(VIEWER_ZOOM_MAX, Math.max(VIEWER_ZOOMS[0], zoom)) : VIEWER_ZOOMS[0];
}

export function zoomInStep(zoom: number): number {
  return VIEWER_ZOOMS.find((z) => z > zoom) ?? VIEWER_ZOOM_MAX;
}

export function zoomOutStep(zoom: number): number {
  return [...VIEWER_ZOOMS].reverse().find((z) => z < zoom) ?? VIEWER_ZOOMS[0];
}

export interface Pan {
  readonly x: number;
  readonly y: number;
}

/**
 * The CSS transform of the enlarged image: moved by `pan` (screen pixels), turned, then zoomed
 * about its centre. Unzoomed and unmoved it is the plain `rotate(...)` of rotatedImageStyle.
 */
export function viewerTransform(angle: number, zoom = 1, pan: Pan = { x: 0, y: 0 }): string {
  const parts = [
    pan.x !== 0 || pan.y !== 0 ? `translate(${pan.x}px, ${pan.y}px)` : "",
    `rotate(${angle}deg)`,
    zoom !== 1 ? `scale(${zoom})` : "",
  ];
  return parts.filter(Boolean).join(" ");
}

/**
 * A pan kept so the zoomed image still covers the middle of a stage of `stage` size: the image
 * (as large as the stage at zoom 1) may move at most half its extra size either way.
 */
export function clampPan(pan: Pan, zoom: number, stage: { width: number; height: number }): Pan {
  const maxX = (stage.width * zoom) / 2;
  const maxY = (stage.height * zoom) / 2;
  const clamp = (v: number, max: number) => Math.min(max, Math.max(-max, v));
  return { x: clamp(pan.x, maxX), y: clamp(pan.y, maxY) };
}
