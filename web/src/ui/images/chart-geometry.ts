/**
 * Geometry of the chart tools (ruler and protractor) over the enlarged annex image.
 *
 * Every point a student places is kept in IMAGE coordinates: pixels of the picture as drawn
 * (its natural size), x to the right, y down, (0, 0) at its top left corner. Only input and
 * drawing pass through the screen, by way of an `ImageView`: where the picture's centre is on
 * screen, how many screen pixels one image pixel covers, and how far it is turned. So a
 * distance measured on the chart stays the same whatever the size of the window, the zoom or
 * the rotation the picture is shown at.
 *
 * Example: a 760 x 400 picture shown at half size (scale 0.5), centred at (500, 300) on
 * screen and turned 90 degrees clockwise: the image's top left corner, 190 px left of and 100 px
 * above the centre before the turn, ends 100 px right of and 190 px above it:
 * `imageToScreen({ x: 0, y: 0 }, view)` is (600, 110).
 */

export interface Point {
  readonly x: number;
  readonly y: number;
}

export interface ImageView {
  /** The picture's centre on screen (CSS pixels of the viewport). */
  readonly centre: Point;
  /** Screen pixels per image pixel (the fit, times any zoom). */
  readonly scale: number;
  /** Clockwise turn of the picture on screen, in degrees. */
  readonly angle: number;
  /** The picture's natural size, image pixels. */
  readonly width: number;
  readonly height: number;
}

const RAD = Math.PI / 180;

function turn(p: Point, degrees: number): Point {
  // Clockwise on screen, where y points down.
  const c = Math.cos(degrees * RAD);
  const s = Math.sin(degrees * RAD);
  return { x: p.x * c - p.y * s, y: p.x * s + p.y * c };
}

/**
 * The view of a picture drawn with `object-fit: contain` in an element of layout size
 * `box` (before its CSS rotation) whose centre is at `centre` on screen, turned by `angle`
 * and zoomed by `zoom`.
 */
export function containedView({
  centre,
  box,
  natural,
  angle,
  zoom = 1,
}: {
  centre: Point;
  box: { width: number; height: number };
  natural: { width: number; height: number };
  angle: number;
  zoom?: number;
}): ImageView {
  const fit = Math.min(box.width / natural.width, box.height / natural.height);
  return { centre, scale: fit * zoom, angle, width: natural.width, height: natural.height };
}

export function screenToImage(p: Point, view: ImageView): Point {
  const turned = turn({ x: p.x - view.centre.x, y: p.y - view.centre.y }, -view.angle);
  return { x: turned.x / view.scale + view.width / 2, y: turned.y / view.scale + view.height / 2 };
}

export function imageToScreen(p: Point, view: ImageView): Point {
  const turned = turn({ x: (p.x - view.width / 2) * view.scale, y: (p.y - view.height / 2) * view.scale }, view.angle);
  return { x: turned.x + view.centre.x, y: turned.y + view.centre.y };
}

export function distance(a: Point, b: Point): number {
  return Math.hypot(b.x - a.x, b.y - a.y);
}

/** The index of the point within `radius` screen pixels of `screen`, nearest first; null if none. */
export function nearestPoint(points: readonly Point[], screen: Point, view: ImageView, radius: number): number | null {
  let best: number | null = null;
  let bestDistance = radius;
  points.forEach((p, i) => {
    const d = distance(imageToScreen(p, view), screen);
    if (d <= bestDistance) {
      best = i;
      bestDistance = d;
    }
  });
  return best;
}

// --- Ruler ---------------------------------------------------------------------------------

export const DISTANCE_UNITS = ["NM", "km"] as const;
export type DistanceUnit = (typeof DISTANCE_UNITS)[number];

/** What one image pixel is worth on the chart, from the scale bar. */
export interface ChartScale {
  readonly perPixel: number;
  readonly unit: DistanceUnit;
}

