/**
 * Zoom levels 1.0-1.8 in 0.1 steps (spec section 9). The arithmetic is done in whole tenths so
 * repeated steps never drift (1.1 + 0.1 + 0.1 would give 1.3000000000000003): every value
 * returned is `tenths / 10`, the exact double that the literal 1.3 also gives.
 * Reaching 1 is the reset: the caller drops its zoom styling and stored preference then.
 */
import { ZOOM_MAX, ZOOM_MIN, ZOOM_STEP } from "@preflight/sync-protocol/rules/constants";

const MIN_TENTHS = Math.round(ZOOM_MIN * 10);
const MAX_TENTHS = Math.round(ZOOM_MAX * 10);
const STEP_TENTHS = Math.round(ZOOM_STEP * 10);

/** The zoom at rest; also what reset returns. */
export const ZOOM_RESET = MIN_TENTHS / 10;

function toTenths(zoom: number): number {
  return Number.isFinite(zoom) ? Math.round(zoom * 10) : MIN_TENTHS;
}

function fromTenths(tenths: number): number {
  return Math.min(MAX_TENTHS, Math.max(MIN_TENTHS, tenths)) / 10;
}

/** Any input (a stored value, NaN, 1.2999999) to a valid level on the 0.1 grid. */
export function clampZoom(zoom: number): number {
  return fromTenths(toTenths(zoom));
}

export function zoomIn(zoom: number): number {
  return fromTenths(toTenths(zoom) + STEP_TENTHS);
}

export function zoomOut(zoom: number): number {
  return fromTenths(toTenths(zoom) - STEP_TENTHS);
}

/** True at 1.0: no zoom applied, the state a reset leaves. */
export function isZoomReset(zoom: number): boolean {
  return toTenths(zoom) <= MIN_TENTHS;
}

export function canZoomIn(zoom: number): boolean {
  return toTenths(zoom) < MAX_TENTHS;
}

/** '130%' */
export function formatZoom(zoom: number): string {
  return `${toTenths(clampZoom(zoom)) * 10}%`;
}
