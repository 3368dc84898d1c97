import { type RefObject, useState } from "react";
import type { Point } from "./chart-geometry.ts";
import { clampPan, clampZoom, type Pan } from "./rotation.ts";

/**
 * Zoom and pan of the enlarged image in its stage. A new zoom (buttons or a pinch) keeps the
 * point in the middle of the stage where it is; a pan stays within the zoomed image; `moving`
 * is set while a drag or a pinch goes on, so the image follows the fingers without the easing
 * used for the buttons.
 */
export function useZoomPan(stage: RefObject<HTMLDivElement | null>) {
  const [view, setView] = useState<{ zoom: number; pan: Pan }>({ zoom: 1, pan: { x: 0, y: 0 } });
  const [moving, setMoving] = useState(false);
  const stageSize = () => ({ width: stage.current?.clientWidth ?? 0, height: stage.current?.clientHeight ?? 0 });
  const zoomTo = (wanted: number) =>
    setView(({ zoom, pan }) => {
      const next = clampZoom(wanted);
      return { zoom: next, pan: clampPan({ x: (pan.x * next) / zoom, y: (pan.y * next) / zoom }, next, stageSize()) };
    });
  return {
    zoom: view.zoom,
    pan: view.pan,
    moving,
    zoomTo,
    /** A pinch: the zoom followed without easing until `endGesture`. */
    pinchTo: (wanted: number) => {
      setMoving(true);
      zoomTo(wanted);
    },
    panBy: (delta: Point) => {
      setMoving(true);
      setView(({ zoom, pan }) => ({
        zoom,
        pan: clampPan({ x: pan.x + delta.x, y: pan.y + delta.y }, zoom, stageSize()),
      }));
    },
    endGesture: () => setMoving(false),
  };
}
