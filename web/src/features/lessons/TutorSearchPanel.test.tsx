// @vitest-environment jsdom
/**
 * The 'Tutor / Search' slide-out (study §2, Syllabus page): headed 'Tutor / Search' as the button
 * that opens it, with a Search tab, and an AI Tutor tab only when the tutor is enabled.
 */
import "fake-indexeddb/auto";
import type { UserSummary } from "@preflight/sync-protocol/schemas/auth";
import { cleanup, screen } from "@testing-library/react";
import { useEffect } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { renderSignedIn } from "../../app/render-signed-in.tsx";
import { resetDatabases, STUDENT } from "../../local/test-support.ts";
import { TutorSearchPanel } from "./TutorSearchPanel.tsx";
import { useTutorSearch } from "./useTutorSearch.ts";

function Opened() {
  const search = useTutorSearch();
  const { open } = search;
  useEffect(() => open(), [open]);
  return <TutorSearchPanel search={search} />;
}

const withTutor = (ai_tutor: boolean): UserSummary => ({ ...STUDENT, features: { ...STUDENT.features, ai_tutor } });

describe("the Tutor / Search slide-out", () => {
  beforeEach(resetDatabases);
  afterEach(cleanup);

  it("is headed 'Tutor / Search' and offers Search only while the tutor is off", async () => {
    renderSignedIn(withTutor(false), () => <Opened />);
    expect((await screen.findByRole("heading", { name: "Tutor / Search" })).textContent).toBe("Tutor / Search");
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual(["Search"]);
  });

  it("offers the AI Tutor tab as well when the tutor is enabled", async () => {
    renderSignedIn(withTutor(true), () => <Opened />);
    await screen.findByRole("heading", { name: "Tutor / Search" });
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual(["Search", "AI Tutor"]);
  });
});
