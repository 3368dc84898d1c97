// @vitest-environment jsdom
/**
 * The profile's Appearance switch (issue 17): Dark puts the dark theme on at once (class "dark"
 * on <html>) and keeps the choice on this device; System follows the system setting again.
 */
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { localStore } from "../../platform.ts";
import { AppearanceCard } from "./AppearanceCard.tsx";

let systemDark = false;

beforeEach(() => {
  localStore()?.removeItem("preflight-theme");
  document.documentElement.classList.remove("dark");
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => ({
      matches: query === "(prefers-color-scheme: dark)" && systemDark,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const html = () => document.documentElement;

describe("Appearance", () => {
  it("offers System, Light and Dark, System chosen at first", () => {
    render(<AppearanceCard />);
    expect(screen.getAllByRole("radio").map((r) => r.closest("label")?.textContent)).toEqual([
      "System",
      "Light",
      "Dark",
    ]);
    expect((screen.getByRole("radio", { name: "System" }) as HTMLInputElement).checked).toBe(true);
  });

  it("Dark puts class dark on <html> and keeps the choice; Light takes it off", async () => {
    systemDark = false;
    render(<AppearanceCard />);
    await userEvent.click(screen.getByText("Dark"));
    expect(html().classList.contains("dark")).toBe(true);
    expect(localStore()?.getItem("preflight-theme")).toBe("dark");
    expect((screen.getByRole("radio", { name: "Dark" }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByText("Light"));
    expect(html().classList.contains("dark")).toBe(false);
  });

  it("System follows matchMedia: dark when the system is dark, light when it is not", async () => {
    render(<AppearanceCard />);
    systemDark = true;
    await userEvent.click(screen.getByText("Light"));
    expect(html().classList.contains("dark")).toBe(false);
    await userEvent.click(screen.getByText("System"));
    expect(html().classList.contains("dark")).toBe(true);
    expect(localStore()?.getItem("preflight-theme")).toBeNull();

    systemDark = false;
    await userEvent.click(screen.getByText("Dark"));
    await userEvent.click(screen.getByText("System"));
    expect(html().classList.contains("dark")).toBe(false);
  });
});
