import { type KeyboardEvent, type PointerEvent, type RefObject, useLayoutEffect, useRef, useState } from "react";
import {
  along,
  direction,
  distance,
  type ImageView,
  nearestPoint,
  nudge,
  type Point,
  protractorArc,
  screenToImage,
} from "./chart-geometry.ts";
import { activePoints, type ChartToolsAction, type ChartToolsState, setComplete } from "./chart-tools.ts";

/** Screen pixels around a placed point that pick it up for dragging (a 48 px target). */
const GRAB_RADIUS = 24;
/** A press that moves less than this places a point; more is a slip, not a tap. */
const TAP_SLOP = 12;

/**
 * Colours that read on the white annex charts in both themes (over a white halo) and that the
 * charts' own reds, oranges, greens and blues do not use: fuchsia for what is measured, indigo
 * for the scale and the reference line.
 */
const SCALE_COLOUR = "#4338ca";
const MEASURE_COLOUR = "#c026d3";

/** Arrow keys as screen directions. */
const ARROWS: Partial<Record<string, Point>> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

const KEYBOARD_HELP =
  "Chart. Arrow keys move the cross 10 pixels, with Shift 1 pixel; Enter or Space places a point there.";

type Gesture = {
  pointerId: number;
  /** The placed point pressed on, which follows the pointer. */
  drag: number | null;
  start: Point;
  last: Point;
  moved: boolean;
  panning: boolean;
};

/**
 * The drawing of the chart tools over the enlarged image, and the taps and drags that place
 * their points. It is laid out, turned and fitted exactly as the image (same size and
 * transform, a viewBox of the image's natural size, `meet` as the image's `contain`), so it
 * draws in image coordinates; pointer positions go to image coordinates through `view()`.
 *
 * A tap places a point of the active tool; a drag from a placed point moves it; a drag from
 * anywhere else moves the zoomed image (`onPan`); two fingers pinch it (`onPinch`), with or
 * without a tool. A tap after the last point of a set starts
 * the next set, wherever it is. By keyboard (the overlay takes focus while a tool is on), the
 * arrow keys move a cross over the image and Enter or Space places a point there.
 */
