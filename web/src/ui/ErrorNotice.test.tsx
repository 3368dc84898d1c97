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

  it("keeps a screen's own element, id and look (a red line in running text, a field's description)", () => {
    render(
      <ErrorNotice as="p" id="password-error" className="text-sm text-red-700" testId="password-error">
        The password is incorrect
      </ErrorNotice>,
    );
    const notice = screen.getByRole("alert");
    expect(notice.tagName).toBe("P");
    expect(notice.id).toBe("password-error");
    expect(notice.className).toBe("text-sm text-red-700");
    expect(notice.textContent).toBe("The password is incorrect");
  });
});
