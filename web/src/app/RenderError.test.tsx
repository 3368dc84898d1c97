// @vitest-environment jsdom
/**
 * An unexpected render error (spec test-taking §8): outside test pages 'The application
 * encountered an unexpected error or needs to update, the page will reload' and a reload after
 * 2 seconds; on a test page the same words and a Reload button, never a reload by itself.
 */
import "fake-indexeddb/auto";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RenderError } from "./RenderError.tsx";

describe("RenderError", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
    window.history.replaceState(null, "", "/");
  });

  it("outside a test: says the page will reload, and reloads after 2 seconds", () => {
    window.history.replaceState(null, "", "/dashboard");
    const reload = vi.fn();
    render(<RenderError error={new Error("boom")} reload={reload} />);

    expect(screen.getByRole("alert").textContent).toContain(
      "The application encountered an unexpected error or needs to update, the page will reload",
    );
    vi.advanceTimersByTime(1999);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("on a test page: the student reloads with the button; nothing reloads by itself", () => {
    window.history.replaceState(null, "", "/test/7d1d7d36-9a4f-4f0e-9c1f-1f5a0e2b3c4d");
    const reload = vi.fn();
    render(<RenderError error={new Error("boom")} reload={reload} />);

    vi.advanceTimersByTime(10_000);
    expect(reload).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Reload" }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