export function ChartOverlay({
  state,
  dispatch,
  natural,
  style,
  view,
  onPan,
  onPinch,
  onGestureEnd,
  moving,
  zoom,
}: {
  state: ChartToolsState;
  dispatch: (action: ChartToolsAction) => void;
  natural: { width: number; height: number };
  /** The image's size and transform. */
  style: { transform: string; width: string; height: string };
  /** Where the image is on screen now; null before it has a size. */
  view: () => ImageView | null;
  /** Set while the image is zoomed: a drag moves it by this many screen pixels. */
  onPan: ((delta: Point) => void) | undefined;
  /** Two fingers apart or together: the zoom they ask for. */
  onPinch: (zoom: number) => void;
  /** A drag of the image or a pinch is over. */
  onGestureEnd: () => void;
  /** Follow the image without easing while it is dragged or pinched. */
  moving: boolean;
  zoom: number;
}) {
  const svg = useRef<SVGSVGElement>(null);
  const unit = useImagePixelsPerScreenPixel(svg, natural) / zoom;
  const gesture = useRef<Gesture | null>(null);
  const touches = useRef(new Map<number, Point>());
  const pinch = useRef<{ distance: number; zoom: number } | null>(null);
  // The keyboard's cross: where Enter places a point; arrows move it. Shown while focused.
  const [cross, setCross] = useState<Point>(() => ({ x: natural.width / 2, y: natural.height / 2 }));
  const [focused, setFocused] = useState(false);

  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    const v = view();
    if (!state.tool || !v) return;
    const step = event.shiftKey ? 1 : 10;
    const delta = ARROWS[event.key];
    if (delta) setCross(nudge(cross, { x: delta.x * step, y: delta.y * step }, v));
    else if (event.key === "Enter" || event.key === " ") dispatch({ type: "place", point: cross });
    else return;
    event.preventDefault();
  };

  const toImage = (event: PointerEvent) => {
    const v = view();
    return v ? { image: screenToImage({ x: event.clientX, y: event.clientY }, v), view: v } : null;
  };

  const touchDistance = () => {
    const [a, b] = [...touches.current.values()];
    return a && b ? distance(a, b) : 0;
  };

  const onPointerDown = (event: PointerEvent<SVGSVGElement>) => {
    if (event.pointerType === "touch") touches.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (touches.current.size === 2) {
      // A second finger: a pinch, and what the first one began is not a tap or a drag any more.
      if (gesture.current?.panning) onGestureEnd();
      gesture.current = null;
      pinch.current = { distance: touchDistance(), zoom };
      event.currentTarget.setPointerCapture(event.pointerId);
      event.preventDefault();
      return;
    }
    if (!event.isPrimary || event.button > 0) return;
    const at = toImage(event);
    if (!at) return;
    const screen = { x: event.clientX, y: event.clientY };
    const drag = nearestPoint(activePoints(state), screen, at.view, GRAB_RADIUS);
    gesture.current = { pointerId: event.pointerId, drag, start: screen, last: screen, moved: false, panning: false };
    event.currentTarget.setPointerCapture(event.pointerId);
    event.preventDefault();
  };
  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    if (touches.current.has(event.pointerId))
      touches.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const p = pinch.current;
    if (p) {
      const now = touchDistance();
      if (p.distance > 0 && now > 0) onPinch((p.zoom * now) / p.distance);
      return;
    }
    const g = gesture.current;
    if (!g || g.pointerId !== event.pointerId) return;
    const screen = { x: event.clientX, y: event.clientY };
    if (g.drag !== null) {
      const at = toImage(event);
      if (at && (screen.x !== g.last.x || screen.y !== g.last.y)) {
        dispatch({ type: "move", index: g.drag, point: at.image });
        gesture.current = { ...g, moved: true, last: screen };
      }
      return;
    }
    if (!onPan) return;
    if (!g.panning && distance(g.start, screen) <= TAP_SLOP) return;
    onPan({ x: screen.x - g.last.x, y: screen.y - g.last.y });
    gesture.current = { ...g, panning: true, last: screen };
  };
  const end = (event: PointerEvent<SVGSVGElement>, cancelled: boolean) => {
    touches.current.delete(event.pointerId);
    if (pinch.current && touches.current.size < 2) {
      pinch.current = null;
      onGestureEnd();
    }
    const g = gesture.current;
    if (!g || g.pointerId !== event.pointerId) return;
    gesture.current = null;
    if (g.panning) onGestureEnd();
    if (cancelled || g.panning || g.moved || state.tool === null) return;
    // A tap on a placed point adds no second point there, but starts a new set once this one is complete.
    if (g.drag !== null && !setComplete(state)) return;
    if (distance(g.start, { x: event.clientX, y: event.clientY }) > TAP_SLOP) return;
    const at = toImage(event);
    if (at) dispatch({ type: "place", point: at.image });
  };

  return (
    <svg
      ref={svg}
      viewBox={`0 0 ${natural.width} ${natural.height}`}
      preserveAspectRatio="xMidYMid meet"
      className={`absolute top-1/2 left-1/2 overflow-visible ${moving ? "" : "transition-transform duration-300 ease-out motion-reduce:transition-none"} ${
        state.tool ? "cursor-crosshair" : onPan ? "cursor-grab" : ""
      } touch-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500`}
      style={{ ...style, transform: `translate(-50%, -50%) ${style.transform}` }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={(event) => end(event, false)}
      onPointerCancel={(event) => end(event, true)}
      onKeyDown={onKeyDown}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      data-testid="chart-overlay"
      data-tool={state.tool ?? "none"}
      tabIndex={state.tool ? 0 : undefined}
      role={state.tool ? "application" : undefined}
      aria-label={state.tool ? KEYBOARD_HELP : undefined}
      aria-hidden={state.tool ? undefined : true}
    >
      <g aria-hidden>
        {state.tool === "ruler" ? <RulerDrawing state={state} unit={unit} /> : null}
        {state.tool === "protractor" ? <ProtractorDrawing state={state} unit={unit} /> : null}
        {state.tool && focused ? <Cross at={cross} unit={unit} /> : null}
      </g>
    </svg>
  );
}

/**
 * Image pixels per screen pixel at the fitted size, kept as the window changes; divided by the
 * zoom, it sizes handles so they keep their size on screen.
 */
