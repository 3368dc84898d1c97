// @vitest-environment jsdom
/**
 * The class's course dates as the instructor edits them (issue 20): the student's course dates
 * table with every module, the spec's messages as the instructor types (study §5), Update only
 * for dates the rule takes, the syllabus's whole set sent, Revert back to the class's dates.
 */
import type { ClassCourseDatesUpdate } from "@preflight/sync-protocol/schemas/school-course-dates";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CLASS_COURSE_DATES } from "./ClassCourseDatesView.mock.ts";
import { ClassCourseDatesView } from "./ClassCourseDatesView.tsx";

afterEach(cleanup);

const NOW = new Date("2026-11-21T09:00:00.000Z");
const iso = (name: string) => (document.querySelector(`input[name="${name}"]`) as HTMLInputElement).value;

function setup(onSave = vi.fn(async (_: ClassCourseDatesUpdate) => true)) {
  render(<ClassCourseDatesView reply={CLASS_COURSE_DATES} now={NOW} onSave={onSave} />);
  const user = userEvent.setup({ delay: null });
  /** Types a date as an instructor does: the day segment, then dd mm yyyy. */
  const typeDate = async (label: string, value: string) => {
    const [y, m, d] = value.split("-");
    const group = screen.getByRole("group", { name: label });
    await user.click(within(group).getAllByRole("spinbutton")[0] as HTMLElement);
    await user.keyboard(`${d}${m}${y}`);
  };
  const update = () => screen.getByRole("button", { name: "Update" });
  return { onSave, user, typeDate, update };
}

describe("the class's course dates", { timeout: 30_000 }, () => {
  it("lists every module of the syllabus with the class's dates, blank where it has none, and whom they reach", () => {
    setup();
    const card = screen.getByTestId("class-course-dates");
    expect(within(card).getByRole("heading", { name: "ATPL(A) - 2020 syllabus" })).toBeTruthy();
    expect(card.textContent).toContain("Saved dates reach the 6 students of this class");
    const rows = screen.getAllByTestId("course-date-row");
    expect(rows.map((r) => r.querySelector("td")?.textContent)).toEqual(["Air Law", "Meteorology", "Navigation"]);
    // The dd/mm/yyyy field: the day first; a module without dates shows the order to type in.
    expect(within(rows[0] as HTMLElement).getByRole("group", { name: "Air Law start date" }).textContent).toContain(
      "07/09/2026",
    );
    expect(iso("course-date-301-start")).toBe("2026-09-07");
    expect(iso("course-date-303-end")).toBe("");
    // Nothing is locked for the instructor, and there is nothing to save yet.
    expect(screen.queryByTestId("class-managed-lock")).toBeNull();
    expect(screen.getByRole("button", { name: "Update" }).hasAttribute("disabled")).toBe(true);
  });

  it("saves a changed date with the syllabus's whole set of dates", async () => {
    const { onSave, typeDate, update, user } = setup();
    await typeDate("Meteorology end date", "2027-01-29");
    expect(iso("course-date-302-end")).toBe("2027-01-29");
    expect(update().hasAttribute("disabled")).toBe(false);
    await user.click(update());
    expect(onSave).toHaveBeenCalledWith({
      syllabus_id: 3,
      modules: [
        { module_id: 301, start: "2026-09-07", end: "2026-10-30" },
        { module_id: 302, start: "2026-11-02", end: "2027-01-29" },
      ],
    });
  });

  it("says what is wrong as the instructor types, and offers no Update until it is put right", async () => {
    const { onSave, typeDate, update, user } = setup();
    await typeDate("Meteorology start date", "2026-10-20");
    expect(screen.getAllByText("Modules must not overlap")).toHaveLength(2);
    expect(update().hasAttribute("disabled")).toBe(true);
    await user.click(screen.getByRole("button", { name: "Revert" }));
    expect(iso("course-date-302-start")).toBe("2026-11-02");
    expect(screen.queryByText("Modules must not overlap")).toBeNull();
    await typeDate("Air Law start date", "2026-10-31");
    expect(screen.getByText("Start date must be before the end date")).toBeTruthy();
    expect(screen.getByText("End date must be after the start date")).toBeTruthy();
    expect(update().hasAttribute("disabled")).toBe(true);
    await user.click(screen.getByRole("button", { name: "Revert" }));
    expect(iso("course-date-301-start")).toBe("2026-09-07");
    expect(screen.queryByText("Start date must be before the end date")).toBeNull();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("keeps what was typed when the server refuses it", async () => {
    const { typeDate, update, user } = setup(vi.fn(async () => false));
    await typeDate("Navigation start date", "2027-01-04");
    await typeDate("Navigation end date", "2027-02-26");
    await user.click(update());
    expect(iso("course-date-303-start")).toBe("2027-01-04");
    expect(update().hasAttribute("disabled")).toBe(false);
  });

  it("says so when no student of the class studies a syllabus yet", () => {
    render(<ClassCourseDatesView reply={{ ...CLASS_COURSE_DATES, course: [] }} now={NOW} onSave={vi.fn()} />);
    expect(screen.getByTestId("class-course-dates-none").textContent).toContain(
      "No student of this class studies a syllabus yet",
    );
  });
});
