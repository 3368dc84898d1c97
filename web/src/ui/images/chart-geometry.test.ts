import { describe, expect, it } from "vitest";
import {
  along,
  bearing,
  CHART_NORTH,
  containedView,
  direction,
  distance,
  formatBearing,
  formatDistance,
  type ImageView,
  imageToScreen,
  measure,
  nearestPoint,
  nudge,
  parseDistance,
  protractorArc,
  scaleFromPoints,
  screenToImage,
} from "./chart-geometry.ts";

const VIEW: ImageView = { centre: { x: 500, y: 300 }, scale: 0.5, angle: 90, width: 760, height: 400 };

function close(p: { x: number; y: number }, q: { x: number; y: number }) {
  expect(p.x).toBeCloseTo(q.x, 9);
  expect(p.y).toBeCloseTo(q.y, 9);
}

describe("screen and image coordinates", () => {
  it("fits a contained picture to the shorter side of its box, times the zoom", () => {
    const natural = { width: 760, height: 400 };
    const centre = { x: 0, y: 0 };
    expect(containedView({ centre, box: { width: 380, height: 400 }, natural, angle: 0 }).scale).toBe(0.5);
    expect(containedView({ centre, box: { width: 1520, height: 400 }, natural, angle: 0 }).scale).toBe(1);
    expect(containedView({ centre, box: { width: 380, height: 400 }, natural, angle: 90, zoom: 3 }).scale).toBe(1.5);
  });

  it("maps the centre to the centre and the corners where the turn puts them", () => {
    close(imageToScreen({ x: 380, y: 200 }, VIEW), { x: 500, y: 300 });
    close(imageToScreen({ x: 0, y: 0 }, VIEW), { x: 600, y: 110 }); // the header's example
    close(imageToScreen({ x: 760, y: 0 }, VIEW), { x: 600, y: 490 });
    close(imageToScreen({ x: 0, y: 0 }, { ...VIEW, angle: 0 }), { x: 310, y: 200 });
    close(imageToScreen({ x: 0, y: 0 }, { ...VIEW, angle: 180 }), { x: 690, y: 400 });
    close(imageToScreen({ x: 0, y: 0 }, { ...VIEW, angle: -90 }), { x: 400, y: 490 });
  });

  it("goes there and back at any angle, zoom and place", () => {
    const p = { x: 123.4, y: 321.9 };
    for (const angle of [0, 90, 180, 270, -90, 450, 33]) {
      for (const scale of [0.25, 1, 4]) {
        const view = { ...VIEW, angle, scale, centre: { x: 17, y: -40 } };
        close(screenToImage(imageToScreen(p, view), view), p);
      }
    }
  });

  it("keeps image distances whatever the view: screen distances divide by the scale", () => {
    const a = { x: 100, y: 100 };
    const b = { x: 400, y: 500 };
    for (const angle of [0, 90, 270, 33]) {
      const view = { ...VIEW, angle, scale: 2 };
      const onScreen = distance(imageToScreen(a, view), imageToScreen(b, view));
      expect(onScreen).toBeCloseTo(1000, 9);
      expect(
        distance(screenToImage(imageToScreen(a, view), view), screenToImage(imageToScreen(b, view), view)),
      ).toBeCloseTo(500, 9);
    }
  });

  it("moves a point by screen pixels, right on screen staying right at any turn and zoom", () => {
    const p = { x: 100, y: 100 };
    for (const angle of [0, 90, 180, -90, 33]) {
      const view = { ...VIEW, angle, scale: 2 };
      const moved = nudge(p, { x: 10, y: 0 }, view);
      const a = imageToScreen(p, view);
      const b = imageToScreen(moved, view);
      expect(b.x - a.x).toBeCloseTo(10, 9);
      expect(b.y - a.y).toBeCloseTo(0, 9);
      expect(distance(p, moved)).toBeCloseTo(5, 9);
    }
  });

  it("finds the point under a finger, the nearest one within reach", () => {
    const view = { ...VIEW, angle: 0, scale: 1 };
    const points = [
      { x: 100, y: 100 },
      { x: 110, y: 100 },
    ];
    const near = imageToScreen({ x: 108, y: 100 }, view);
    expect(nearestPoint(points, near, view, 22)).toBe(1);
    expect(nearestPoint(points, imageToScreen({ x: 150, y: 100 }, view), view, 22)).toBeNull();
    expect(nearestPoint([], near, view, 22)).toBeNull();
  });
});

