/**
 * What the chart tools hold while the enlarged image is open, and the steps a student takes.
 * Points are in image coordinates (see chart-geometry.ts).
 *
 * Ruler: first the scale (two points on the chart's scale bar, then the distance they span),
 * then measuring (two points; a third tap starts a new measurement). Protractor: a centre, then
 * (when the reference is a line drawn on the chart rather than chart north, up the picture) a
 * point along that line, then the point whose bearing is read; a tap after that starts again
 * from a new centre.
 * Placed points can be dragged to fine-tune them.
 */
import {
  bearing,
  CHART_NORTH,
  type ChartScale,
  type DistanceUnit,
  formatBearing,
  formatDistance,
  measure,
  type Point,
  scaleFromPoints,
} from "./chart-geometry.ts";

export type ChartTool = "ruler" | "protractor";
export type Reference = "north" | "line";

export interface ChartToolsState {
  readonly tool: ChartTool | null;
  readonly ruler: {
    /** Placing points on the scale bar, or measuring. */
    readonly step: "scale" | "measure";
    readonly scalePoints: readonly Point[];
    readonly scale: ChartScale | null;
    readonly points: readonly Point[];
  };
  readonly protractor: {
    readonly reference: Reference;
    /** Centre, [reference point,] target. */
    readonly points: readonly Point[];
  };
}

export type ChartToolsAction =
  | { type: "tool"; tool: ChartTool | null }
  | { type: "place"; point: Point }
  | { type: "move"; index: number; point: Point }
  | { type: "scale"; spans: number; unit: DistanceUnit }
  | { type: "rescale" }
  /** Back to measuring with the scale already set. */
  | { type: "keepScale" }
  | { type: "reference"; reference: Reference }
  | { type: "clear" };

export const INITIAL_CHART_TOOLS: ChartToolsState = {
  tool: null,
  ruler: { step: "scale", scalePoints: [], scale: null, points: [] },
  protractor: { reference: "north", points: [] },
};

/** How many points the protractor takes with this reference. */
export function protractorPointCount(reference: Reference): number {
  return reference === "north" ? 2 : 3;
}

/** The points a tap or a drag acts on now: those of the active tool and step. */
export function activePoints(state: ChartToolsState): readonly Point[] {
  if (state.tool === "ruler") return state.ruler.step === "scale" ? state.ruler.scalePoints : state.ruler.points;
  if (state.tool === "protractor") return state.protractor.points;
  return [];
}

/** Whether the active tool has all the points it takes (the next one starts a new set). */
export function setComplete(state: ChartToolsState): boolean {
  const points = activePoints(state).length;
  if (state.tool === "ruler") return points >= 2;
  if (state.tool === "protractor") return points >= protractorPointCount(state.protractor.reference);
  return false;
}

/** A new point after `max` of them starts a new set. */
function placed(points: readonly Point[], point: Point, max: number): readonly Point[] {
  return points.length >= max ? [point] : [...points, point];
}

function moved(points: readonly Point[], index: number, point: Point): readonly Point[] {
  return points.map((p, i) => (i === index ? point : p));
}

export function chartToolsReducer(state: ChartToolsState, action: ChartToolsAction): ChartToolsState {
  const { ruler, protractor } = state;
  switch (action.type) {
    case "tool":
      return { ...state, tool: action.tool };
    case "place":
    case "move": {
      const change = (points: readonly Point[], max: number) =>
        action.type === "place" ? placed(points, action.point, max) : moved(points, action.index, action.point);
      if (state.tool === "ruler" && ruler.step === "scale")
        return { ...state, ruler: { ...ruler, scalePoints: change(ruler.scalePoints, 2) } };
      if (state.tool === "ruler") return { ...state, ruler: { ...ruler, points: change(ruler.points, 2) } };
      if (state.tool === "protractor") {
        const max = protractorPointCount(protractor.reference);
        return { ...state, protractor: { ...protractor, points: change(protractor.points, max) } };
      }
      return state;
    }
    case "scale": {
      const [a, b] = ruler.scalePoints;
      const scale = a && b ? scaleFromPoints(a, b, action.spans, action.unit) : null;
      return scale ? { ...state, ruler: { ...ruler, scale, step: "measure" } } : state;
    }
    case "rescale":
      return { ...state, ruler: { ...ruler, step: "scale" } };
    case "keepScale":
      return ruler.scale ? { ...state, ruler: { ...ruler, step: "measure" } } : state;
    case "reference":
      return { ...state, protractor: { reference: action.reference, points: [] } };
    case "clear":
      if (state.tool === "ruler" && ruler.step === "scale") return { ...state, ruler: { ...ruler, scalePoints: [] } };
      if (state.tool === "ruler") return { ...state, ruler: { ...ruler, points: [] } };
      if (state.tool === "protractor") return { ...state, protractor: { ...protractor, points: [] } };
      return state;
  }
}

/** The ruler's reading: the measured distance in the scale's unit, once both points are down. */
export function rulerReading(state: ChartToolsState): { value: number; scale: ChartScale } | null {
  const { scale, points, step } = state.ruler;
  const [a, b] = points;
  if (step !== "measure" || !scale || !a || !b) return null;
  return { value: measure(a, b, scale), scale };
}

/** The protractor's reading in degrees once its points are down. */
export function protractorReading(state: ChartToolsState): number | null {
  const { reference, points } = state.protractor;
  if (points.length < protractorPointCount(reference)) return null;
  const [centre, second, third] = points;
  if (!centre || !second) return null;
  if (reference === "north") return bearing(centre, second, CHART_NORTH);
  if (!third) return null;
  return bearing(centre, third, { x: second.x - centre.x, y: second.y - centre.y });
}

/**
 * What the panel says under the toolbar (and a screen reader announces): the next step, or
 * the reading once there is one.
 */
export function chartToolsMessage(state: ChartToolsState): { text: string; reading: boolean } {
  if (state.tool === "ruler") {
    const { step, scalePoints, points } = state.ruler;
    if (step === "scale")
      return scalePoints.length < 2
        ? {
            text: `Set the scale: tap both ends of a known length on the scale bar (${scalePoints.length} of 2).`,
            reading: false,
          }
        : { text: "Type the length between the two points and its unit, then set the scale.", reading: false };
    const reading = rulerReading(state);
    return reading
      ? { text: `Distance: ${formatDistance(reading.value, reading.scale.unit)}`, reading: true }
      : { text: `Tap two points to measure between them (${points.length} of 2).`, reading: false };
  }
  if (state.tool === "protractor") {
    const { reference, points } = state.protractor;
    const degrees = protractorReading(state);
    if (degrees !== null)
      return {
        text:
          reference === "north"
            ? `Bearing: ${formatBearing(degrees)}`
            : `Angle from the line: ${formatBearing(degrees)}`,
        reading: true,
      };
    const steps =
      reference === "north"
        ? [
            "Tap the centre (e.g. the departure point).",
            "Tap a point on the line to read its bearing from chart north.",
          ]
        : [
            "Tap the centre (e.g. where the line meets the track).",
            "Tap a point along the reference line (e.g. up a meridian).",
            "Tap a point on the line to read its angle from the reference.",
          ];
    return { text: steps[Math.min(points.length, steps.length - 1)] ?? "", reading: false };
  }
  return { text: "", reading: false };
}
