import { useId } from "react";
import { Button } from "../Button.tsx";
import { ToggleButton } from "../ToggleButton.tsx";
import type { ChartToolsAction, ChartToolsState, Reference } from "./chart-tools.ts";

const REFERENCES: readonly { value: Reference; label: string }[] = [
  { value: "north", label: "Chart north" },
  { value: "line", label: "A line" },
];

const SEGMENT =
  "min-h-11 px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 aria-pressed:bg-primary aria-pressed:text-white";

/** The protractor's controls: what the angle is measured from, and clear. */
export function ProtractorControls({
  state,
  dispatch,
}: {
  state: ChartToolsState;
  dispatch: (action: ChartToolsAction) => void;
}) {
  const { reference, points } = state.protractor;
  const id = useId();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span id={`${id}-from`} className="text-sm font-medium text-slate-800">
        From
      </span>
      {/* biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, as in a toolbar */}
      <div
        role="group"
        aria-labelledby={`${id}-from`}
        className="flex overflow-hidden rounded-md ring-1 ring-slate-300"
      >
        {REFERENCES.map((r) => (
          <ToggleButton
            key={r.value}
            selected={reference === r.value}
            onChange={() => {
              if (reference !== r.value) dispatch({ type: "reference", reference: r.value });
            }}
            className={SEGMENT}
          >
            {r.label}
          </ToggleButton>
        ))}
      </div>
      <Button
        variant="secondary"
        onPress={() => dispatch({ type: "clear" })}
        disabled={points.length === 0}
        className="min-h-11 px-3"
      >
        Clear
      </Button>
    </div>
  );
}