function useImagePixelsPerScreenPixel(
  ref: RefObject<SVGSVGElement | null>,
  natural: { width: number; height: number },
): number {
  const [unit, setUnit] = useState(1);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const fit = Math.min(element.clientWidth / natural.width, element.clientHeight / natural.height);
      if (fit > 0) setUnit(1 / fit);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, natural.width, natural.height]);
  return unit;
}

/** The keyboard's cross, 12 screen pixels each way. */
function Cross({ at, unit }: { at: Point; unit: number }) {
  const r = 12 * unit;
  return (
    <g data-testid="keyboard-cross">
      <Line from={{ x: at.x - r, y: at.y }} to={{ x: at.x + r, y: at.y }} colour={MEASURE_COLOUR} />
      <Line from={{ x: at.x, y: at.y - r }} to={{ x: at.x, y: at.y + r }} colour={MEASURE_COLOUR} />
    </g>
  );
}

function Line({ from, to, colour, dashed = false }: { from: Point; to: Point; colour: string; dashed?: boolean }) {
  const common = { x1: from.x, y1: from.y, x2: to.x, y2: to.y, vectorEffect: "non-scaling-stroke" as const };
  return (
    <>
      <line {...common} stroke="white" strokeOpacity={0.85} strokeWidth={6} strokeLinecap="round" />
      <line
        {...common}
        stroke={colour}
        strokeWidth={2.5}
        strokeLinecap="round"
        strokeDasharray={dashed ? "8 6" : undefined}
      />
    </>
  );
}

/** A ring the size of a fingertip with a dot on the exact spot. */
function Handle({ at, colour, unit, testId }: { at: Point; colour: string; unit: number; testId: string }) {
  return (
    <g data-testid={testId}>
      <circle
        cx={at.x}
        cy={at.y}
        r={11 * unit}
        fill={colour}
        fillOpacity={0.15}
        stroke="white"
        strokeWidth={5 * unit}
      />
      <circle cx={at.x} cy={at.y} r={11 * unit} fill="none" stroke={colour} strokeWidth={2 * unit} />
      <circle cx={at.x} cy={at.y} r={2.5 * unit} fill={colour} />
    </g>
  );
}

function RulerDrawing({ state, unit }: { state: ChartToolsState; unit: number }) {
  const { step, scalePoints, points } = state.ruler;
  const shown = step === "scale" ? scalePoints : points;
  const colour = step === "scale" ? SCALE_COLOUR : MEASURE_COLOUR;
  const [a, b] = shown;
  return (
    <g>
      {a && b ? <Line from={a} to={b} colour={colour} /> : null}
      {shown.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a point's place in the list is its identity
        <Handle key={i} at={p} colour={colour} unit={unit} testId={`ruler-point-${i + 1}`} />
      ))}
    </g>
  );
}

function ProtractorDrawing({ state, unit }: { state: ChartToolsState; unit: number }) {
  const { reference, points } = state.protractor;
  const [centre, second, third] = points;
  if (!centre) return null;
  const referencePoint = reference === "line" ? second : undefined;
  const target = reference === "north" ? second : third;
  const referenceDirection = referencePoint
    ? direction({ x: referencePoint.x - centre.x, y: referencePoint.y - centre.y })
    : reference === "north"
      ? 0
      : null;
  const reach = 100 * unit;
  const referenceEnd =
    referenceDirection === null
      ? null
      : along(centre, referenceDirection, Math.max(reach, referencePoint ? distance(centre, referencePoint) : 0));
  const arc =
    referenceDirection !== null && target ? protractorArc(centre, referenceDirection, target, 42 * unit) : null;
  return (
    <g>
      {referenceEnd ? <Line from={centre} to={referenceEnd} colour={SCALE_COLOUR} dashed /> : null}
      {target ? <Line from={centre} to={target} colour={MEASURE_COLOUR} /> : null}
      {arc ? (
        <path d={arc} fill="none" stroke={MEASURE_COLOUR} strokeWidth={2} vectorEffect="non-scaling-stroke" />
      ) : null}
      {points.map((p, i) => (
        <Handle
          // biome-ignore lint/suspicious/noArrayIndexKey: a point's place in the list is its identity
          key={i}
          at={p}
          colour={p === referencePoint ? SCALE_COLOUR : MEASURE_COLOUR}
          unit={unit}
          testId={`protractor-point-${i + 1}`}
        />
      ))}
    </g>
  );
}
