// @vitest-environment jsdom
import type { SubjectReadiness } from "@preflight/sync-protocol/rules/readiness";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ReadinessList } from "./ReadinessList.tsx";

afterEach(cleanup);

const base = { weight: 0, examQuestions: 44, passMark: 33 };
const ITEMS: SubjectReadiness[] = [
  {
    ...base,
    subject: "010",
    title: "Air Law",
    answers: 84,
    weight: 60,
    kind: "estimate",
    chance: 0.62,
    low: 0.481,
    high: 0.75,
  },
  { ...base, subject: "050", title: "Meteorology", answers: 12, kind: "too_few", needed: 8 },
  { ...base, subject: "061", title: "General Navigation", answers: 0, kind: "too_few", needed: 20 },
];

describe("exam readiness, as a list", () => {
  it("gives the chance with its range and a verdict in words, and a sentence for screen readers", () => {
    render(<ReadinessList items={ITEMS} />);
    const rows = screen.getAllByTestId("readiness-subject");
    expect(rows).toHaveLength(3);
    const airLaw = within(rows[0] as HTMLElement);
    expect(airLaw.getByText("33 of 44 right to pass · from 84 answers")).toBeTruthy();
    const figure = rows[0]?.querySelector("[aria-hidden=true]")?.textContent;
    expect(figure).toBe("62% (48–75%)");
    expect(airLaw.getByText("Chance of passing now 62%, likely between 48% and 75%.")).toBeTruthy();
    expect(airLaw.getByText("Could go either way")).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByTestId("readiness-needed").textContent).toBe(
      "Not enough answers yet: answer 8 more questions to see your chance.",
    );
  });

  it("compact (the dashboard): the subjects started, the rest summed up", () => {
    render(<ReadinessList items={ITEMS} compact />);
    expect(screen.getAllByTestId("readiness-subject").map((r) => r.dataset.subject)).toEqual(["010", "050"]);
    expect(screen.getByTestId("readiness-untouched").textContent).toBe("1 other subject has no answers yet.");
  });

  it("compact with nothing started: what to do, and no list", () => {
    render(<ReadinessList items={[ITEMS[2] as SubjectReadiness]} compact />);
    expect(screen.queryAllByTestId("readiness-subject")).toHaveLength(0);
    expect(screen.getByTestId("readiness-untouched").textContent).toBe(
      "Answer 20 questions in a subject to see your chance of passing its exam.",
    );
  });
});
