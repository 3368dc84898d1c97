import { type FormEvent, useId, useState } from "react";
import { Button } from "../Button.tsx";
import { FIELD_CLASS } from "../field-look.ts";
import { DISTANCE_UNITS, type DistanceUnit, parseDistance } from "./chart-geometry.ts";
import type { ChartToolsAction, ChartToolsState } from "./chart-tools.ts";

const SMALL = "min-h-11 px-3";

/**
 * The ruler's controls: while setting the scale, the length the two points on the scale bar
 * span and its unit; while measuring, change the scale or clear the measurement.
 */
export function RulerControls({
  state,
  dispatch,
}: {
  state: ChartToolsState;
  dispatch: (action: ChartToolsAction) => void;
}) {
  const { step, scalePoints, scale, points } = state.ruler;
  const id = useId();
  const [length, setLength] = useState("");
  const [unit, setUnit] = useState<DistanceUnit>("NM");
  const spans = parseDistance(length);

  if (step === "measure")
    return (
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" onPress={() => dispatch({ type: "rescale" })} className={SMALL}>
          Change scale
        </Button>
        <Button
          variant="secondary"
          onPress={() => dispatch({ type: "clear" })}
          disabled={points.length === 0}
          className={SMALL}
        >
          Clear
        </Button>
      </div>
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (spans !== null && scalePoints.length === 2) dispatch({ type: "scale", spans, unit });
  };
  return (
    <form className="flex flex-wrap items-center gap-2" onSubmit={submit} aria-label="Scale">
      <label htmlFor={`${id}-length`} className="text-sm font-medium text-slate-800">
        Length
      </label>
      <input
        id={`${id}-length`}
        value={length}
        onChange={(event) => setLength(event.target.value)}
        inputMode="decimal"
        autoComplete="off"
        placeholder="e.g. 10"
        className={`${FIELD_CLASS} w-24!`}
        data-testid="ruler-length"
      />
      <select
        aria-label="Unit"
        value={unit}
        onChange={(event) => setUnit(event.target.value as DistanceUnit)}
        className={`${FIELD_CLASS} w-20!`}
        data-testid="ruler-unit"
      >
        {DISTANCE_UNITS.map((u) => (
          <option key={u} value={u}>
            {u}
          </option>
        ))}
      </select>
      <Button
        type="submit"
        disabled={spans === null || scalePoints.length < 2}
        className={SMALL}
        testId="ruler-set-scale"
      >
        Set scale
      </Button>
      {scale ? (
        <Button variant="quiet" onPress={() => dispatch({ type: "keepScale" })} className={SMALL}>
          Cancel
        </Button>
      ) : null}
    </form>
  );
}
