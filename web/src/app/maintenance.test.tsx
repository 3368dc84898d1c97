// @vitest-environment jsdom
/**
 * The maintenance role on the device (issue 14): the main navigation shows Updates and Jobs to
 * the maintenance role only, and the maintenance pages refuse a student with a plain page that
 * points to where their own device's updates and changes are.
 */
import "fake-indexeddb/auto";
import type { UserSummary } from "@preflight/sync-protocol/schemas/auth";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetDatabases, STUDENT } from "../local/test-support.ts";
import { MainNav } from "./MainNav.tsx";
import { MaintenanceOnly } from "./maintenance.tsx";
import { renderSignedIn } from "./render-signed-in.tsx";

const MAINTENANCE: UserSummary = { ...STUDENT, id: "user-m", email: "admin@preflight.test", role: "maintenance" };

const navLinks = () =>
  [...screen.getByRole("navigation", { name: "Main" }).querySelectorAll("a")].map((a) => a.getAttribute("data-testid"));

describe("MainNav", () => {
  beforeEach(resetDatabases);
  afterEach(cleanup);

  it("shows a student their study places and Profile, but not Updates or Jobs", async () => {
    renderSignedIn(STUDENT, () => <MainNav features={STUDENT.features} userRole="student" />);
    await screen.findByTestId("nav-profile");
    expect(navLinks()).toContain("nav-dashboard");
    expect(navLinks()).not.toContain("nav-updates");
    expect(navLinks()).not.toContain("nav-jobs");
  });

  it("shows the maintenance role Updates and Jobs as well", async () => {
    renderSignedIn(MAINTENANCE, () => <MainNav features={MAINTENANCE.features} userRole="maintenance" />);
    expect((await screen.findByTestId("nav-updates")).getAttribute("href")).toBe("/maintenance/updates");
    expect(screen.getByTestId("nav-jobs").getAttribute("href")).toBe("/maintenance/jobs");
    expect(navLinks()).toContain("nav-profile");
  });
});

/** A maintenance page as the routes wrap one (routes/_app/maintenance.*.tsx; e2e: updates-admin.spec.ts). */
const toolsPage = () => (
  <MaintenanceOnly>
    <p data-testid="tools">Unlock update status</p>
  </MaintenanceOnly>
);

describe("a maintenance page", () => {
  beforeEach(resetDatabases);
  afterEach(cleanup);

  it("refuses a student: a plain page pointing to the dashboard and This device, no tools", async () => {
    renderSignedIn(STUDENT, toolsPage);
    const refusal = await screen.findByTestId("maintenance-only");
    expect(refusal.textContent).toContain("open to maintenance staff only");
    expect(screen.getByRole("link", { name: "dashboard" }).getAttribute("href")).toBe("/dashboard");
    expect(screen.getByRole("link", { name: "This device" }).getAttribute("href")).toBe("/device");
    expect(screen.queryByTestId("tools")).toBeNull();
  });

  it("opens for the maintenance role", async () => {
    renderSignedIn(MAINTENANCE, toolsPage);
    expect(await screen.findByTestId("tools")).toBeTruthy();
    expect(screen.queryByTestId("maintenance-only")).toBeNull();
  });
});
