// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiCallError, NetworkError } from "../local/api.ts";
import { SnackbarContext } from "../ui/snackbar/context.ts";
import { SnackbarProvider } from "../ui/snackbar/SnackbarProvider.tsx";
import { errorNotice, useErrorNotice } from "./error-notice.ts";

afterEach(cleanup);

function FailingButton({ error }: { error: unknown }) {
  const showError = useErrorNotice();
  return (
    <button type="button" onClick={() => showError(error)}>
      Save
    </button>
  );
}

describe("a failure's notification", () => {
  it("is titled 'Error' with the failure's words (spec study 8)", () => {
    expect(errorNotice(new ApiCallError(422, "bad_request", "Invalid", { fields: { a: ["A."], b: ["B."] } }))).toEqual({
      title: "Error",
      text: "A.\nB.",
    });
  });

  it("takes the screen's title and spec-quoted text when it names them", () => {
    expect(
      errorNotice(new Error("quota"), { title: "Jobs", text: "There was an error running the jobs queue." }),
    ).toEqual({
      title: "Jobs",
      text: "There was an error running the jobs queue.",
    });
  });

  it("passes the screen's wording on for the text (its fallback, the classes it explains)", () => {
    expect(errorNotice(new Error("quota"), { fallback: "Unable to mark this question" }).text).toBe(
      "Unable to mark this question",
    );
    expect(errorNotice(new Error("quota"), { explains: [Error] }).text).toBe("quota");
  });
});

describe("useErrorNotice", () => {
  it("queues a danger notification, announced as an alert", async () => {
    render(
      <SnackbarProvider>
        <FailingButton error={new NetworkError("offline")} />
      </SnackbarProvider>,
    );
    await userEvent.setup().click(screen.getByRole("button", { name: "Save" }));
    const notice = await screen.findByTestId("snackbar");
    expect(notice.getAttribute("data-type")).toBe("danger");
    expect(notice.getAttribute("role")).toBe("alert");
    expect(notice.textContent).toContain("Error: Error");
    expect(notice.textContent).toContain("You need a connection to do this.");
  });

  it("passes the screen's delay on (a disabled fixed test's reason shows after 3 s)", async () => {
    const notify = vi.fn(() => 1);
    function DelayedButton() {
      const showError = useErrorNotice();
      return (
        <button type="button" onClick={() => showError(null, { title: "Air Law", text: "Closed", delay: 3000 })}>
          Open
        </button>
      );
    }
    render(
      <SnackbarContext.Provider value={{ notify, dismiss: vi.fn() }}>
        <DelayedButton />
      </SnackbarContext.Provider>,
    );
    await userEvent.setup().click(screen.getByRole("button", { name: "Open" }));
    expect(notify).toHaveBeenCalledWith({ type: "danger", title: "Air Law", text: "Closed", delay: 3000 });
  });
});
