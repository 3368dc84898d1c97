// @vitest-environment jsdom
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from "@tanstack/react-router";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { ResultsView } from "./ResultsView.tsx";
import { RESULTS, TESTS } from "./school-tests.mock.ts";
import { TestListView } from "./TestListView.tsx";

afterEach(cleanup);

/** Renders a view that holds links, under a router of one page. */
function inRouter(node: ReactNode) {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => node }),
    history: createMemoryHistory({ initialEntries: ["/school/tests"] }),
  });
  render(<RouterProvider router={router} />);
}

const report = (student: { firstname: string }) => <button type="button">PDF report of {student.firstname}</button>;

describe("a fixed test's results", { timeout: 20_000 }, () => {
  it("lists every attempt, marking one hidden from the student, with a report action each", () => {
    render(<ResultsView reply={RESULTS} reportAction={report} />);
    const rows = screen.getAllByTestId("attempt-row");
    expect(rows.map((r) => within(r).getByTestId("attempt-student").textContent)).toEqual([
      "Ada Airways",
      "Bo Bearing",
    ]);
    const ada = within(rows[0] as HTMLElement);
    expect(ada.getByTestId("attempt-hidden").textContent).toBe("Hidden from the student");
    expect(ada.getByTestId("attempt-score").textContent).toBe("2 / 3");
    expect(ada.getByTestId("attempt-percent").textContent).toBe("66.7%");
    expect(ada.getByTestId("attempt-result").textContent).toBe("Failed");
    expect(ada.getByText("00:41:05")).toBeTruthy();
    expect(ada.getByText("PDF report of Ada")).toBeTruthy();
    const bo = within(rows[1] as HTMLElement);
    expect(bo.queryByTestId("attempt-hidden")).toBeNull();
    expect(bo.getByText("In progress")).toBeTruthy();
    expect(screen.getByTestId("results-summary").textContent).toBe(
      "2 attempts by 2 students · 1 finished · 0 passed · mean score 66.7%",
    );
  });

  it("shows an attempt's answers in its row when asked, said as right, wrong or not answered", () => {
    render(<ResultsView reply={RESULTS} reportAction={report} />);
    const toggle = screen.getByRole("button", { name: "Answers of Ada Airways" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByTestId("attempt-answers")).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    const answers = screen
      .getAllByTestId("attempt-answer")
      .map((row) => [...row.querySelectorAll("td")].map((td) => td.textContent));
    expect(answers).toEqual([
      ["1", "AL-101", "B", "Right"],
      ["2", "AL-102", "A, C", "Wrong"],
      ["3", "AL-103", "—", "Not answered"],
    ]);
    fireEvent.click(toggle);
    expect(screen.queryByTestId("attempt-answers")).toBeNull();
  });

  it("sorts the questions by most missed, with the share answered right", () => {
    render(<ResultsView reply={RESULTS} reportAction={report} />);
    const figures = screen.getAllByTestId("question-figure");
    expect(figures.map((f) => within(f).getByTestId("question-figure-reference").textContent)).toEqual([
      "2. AL-102",
      "3. AL-103",
      "1. AL-101",
    ]);
    expect(figures.map((f) => within(f).getByTestId("question-figure-right").textContent)).toEqual([
      "25%",
      "50%",
      "100%",
    ]);
  });

  it("lists who has not started, by last name", () => {
    render(<ResultsView reply={RESULTS} reportAction={report} />);
    expect(screen.getAllByTestId("not-started-student").map((s) => s.textContent)).toEqual([
      "Drew Altitude",
      "Casey Cadet",
    ]);
    cleanup();
    render(<ResultsView reply={{ ...RESULTS, attempts: [], not_started: [] }} reportAction={report} />);
    expect(screen.getByTestId("results-summary").textContent).toBe("No attempt yet.");
    expect(screen.getByText("Every student of the test's classes has started it.")).toBeTruthy();
  });
});

describe("the school's fixed tests", () => {
  it("says each test's rules, classes, window and badges in words", async () => {
    const now = Date.parse("2026-11-21T09:00:00.000Z");
    inRouter(
      <TestListView reply={TESTS} classes={[{ id: "class-2026-a", name: "ATPL 2026-A", students: 3 }]} nowMs={now} />,
    );
    const [exam, pof] = (await screen.findAllByTestId("school-test")).map((li) => within(li));
    expect(exam?.getByText("3 questions · 60 min · pass mark 75% · 3 attempts each")).toBeTruthy();
    expect(exam?.getByText("Class: ATPL 2026-A")).toBeTruthy();
    expect(exam?.getAllByTestId("test-badge").map((b) => b.textContent)).toEqual([
      expect.stringMatching(/^This test opens on 1 Dec 2026/),
      "Password",
      "Answers go to the school only",
    ]);
    expect(exam?.getByTestId("school-test-taken").textContent).toBe("4 attempts taken");
    expect(exam?.getByRole("link", { name: "Results of Air Law school exam" }).getAttribute("href")).toBe(
      "/school/tests/12/results",
    );
    expect(pof?.getByText("40 questions · untimed · pass mark 75% · no limit on attempts")).toBeTruthy();
    expect(pof?.getByText("Not assigned to a class: no student sees it")).toBeTruthy();
    expect(pof?.getAllByTestId("test-badge").map((b) => b.textContent)).toEqual([
      "Postponed until the simulator is back",
      "Results hidden from students",
    ]);
  });
});
