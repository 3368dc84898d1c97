// @vitest-environment jsdom
/**
 * A card sliding out is hidden from screen readers and out of the keyboard's reach (inert), so
 * no hidden Dismiss button can take focus; a card on screen stays reachable.
 */
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { SnackbarEntry } from "./queue.ts";
import { SnackbarStack } from "./SnackbarStack.tsx";

function entry(id: number, phase: SnackbarEntry["phase"]): SnackbarEntry {
  return {
    id,
    type: "info",
    title: `Notice ${id}`,
    text: "",
    timeout: 5000,
    position: "top-center",
    phase,
    readyAt: 0,
    hideAt: phase === "shown" ? 5000 : null,
    removeAt: phase === "hiding" ? 300 : null,
  };
}

describe("SnackbarStack", () => {
  it("makes a hiding card inert and aria-hidden, and leaves a shown one reachable", () => {
    render(
      <SnackbarStack entries={[entry(1, "shown"), entry(2, "hiding")]} onDismiss={() => {}} onPauseChange={() => {}} />,
    );
    const [shown, hiding] = screen.getAllByTestId("snackbar").map((card) => card.closest("li"));
    expect(hiding?.hasAttribute("inert")).toBe(true);
    expect(hiding?.getAttribute("aria-hidden")).toBe("true");
    expect(shown?.hasAttribute("inert")).toBe(false);
    expect(shown?.hasAttribute("aria-hidden")).toBe(false);
    // Only the shown card's Dismiss is left for assistive technology.
    expect(screen.getAllByRole("button", { name: "Dismiss notification" })).toHaveLength(1);
  });
});
