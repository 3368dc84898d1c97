// @vitest-environment jsdom
/**
 * The Edit course dates modal (spec study §2): every module of the course, each with its dates
 * or blank to plan; 'You do not have any course dates to edit' only for a course without modules.
 */
import "fake-indexeddb/auto";
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { renderSignedIn } from "../../app/render-signed-in.tsx";
import { resetDatabases, STUDENT, signedInScope } from "../../local/test-support.ts";
import { CourseDatesModal } from "./CourseDatesModal.tsx";

async function seed(modules: { id: number; title: string; dates?: [string, string] }[]) {
  const { db } = await signedInScope();
  await db.meta.bulkPut([
    { key: "syllabus", value: { id: 3, title: "ATPL(A) 2020" } },
    { key: "profile", value: { ...STUDENT, class_name: null } },
  ]);
  await db.modules.bulkPut(
    modules.map((m, i) => ({
      id: m.id,
      title: m.title,
      position: i + 1,
      prerequisite_module_id: null,
      parts: [],
      restrictions: {},
    })),
  );
  await db.courseDates.bulkPut(
    modules.flatMap((m) => (m.dates ? [{ moduleId: m.id, start: m.dates[0], end: m.dates[1] }] : [])),
  );
}

describe("Edit course dates", () => {
  beforeEach(resetDatabases);
  afterEach(cleanup);

  it("lists every module: dated ones with their dates, the others blank to be planned", async () => {
    await seed([
      { id: 301, title: "Air Law", dates: ["2026-12-01", "2027-01-29"] },
      { id: 302, title: "Meteorology" },
    ]);
    renderSignedIn(STUDENT, () => <CourseDatesModal isOpen onClose={() => {}} />);

    const rows = await screen.findAllByTestId("course-date-row");
    expect(rows).toHaveLength(2);
    // The dd/mm/yyyy field (ui/DateField): its segments show the day first, its hidden input holds the ISO date.
    const airLawStart = within(rows[0] as HTMLElement).getByRole("group", { name: "Air Law start date" });
    expect(airLawStart.textContent).toContain("01/12/2026");
    const iso = (name: string) => (document.querySelector(`input[name="${name}"]`) as HTMLInputElement).value;
    expect(iso("course-date-301-start")).toBe("2026-12-01");
    expect(iso("course-date-302-start")).toBe("");
    expect(within(rows[1] as HTMLElement).getByRole("group", { name: "Meteorology start date" })).toBeTruthy();
    expect(screen.queryByTestId("no-course-dates")).toBeNull();
  });

  it("a course without modules: 'You do not have any course dates to edit'", async () => {
    await seed([]);
    renderSignedIn(STUDENT, () => <CourseDatesModal isOpen onClose={() => {}} />);

    expect((await screen.findByTestId("no-course-dates")).textContent).toBe("You do not have any course dates to edit");
    expect(screen.queryByRole("button", { name: "Update" })).toBeNull();
  });
});
