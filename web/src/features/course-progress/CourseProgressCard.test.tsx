// @vitest-environment jsdom
import type { CourseProgressReply } from "@preflight/sync-protocol/schemas/analysis-course";
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ProgressView } from "./CourseProgressCard.tsx";
import type { CourseProgressData } from "./queries.ts";

afterEach(cleanup);

const summary = { lessons: { completed: 0, total: 4 }, progress_tests: { completed: 0, total: 2, score: null } };
const noDates: CourseProgressReply = {
  summary,
  averaged: [
    { Type: "Target", Data: [] },
    { Type: "Completed", Data: [] },
  ],
};
const DATA: CourseProgressData = {
  scopes: [
    { tab: "full-course", label: "Full Course", reply: noDates },
    { tab: "module-1", label: "Air Law", reply: noDates },
  ],
  summary,
  today: "2026-11-30",
};

const view = (tabsWanted: boolean) => (
  <ProgressView data={DATA} selected="module-1" tabsWanted={tabsWanted} onSelect={() => {}} onEditDates={() => {}} />
);

describe("My Progress before and after its tabs' code", () => {
  it("paints the selected scope's panel and the tab row's labels before the tabs are wanted, without the tabs", async () => {
    render(view(false));
    expect(screen.getByText(/^Air Law has no course dates yet/)).toBeTruthy();
    expect(screen.getByText("Full Course")).toBeTruthy();
    // Not even once their code could have come: rendering the tabs is what fetches it.
    await act(() => import("./ProgressTabs.tsx"));
    expect(screen.queryByRole("tab")).toBeNull();
  });

  it("gives the same panel inside the tabs once they are wanted, the selected tab chosen", async () => {
    const { rerender } = render(view(false));
    rerender(view(true));
    const tabs = await screen.findAllByRole("tab");
    expect(tabs.map((tab) => tab.textContent)).toEqual(["Full Course", "Air Law"]);
    expect(tabs[1]?.getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("tabpanel").textContent).toMatch(/^Air Law has no course dates yet/);
  });
});
