// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { CLASS_OVERVIEW } from "./ClassOverviewView.mock.ts";
import { ClassOverviewView } from "./ClassOverviewView.tsx";

afterEach(cleanup);

const NOW = Date.parse("2026-11-21T09:00:00.000Z");
const names = () => screen.getAllByTestId("overview-name").map((n) => n.textContent);

describe("the class overview", () => {
  it("shows each student's figures in words: progress against the plan, results, activity and readiness", () => {
    render(<ClassOverviewView reply={CLASS_OVERVIEW} nowMs={NOW} />);
    expect(names()).toEqual(["Alex Airways", "Blair Bearing", "Casey Cadet"]);
    const alex = within(screen.getAllByTestId("overview-row")[0] as HTMLElement);
    expect(alex.getByText("80% done")).toBeTruthy();
    expect(alex.getByText("60% planned by now")).toBeTruthy();
    expect(alex.getByTestId("overview-standing").textContent).toBe("Ahead of plan");
    expect(alex.getByTestId("overview-mock").textContent).toBe("84.5%6 scores");
    expect(alex.getByTestId("overview-active").textContent).toBe("today");
    expect(alex.getByText(": 91% chance of passing now")).toBeTruthy();
    const casey = within(screen.getAllByTestId("overview-row")[2] as HTMLElement);
    expect(casey.getByTestId("overview-active").textContent).toBe("never");
    expect(casey.getByText(": not enough answers yet (12 more needed)")).toBeTruthy();
  });

  it("sorts by a column's header, saying the order in aria-sort, and the same header turns it around", () => {
    render(<ClassOverviewView reply={CLASS_OVERVIEW} nowMs={NOW} />);
    const mock = screen.getByTestId("sort-mock_exams");
    fireEvent.click(mock);
    expect(mock.closest("th")?.getAttribute("aria-sort")).toBe("descending");
    expect(names()).toEqual(["Alex Airways", "Casey Cadet", "Blair Bearing"]);
    fireEvent.click(mock);
    expect(mock.closest("th")?.getAttribute("aria-sort")).toBe("ascending");
    expect(names()).toEqual(["Blair Bearing", "Casey Cadet", "Alex Airways"]);
    expect(screen.getByTestId("sort-name").closest("th")?.getAttribute("aria-sort")).toBe("none");
  });

  it("filters by words and by standing against the plan, and says how many are shown", () => {
    render(<ClassOverviewView reply={CLASS_OVERVIEW} nowMs={NOW} />);
    fireEvent.change(screen.getByLabelText("Find a student"), { target: { value: "pfa-2026-004" } });
    expect(names()).toEqual(["Alex Airways"]);
    expect(screen.getByTestId("overview-count").textContent).toBe("1 of 3 students");
    fireEvent.change(screen.getByLabelText("Find a student"), { target: { value: "" } });
    fireEvent.change(screen.getByTestId("standing-filter"), { target: { value: "behind" } });
    expect(names()).toEqual(["Blair Bearing"]);
    fireEvent.change(screen.getByTestId("standing-filter"), { target: { value: "ahead" } });
    fireEvent.change(screen.getByLabelText("Find a student"), { target: { value: "casey" } });
    expect(screen.queryAllByTestId("overview-row")).toEqual([]);
    expect(screen.getByTestId("overview-none").textContent).toBe("No student matches the filter.");
  });

  it("sorts by one subject's readiness, the most ready first and those without a figure last", () => {
    render(<ClassOverviewView reply={CLASS_OVERVIEW} nowMs={NOW} />);
    fireEvent.change(screen.getByTestId("readiness-sort"), { target: { value: "050" } });
    expect(names()[0]).toBe("Alex Airways");
  });

  it("offers each student's report when the page gives the action", () => {
    render(
      <ClassOverviewView
        reply={CLASS_OVERVIEW}
        nowMs={NOW}
        reportAction={(s) => <button type="button">PDF report of {s.firstname}</button>}
      />,
    );
    const rows = screen.getAllByTestId("overview-row");
    expect(rows.map((r) => within(r).getByRole("button").textContent)).toEqual([
      "PDF report of Alex",
      "PDF report of Blair",
      "PDF report of Casey",
    ]);
  });
});
