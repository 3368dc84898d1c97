// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useReducer } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { ChartToolsPanel } from "./ChartToolsPanel.tsx";
import { type ChartToolsAction, type ChartToolsState, chartToolsReducer, INITIAL_CHART_TOOLS } from "./chart-tools.ts";

afterEach(cleanup);

function Panel({ actions }: { actions: ChartToolsAction[] }) {
  const [state, dispatch] = useReducer(chartToolsReducer, actions.reduce(chartToolsReducer, INITIAL_CHART_TOOLS));
  return <ChartToolsPanel state={state} dispatch={dispatch} />;
}

const at = (x: number, y: number): ChartToolsAction => ({ type: "place", point: { x, y } });

describe("the chart tools' panel, by keyboard", () => {
  it("takes the scale's length with a decimal comma and its unit, then asks for the points to measure", async () => {
    render(<Panel actions={[{ type: "tool", tool: "ruler" }, at(0, 0), at(200, 0)]} />);
    const status = screen.getByRole("status");
    expect(status.textContent).toBe("Type the length between the two points and its unit, then set the scale.");
    const set = screen.getByRole("button", { name: "Set scale" });
    expect(set.hasAttribute("disabled")).toBe(true);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText("Unit"), "km");
    await user.click(screen.getByLabelText("Length"));
    await user.keyboard("12,5");
    expect(set.hasAttribute("disabled")).toBe(false);
    await user.keyboard("{Enter}");
    expect(screen.getByRole("status").textContent).toBe("Tap two points to measure between them (0 of 2).");
    expect(screen.getByRole("button", { name: "Change scale" })).toBeTruthy();
  });

  it("refuses a length that is not a positive number", async () => {
    render(<Panel actions={[{ type: "tool", tool: "ruler" }, at(0, 0), at(200, 0)]} />);
    const user = userEvent.setup();
    await user.click(screen.getByLabelText("Length"));
    await user.keyboard("0{Enter}");
    expect(screen.getByRole("status").textContent).toMatch(/^Type the length/);
    expect(screen.getByRole("button", { name: "Set scale" }).hasAttribute("disabled")).toBe(true);
  });

  it("switches the protractor's reference with toggle buttons and says the next step", async () => {
    render(<Panel actions={[{ type: "tool", tool: "protractor" }, at(0, 0), at(10, 0)]} />);
    expect(screen.getByRole("status").textContent).toBe("Bearing: 090°");
    const line = screen.getByRole("button", { name: "A line" });
    expect(line.getAttribute("aria-pressed")).toBe("false");
    expect(screen.getByRole("group", { name: "From" })).toBeTruthy();
    const user = userEvent.setup();
    line.focus();
    await user.keyboard("{Enter}");
    expect(line.getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByRole("button", { name: "Chart north" }).getAttribute("aria-pressed")).toBe("false");
    expect(screen.getByRole("status").textContent).toMatch(/^Tap the centre/);
  });

  it("keeps an empty live region while no tool is on", () => {
    const state: ChartToolsState = INITIAL_CHART_TOOLS;
    render(<ChartToolsPanel state={state} dispatch={() => {}} />);
    expect(screen.getByRole("status").textContent).toBe("");
    expect(screen.queryByRole("button")).toBeNull();
  });
});
