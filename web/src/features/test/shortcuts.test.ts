import { describe, expect, it } from "vitest";
import { HELP_KEY, SHORTCUTS, shortcutOf } from "./shortcuts.ts";
import { keyAction } from "./test-session.ts";

/** Keys a keyboard can send: printable ASCII and the named keys the browser reports. */
const ALL_KEYS = [
  ...Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)),
  ..."Enter Escape Tab Backspace Delete Home End PageUp PageDown ArrowUp ArrowDown ArrowLeft ArrowRight Space F1".split(
    " ",
  ),
];

describe("the shortcuts list", () => {
  it("each listed key does what the list says", () => {
    for (const shortcut of SHORTCUTS)
      for (const key of shortcut.press) expect(shortcutOf(key), `${key}`).toBe(shortcut.action);
  });

  it("lists every key the question screen handles, and no other", () => {
    const handled = ALL_KEYS.filter((key) => shortcutOf(key) !== null).sort();
    const listed = SHORTCUTS.flatMap((shortcut) => shortcut.press).sort();
    expect(listed).toEqual(handled);
  });

  it("`?` is the help and no session action", () => {
    expect(keyAction(HELP_KEY)).toBeNull();
    expect(shortcutOf(HELP_KEY)).toBe("help");
  });
});
