import { type ChartToolsAction, type ChartToolsState, chartToolsMessage } from "./chart-tools.ts";
import { ProtractorControls } from "./ProtractorControls.tsx";
import { RulerControls } from "./RulerControls.tsx";

/**
 * The strip under the viewer's toolbar while a chart tool is on: the next step or the reading,
 * and the tool's controls. The message is a live region that stays mounted, so a screen reader
 * hears each step and reading as it changes.
 */
export function ChartToolsPanel({
  state,
  dispatch,
}: {
  state: ChartToolsState;
  dispatch: (action: ChartToolsAction) => void;
}) {
  const message = chartToolsMessage(state);
  const open = state.tool !== null;
  return (
    <div
      className={
        open ? "flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-slate-100 bg-slate-50 px-4 py-2" : "sr-only"
      }
      data-testid="chart-tools-panel"
    >
      <p
        role="status"
        aria-live="polite"
        className={`min-w-0 flex-1 basis-64 text-sm ${message.reading ? "text-lg font-semibold text-slate-900 tabular-nums" : "text-slate-700"}`}
        data-testid="chart-reading"
      >
        {message.text}
      </p>
      {state.tool === "ruler" ? <RulerControls state={state} dispatch={dispatch} /> : null}
      {state.tool === "protractor" ? <ProtractorControls state={state} dispatch={dispatch} /> : null}
    </div>
  );
}