/**
 * The scale from two points placed on the chart's scale bar and the distance between them
 * read off the bar; null when the points coincide or the distance is not a positive number.
 */
export function scaleFromPoints(a: Point, b: Point, spans: number, unit: DistanceUnit): ChartScale | null {
  const pixels = distance(a, b);
  if (!(pixels > 0) || !(spans > 0) || !Number.isFinite(spans)) return null;
  return { perPixel: spans / pixels, unit };
}

export function measure(a: Point, b: Point, scale: ChartScale): number {
  return distance(a, b) * scale.perPixel;
}

/** '12.3 NM'; whole numbers from 100 up ('245 km'), two decimals under 10 ('4.25 NM'). */
export function formatDistance(value: number, unit: DistanceUnit): string {
  const digits = value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return `${value.toFixed(digits)} ${unit}`;
}

/**
 * A typed distance: '12', '12.5' or '12,5' (a decimal comma, as many European keyboards type
 * it); null for anything else, zero or less.
 */
export function parseDistance(text: string): number | null {
  const trimmed = text.trim().replace(",", ".");
  if (!/^\d+(\.\d*)?$|^\.\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value > 0 ? value : null;
}

// --- Protractor ----------------------------------------------------------------------------

/** Straight up the picture: true north on a chart drawn north up. */
export const CHART_NORTH: Point = { x: 0, y: -1 };

/** Direction of `v` in degrees clockwise from up the picture, 0 <= result < 360. */
export function direction(v: Point): number {
  const degrees = Math.atan2(v.x, -v.y) / RAD;
  return ((degrees % 360) + 360) % 360;
}

/**
 * The bearing of the line from `centre` to `target`, measured clockwise from `reference` (a
 * direction, e.g. CHART_NORTH or the line from the centre to a point on a meridian), in
 * degrees, 0 <= result < 360; null while the target sits on the centre.
 */
export function bearing(centre: Point, target: Point, reference: Point = CHART_NORTH): number | null {
  const v = { x: target.x - centre.x, y: target.y - centre.y };
  if (v.x === 0 && v.y === 0) return null;
  if (reference.x === 0 && reference.y === 0) return null;
  const degrees = direction(v) - direction(reference);
  return ((degrees % 360) + 360) % 360;
}

/** Whole degrees, three digits, as a bearing is said: '005°', '270°', and 359.6 reads '000°'. */
export function formatBearing(degrees: number): string {
  const whole = Math.round(degrees) % 360;
  return `${String(whole).padStart(3, "0")}°`;
}

/** The point `length` away from `from` in `degrees` clockwise from up the picture. */
export function along(from: Point, degrees: number, length: number): Point {
  return { x: from.x + length * Math.sin(degrees * RAD), y: from.y - length * Math.cos(degrees * RAD) };
}

/**
 * An SVG path for the arc a protractor reading spans: radius `radius` round `centre`, from the
 * reference direction clockwise to the line to `target`; null while the target has no direction.
 */
export function protractorArc(centre: Point, referenceDegrees: number, target: Point, radius: number): string | null {
  const sweep = bearing(centre, target, along({ x: 0, y: 0 }, referenceDegrees, 1));
  if (sweep === null) return null;
  const start = along(centre, referenceDegrees, radius);
  const end = along(centre, referenceDegrees + sweep, radius);
  const large = sweep > 180 ? 1 : 0;
  const f = (n: number) => Number(n.toFixed(3));
  return `M ${f(start.x)} ${f(start.y)} A ${f(radius)} ${f(radius)} 0 ${large} 1 ${f(end.x)} ${f(end.y)}`;
}

/**
 * An image point moved by `delta` screen pixels, as the arrow keys move the keyboard's cross:
 * right on screen stays right whatever the image's turn and zoom.
 */
export function nudge(p: Point, delta: Point, view: ImageView): Point {
  const turned = turn(delta, -view.angle);
  return { x: p.x + turned.x / view.scale, y: p.y + turned.y / view.scale };
}
