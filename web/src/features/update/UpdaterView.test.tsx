// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AvailableUpdates } from "../../local/content/service.ts";
import { IDLE_STATUS, type UpdaterStatus } from "../../local/content/status.ts";
import { now } from "../../platform.ts";
import { UPDATE_MESSAGES } from "./messages.ts";
import type { ModuleReadiness } from "./queries.ts";
import { UpdaterView, type UpdaterViewProps } from "./UpdaterView.tsx";

const AVAILABLE: AvailableUpdates = {
  total_updates: 1,
  total_sources: 2,
  size: 3 * 1024 * 1024,
  checkedAt: "2026-11-21T10:00:00.000Z",
};
const MODULES: ModuleReadiness[] = [
  { id: 1, title: "Air Law and ATC Procedures", ready: true },
  { id: 2, title: "Meteorology", ready: false },
];
const DOWNLOADING: UpdaterStatus = {
  ...IDLE_STATUS,
  state: "downloading",
  totalUpdates: 1,
  totalSources: 2,
  progress: 40,
  currentUpdate: "Meteorology",
};

function renderView(change: Partial<UpdaterViewProps> = {}) {
  const props: UpdaterViewProps = {
    phase: "ready",
    firstRun: false,
    nothingInstalled: false,
    listError: null,
    status: IDLE_STATUS,
    available: AVAILABLE,
    modules: MODULES,
    canLeave: true,
    toolsLink: <a href="/maintenance/updates">Update history and tools</a>,
    onUpdateNow: vi.fn(),
    onCancel: vi.fn(),
    onDashboard: vi.fn(),
    ...change,
  };
  render(<UpdaterView {...props} />);
  return { ...props, user: userEvent.setup({ delay: null }) };
}

describe("the updater", () => {
  afterEach(cleanup);

  it("says what is available and starts on 'Update now'", async () => {
    const { onUpdateNow, user } = renderView();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Updates");
    expect(screen.getByTestId("updates-available").textContent).toContain("1 update available");
    expect(screen.getByTestId("updates-available").textContent).toContain("2 downloads");
    await user.click(screen.getByRole("button", { name: UPDATE_MESSAGES.updateNow }));
    expect(onUpdateNow).toHaveBeenCalledOnce();
  });

  it("from the press until the run shows, says it is starting instead of the same button", () => {
    renderView({ starting: true });
    expect(screen.getByTestId("update-starting").textContent).toBe("Starting the update…");
    expect(screen.queryByRole("button", { name: UPDATE_MESSAGES.updateNow })).toBeNull();
    cleanup();
    renderView({ starting: true, status: DOWNLOADING });
    expect(screen.queryByTestId("update-starting")).toBeNull();
    expect(screen.getByTestId("update-percent").textContent).toBe("40%");
  });

  it("says the content is up to date when nothing is available", () => {
    renderView({ available: { ...AVAILABLE, total_updates: 0, total_sources: 0, size: 0 } });
    expect(screen.getByTestId("updates-available").textContent).toBe("Your content is up to date");
    expect(screen.queryByRole("button", { name: UPDATE_MESSAGES.updateNow })).toBeNull();
  });

  it("a first run is 'Setting up Preflight on this device' and shows the modules as they become ready", () => {
    renderView({ firstRun: true, status: DOWNLOADING });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Setting up Preflight on this device");
    expect(screen.queryByTestId("updates-available")).toBeNull();
    expect(screen.getByTestId("update-percent").textContent).toBe("40%");
    expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "Air Law and ATC ProceduresReady",
      `Meteorology${UPDATE_MESSAGES.notYetAvailable}`,
    ]);
    expect(screen.getByTestId("update-dashboard").textContent).toBe("Go to dashboard (downloads continue)");
  });

  it("a running update can be cancelled, and the dashboard opened", async () => {
    const { onCancel, onDashboard, user } = renderView({ status: DOWNLOADING });
    await user.click(screen.getByTestId("update-cancel"));
    expect(onCancel).toHaveBeenCalledOnce();
    await user.click(screen.getByTestId("update-dashboard"));
    expect(onDashboard).toHaveBeenCalledOnce();
  });

  it("keeps the student here until something is ready", () => {
    renderView({ canLeave: false, modules: [{ id: 1, title: "Air Law", ready: false }] });
    expect(screen.queryByTestId("update-dashboard")).toBeNull();
    expect(screen.queryByText("Update history and tools")).toBeNull();
  });

  it("offline: says updates wait for the connection, or that a first run needs one", () => {
    renderView({ phase: "offline", available: null });
    expect(screen.getByRole("status").textContent).toBe(UPDATE_MESSAGES.offline);
    cleanup();
    renderView({ phase: "offline", available: null, nothingInstalled: true, canLeave: false });
    expect(screen.getByRole("status").textContent).toBe(UPDATE_MESSAGES.firstRunOffline);
  });

  it("shows why the list could not be read as an alert", () => {
    renderView({ phase: "error", listError: "The server answered 500", available: null });
    expect(screen.getByRole("alert").textContent).toBe("The server answered 500");
  });

  it("no syllabus, or none obtainable: says so and that it is logging out", () => {
    renderView({ phase: "no-syllabus" });
    expect(screen.getByRole("alert").textContent).toBe(`${UPDATE_MESSAGES.noSyllabus}${UPDATE_MESSAGES.loggingOut}`);
    expect(screen.queryByTestId("update-dashboard")).toBeNull();
    cleanup();
    renderView({ phase: "prerequisites-failed" });
    expect(screen.getByRole("alert").textContent).toBe(
      `${UPDATE_MESSAGES.prerequisitesFailed}${UPDATE_MESSAGES.loggingOut}`,
    );
  });

  it("while checking, says so; a dropped connection's warning and the retry countdown show", () => {
    renderView({
      phase: "listing",
      available: null,
      status: {
        ...DOWNLOADING,
        state: "retrying",
        warning: "The connection dropped.",
        retryAt: new Date(now() + 30_000).toISOString(),
      },
    });
    expect(screen.getAllByRole("status").map((s) => s.textContent)).toEqual([
      "Checking for updates…",
      "The connection dropped.",
    ]);
    expect(screen.getByTestId("update-retry").textContent).toMatch(/^Trying again in (29|30) s$/);
  });
});
