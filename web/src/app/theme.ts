import { useSyncExternalStore } from "react";
import { localStore } from "../platform.ts";

/**
 * Light or dark: the system setting unless the student chose one in the profile. The choice
 * belongs to the device (a tablet read at night, a laptop by day), so it is kept in
 * localStorage rather than synced with the account.
 */
export type ThemePreference = "system" | "light" | "dark";

const STORAGE_KEY = "preflight-theme";
const HEADER_COLOURS = { light: "#0b3a5b", dark: "#0a2236" } as const;

const listeners = new Set<() => void>();

export function readThemePreference(): ThemePreference {
  const stored = localStore()?.getItem(STORAGE_KEY);
  return stored === "light" || stored === "dark" ? stored : "system";
}

export function setThemePreference(preference: ThemePreference): void {
  try {
    if (preference === "system") localStore()?.removeItem(STORAGE_KEY);
    else localStore()?.setItem(STORAGE_KEY, preference);
  } catch {
    // Storage refused (private mode): the choice lasts for this page only.
  }
  applyTheme(preference);
}

function systemPrefersDark(): boolean {
  return typeof matchMedia === "function" && matchMedia("(prefers-color-scheme: dark)").matches;
}

/** Whether the dark theme is showing now. */
export function isDark(): boolean {
  return document.documentElement.classList.contains("dark");
}

function applyTheme(preference = readThemePreference()): void {
  const dark = preference === "dark" || (preference === "system" && systemPrefersDark());
  document.documentElement.classList.toggle("dark", dark);
  document.querySelector('meta[name="theme-color"]')?.setAttribute("content", HEADER_COLOURS[dark ? "dark" : "light"]);
  for (const listener of listeners) listener();
}

/** Applies the theme before the first render and follows the system and other tabs afterwards. */
export function startTheme(): void {
  applyTheme();
  if (typeof matchMedia === "function")
    matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => applyTheme());
  window.addEventListener("storage", (event) => {
    if (event.key === STORAGE_KEY) applyTheme();
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The profile's switch: the stored choice, re-read whenever the theme changes. */
export function useThemePreference(): ThemePreference {
  return useSyncExternalStore(subscribe, readThemePreference, () => "system");
}

/** For what CSS cannot colour (chart canvases): true while the dark theme shows. */
export function useDarkTheme(): boolean {
  return useSyncExternalStore(subscribe, isDark, () => false);
}