describe("ruler", () => {
  it("sets the scale from two points on the scale bar and measures in its unit", () => {
    const scale = scaleFromPoints({ x: 10, y: 20 }, { x: 210, y: 20 }, 20, "NM");
    expect(scale).toEqual({ perPixel: 0.1, unit: "NM" });
    if (!scale) return;
    // A 3-4-5 triangle: 500 image pixels.
    expect(measure({ x: 0, y: 0 }, { x: 300, y: 400 }, scale)).toBeCloseTo(50, 9);
  });

  it("refuses a scale from one point twice or from a distance that is not positive", () => {
    expect(scaleFromPoints({ x: 5, y: 5 }, { x: 5, y: 5 }, 10, "km")).toBeNull();
    expect(scaleFromPoints({ x: 0, y: 0 }, { x: 5, y: 5 }, 0, "km")).toBeNull();
    expect(scaleFromPoints({ x: 0, y: 0 }, { x: 5, y: 5 }, Number.NaN, "km")).toBeNull();
    expect(scaleFromPoints({ x: 0, y: 0 }, { x: 5, y: 5 }, Number.POSITIVE_INFINITY, "km")).toBeNull();
  });

  it("reads typed distances with a decimal point or comma", () => {
    expect(["10", "12.5", "12,5", " 7 ", ".5", "3."].map(parseDistance)).toEqual([10, 12.5, 12.5, 7, 0.5, 3]);
    expect(["", "0", "-3", "abc", "1e3", "1.2.3", "10 NM"].map(parseDistance)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it("shows a distance with sensible decimals", () => {
    expect(formatDistance(4.254, "NM")).toBe("4.25 NM");
    expect(formatDistance(12.34, "km")).toBe("12.3 km");
    expect(formatDistance(245.4, "km")).toBe("245 km");
  });
});

describe("protractor", () => {
  const c = { x: 100, y: 100 };

  it("reads bearings clockwise from chart north (up the picture)", () => {
    expect(bearing(c, { x: 100, y: 0 })).toBe(0);
    expect(bearing(c, { x: 200, y: 100 })).toBe(90);
    expect(bearing(c, { x: 100, y: 200 })).toBe(180);
    expect(bearing(c, { x: 0, y: 100 })).toBe(270);
    expect(bearing(c, { x: 200, y: 0 })).toBeCloseTo(45, 9);
    expect(bearing(c, { x: 0, y: 0 })).toBeCloseTo(315, 9);
    expect(
      bearing(c, { x: 100 + Math.sin(30 * (Math.PI / 180)), y: 100 - Math.cos(30 * (Math.PI / 180)) }),
    ).toBeCloseTo(30, 9);
  });

  it("reads from another reference direction, e.g. a meridian drawn slanted", () => {
    // A meridian 10 degrees east of up: a target due east on the picture is 080 from it.
    const meridian = { x: Math.sin(10 * (Math.PI / 180)), y: -Math.cos(10 * (Math.PI / 180)) };
    expect(bearing(c, { x: 200, y: 100 }, meridian)).toBeCloseTo(80, 9);
    expect(bearing(c, { x: 100, y: 0 }, meridian)).toBeCloseTo(350, 9);
    expect(bearing(c, { x: 200, y: 100 }, { x: 1, y: 0 })).toBe(0);
    expect(bearing(c, { x: 100, y: 0 }, CHART_NORTH)).toBe(0);
  });

  it("finds points along a direction, the inverse of direction()", () => {
    close(along(c, 0, 10), { x: 100, y: 90 });
    close(along(c, 90, 10), { x: 110, y: 100 });
    expect(direction({ x: -1, y: 0 })).toBe(270);
    expect(direction({ x: -1, y: -1 })).toBeCloseTo(315, 9);
  });

  it("draws the arc of a reading clockwise from the reference, the long way round past 180", () => {
    expect(protractorArc(c, 0, { x: 200, y: 100 }, 10)).toBe("M 100 90 A 10 10 0 0 1 110 100");
    expect(protractorArc(c, 0, { x: 0, y: 100 }, 10)).toBe("M 100 90 A 10 10 0 1 1 90 100");
    expect(protractorArc(c, 90, { x: 100, y: 200 }, 10)).toBe("M 110 100 A 10 10 0 0 1 100 110");
    expect(protractorArc(c, 0, c, 10)).toBeNull();
  });

  it("has no bearing while the target or the reference has no direction", () => {
    expect(bearing(c, c)).toBeNull();
    expect(bearing(c, { x: 0, y: 0 }, { x: 0, y: 0 })).toBeNull();
  });

  it("says bearings in three whole digits, 360 as 000", () => {
    expect([0, 5, 45.4, 89.5, 270, 359.4, 359.6].map(formatBearing)).toEqual([
      "000°",
      "005°",
      "045°",
      "090°",
      "270°",
      "359°",
      "000°",
    ]);
  });
});
