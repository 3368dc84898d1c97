// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ErrorNotice } from "./ErrorNotice.tsx";

afterEach(cleanup);

describe("the in-page error notice", () => {
  it("is announced as an alert with the failure's words, and offers no retry unless given one", () => {
    render(<ErrorNotice testId="failure">The server answered 500</ErrorNotice>);
    expect(screen.getByRole("alert").textContent).toBe("The server answered 500");
    expect(screen.getByTestId("failure")).toBe(screen.getByRole("alert"));
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("offers the retry the screen gives it", async () => {
    const onRetry = vi.fn();
    render(
      <ErrorNotice onRetry={onRetry} retryLabel="Check again">
        Could not list the updates.
      </ErrorNotice>,
    );
    await userEvent.setup().click(screen.getByRole("button", { name: "Check again" }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
