import { type KeyAction, keyAction } from "./test-session.ts";

/** The key that opens the list of shortcuts (`?`, Shift + / on most keyboards). */
export const HELP_KEY = "?";

/**
 * Every key the question screen answers, as the help dialog lists it. `press` are keys that do
 * it (a unit test runs each through `keyAction`, and checks no key `keyAction` knows is missing).
 */
export interface Shortcut {
  keys: string[];
  does: string;
  press: string[];
  action: KeyAction["type"] | "help";
}

export const SHORTCUTS: Shortcut[] = [
  {
    keys: ["A", "B", "C", "…"],
    does: "Choose that answer (press again to take it back on a multiple select)",
    press: [..."abcdefghijklmnopqrstuvwxyz", ..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"],
    action: "toggle",
  },
  { keys: ["Enter"], does: "Confirm the answer", press: ["Enter"], action: "confirm" },
  { keys: ["→"], does: "Next question", press: ["ArrowRight"], action: "next" },
  { keys: ["←"], does: "Previous question", press: ["ArrowLeft"], action: "previous" },
  { keys: ["?"], does: "Show this list of shortcuts", press: [HELP_KEY], action: "help" },
];

/** What a key does on the question screen: a session key action, the help list, or nothing. */
export function shortcutOf(key: string): Shortcut["action"] | null {
  if (key === HELP_KEY) return "help";
  return keyAction(key)?.type ?? null;
}
