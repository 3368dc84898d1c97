// @vitest-environment jsdom
/** The skip link moves focus to the page's main: `#main` of ui/Page.tsx, or a screen's own `<main>`. */
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { SkipLink } from "./SkipLink.tsx";

describe("SkipLink", () => {
  afterEach(cleanup);

  it("focuses main#main and keeps the address", () => {
    Element.prototype.scrollIntoView = () => {};
    render(
      <>
        <SkipLink />
        <button type="button">Header button</button>
        <main id="main" tabIndex={-1}>
          Content
        </main>
      </>,
    );
    const link = screen.getByRole("link", { name: "Skip to content" });
    expect(link.getAttribute("href")).toBe("#main");
    const before = window.location.href;
    fireEvent.click(link);
    expect(document.activeElement?.id).toBe("main");
    expect(window.location.href).toBe(before);
  });

  it("reaches a screen's own main without an id, making it focusable", () => {
    Element.prototype.scrollIntoView = () => {};
    render(
      <>
        <SkipLink />
        <main>Content</main>
      </>,
    );
    fireEvent.click(screen.getByRole("link", { name: "Skip to content" }));
    expect(document.activeElement?.tagName).toBe("MAIN");
    expect(document.activeElement?.getAttribute("tabindex")).toBe("-1");
  });
});
