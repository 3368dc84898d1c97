import { describe, expect, it } from "vitest";
import {
  activePoints,
  type ChartToolsAction,
  type ChartToolsState,
  chartToolsMessage,
  chartToolsReducer,
  INITIAL_CHART_TOOLS,
  protractorReading,
  rulerReading,
  setComplete,
} from "./chart-tools.ts";

function run(...actions: ChartToolsAction[]): ChartToolsState {
  return actions.reduce(chartToolsReducer, INITIAL_CHART_TOOLS);
}

const at = (x: number, y: number): ChartToolsAction => ({ type: "place", point: { x, y } });

describe("ruler", () => {
  it("sets the scale from two points on the bar, then measures in its unit", () => {
    const scaled = run({ type: "tool", tool: "ruler" }, at(0, 0), at(200, 0), { type: "scale", spans: 10, unit: "NM" });
    expect(scaled.ruler.step).toBe("measure");
    expect(scaled.ruler.scale).toEqual({ perPixel: 0.05, unit: "NM" });
    expect(rulerReading(scaled)).toBeNull();
    const measured = [at(100, 100), at(400, 500)].reduce(chartToolsReducer, scaled);
    expect(rulerReading(measured)?.value).toBeCloseTo(25, 9);
    // The scale points stay as they were.
    expect(measured.ruler.scalePoints).toHaveLength(2);
  });

  it("does not take a scale before both points are down, nor a distance that is not positive", () => {
    const one = run({ type: "tool", tool: "ruler" }, at(0, 0));
    expect(chartToolsReducer(one, { type: "scale", spans: 10, unit: "km" })).toBe(one);
    const two = chartToolsReducer(one, at(50, 0));
    expect(chartToolsReducer(two, { type: "scale", spans: 0, unit: "km" })).toBe(two);
  });

  it("starts a new measurement on a third tap, and moves a dragged point", () => {
    const s = run(
      { type: "tool", tool: "ruler" },
      at(0, 0),
      at(100, 0),
      { type: "scale", spans: 1, unit: "km" },
      at(0, 0),
      at(10, 0),
      at(50, 50),
    );
    expect(s.ruler.points).toEqual([{ x: 50, y: 50 }]);
    const dragged = run(
      { type: "tool", tool: "ruler" },
      at(0, 0),
      at(100, 0),
      { type: "scale", spans: 1, unit: "km" },
      at(0, 0),
      at(10, 0),
      { type: "move", index: 1, point: { x: 300, y: 0 } },
    );
    expect(rulerReading(dragged)?.value).toBeCloseTo(3, 9);
  });

  it("goes back to the scale bar on rescale, keeping its points to adjust", () => {
    const s = run(
      { type: "tool", tool: "ruler" },
      at(0, 0),
      at(100, 0),
      { type: "scale", spans: 1, unit: "km" },
      {
        type: "rescale",
      },
    );
    expect(s.ruler.step).toBe("scale");
    expect(activePoints(s)).toHaveLength(2);
    expect(rulerReading(s)).toBeNull();
    expect(chartToolsReducer(s, { type: "clear" }).ruler.scalePoints).toEqual([]);
  });
});

describe("protractor", () => {
  it("reads a bearing from chart north: centre, then target", () => {
    const s = run({ type: "tool", tool: "protractor" }, at(100, 100), at(200, 100));
    expect(protractorReading(s)).toBe(90);
    expect(protractorReading(chartToolsReducer(s, at(0, 0)))).toBeNull();
  });

  it("reads from a reference line: centre, a point on the line, then target", () => {
    const s = run(
      { type: "tool", tool: "protractor" },
      { type: "reference", reference: "line" },
      at(100, 100),
      at(200, 100),
    );
    expect(protractorReading(s)).toBeNull();
    expect(protractorReading(chartToolsReducer(s, at(100, 200)))).toBe(90);
  });

  it("switching the reference starts over", () => {
    const s = run({ type: "tool", tool: "protractor" }, at(100, 100), at(200, 100), {
      type: "reference",
      reference: "line",
    });
    expect(s.protractor.points).toEqual([]);
  });
});

it("knows when the active tool's set of points is complete", () => {
  expect(setComplete(run({ type: "tool", tool: "ruler" }, at(0, 0)))).toBe(false);
  expect(setComplete(run({ type: "tool", tool: "ruler" }, at(0, 0), at(1, 1)))).toBe(true);
  expect(setComplete(run({ type: "tool", tool: "protractor" }, at(0, 0), at(1, 1)))).toBe(true);
  expect(
    setComplete(
      run({ type: "tool", tool: "protractor" }, { type: "reference", reference: "line" }, at(0, 0), at(1, 1)),
    ),
  ).toBe(false);
  expect(setComplete(INITIAL_CHART_TOOLS)).toBe(false);
});

it("with no tool, taps do nothing", () => {
  expect(run(at(1, 1))).toEqual(INITIAL_CHART_TOOLS);
  expect(activePoints(run({ type: "tool", tool: "protractor" }, at(1, 1), { type: "tool", tool: null }))).toEqual([]);
});

describe("the panel's message", () => {
  it("leads through the ruler's steps to the reading", () => {
    const ruler: ChartToolsAction = { type: "tool", tool: "ruler" };
    expect(chartToolsMessage(run(ruler)).text).toBe(
      "Set the scale: tap both ends of a known length on the scale bar (0 of 2).",
    );
    expect(chartToolsMessage(run(ruler, at(0, 0), at(100, 0))).text).toMatch(/^Type the length/);
    const scaled = run(ruler, at(0, 0), at(100, 0), { type: "scale", spans: 10, unit: "NM" });
    expect(chartToolsMessage(scaled)).toEqual({
      text: "Tap two points to measure between them (0 of 2).",
      reading: false,
    });
    expect(chartToolsMessage([at(0, 0), at(0, 123)].reduce(chartToolsReducer, scaled))).toEqual({
      text: "Distance: 12.3 NM",
      reading: true,
    });
  });

  it("goes back to measuring when the scale is kept, not before one is set", () => {
    const ruler: ChartToolsAction = { type: "tool", tool: "ruler" };
    const none = run(ruler);
    expect(chartToolsReducer(none, { type: "keepScale" })).toBe(none);
    const kept = run(
      ruler,
      at(0, 0),
      at(100, 0),
      { type: "scale", spans: 10, unit: "km" },
      { type: "rescale" },
      {
        type: "keepScale",
      },
    );
    expect(kept.ruler.step).toBe("measure");
  });

  it("leads through the protractor's steps to a bearing or an angle", () => {
    const protractor: ChartToolsAction = { type: "tool", tool: "protractor" };
    expect(chartToolsMessage(run(protractor)).text).toMatch(/^Tap the centre/);
    expect(chartToolsMessage(run(protractor, at(0, 0))).text).toMatch(/bearing from chart north/);
    expect(chartToolsMessage(run(protractor, at(100, 100), at(200, 0))).text).toBe("Bearing: 045°");
    const line = run(protractor, { type: "reference", reference: "line" }, at(100, 100), at(200, 100));
    expect(chartToolsMessage(line).text).toMatch(/angle from the reference/);
    expect(chartToolsMessage(chartToolsReducer(line, at(100, 0))).text).toBe("Angle from the line: 270°");
  });

  it("says nothing with no tool", () => {
    expect(chartToolsMessage(INITIAL_CHART_TOOLS)).toEqual({ text: "", reading: false });
  });
});
