// @vitest-environment jsdom
import { BUG_REPORT_MESSAGES } from "@preflight/sync-protocol/schemas/diagnostics";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { BugReportOutcome } from "../../local/diagnostics/bug-report.ts";
import type { UserDb } from "../../local/store/db.ts";
import { BugReportSection } from "./BugReportSection.tsx";

function renderForm(outcome: BugReportOutcome) {
  const send = vi.fn(async () => outcome);
  render(<BugReportSection db={{} as UserDb} email="student@preflight.test" send={send} />);
  return { send, user: userEvent.setup({ delay: null }) };
}

describe("the bug report form", { timeout: 20_000 }, () => {
  afterEach(cleanup);

  it("has the details box with the spec's placeholder and the note that the database and log are sent", () => {
    renderForm({ kind: "sent", message: "ok" });
    const details = screen.getByLabelText("Details");
    expect(details.getAttribute("placeholder")).toBe(BUG_REPORT_MESSAGES.placeholder);
    expect(screen.getByTestId("bug-report-note").textContent).toBe(BUG_REPORT_MESSAGES.note);
  });

  it("asks for the details before sending anything", async () => {
    const { send, user } = renderForm({ kind: "sent", message: "ok" });
    await user.type(screen.getByLabelText("Details"), "   ");
    await user.click(screen.getByTestId("bug-report-submit"));
    expect(screen.getByText(BUG_REPORT_MESSAGES.detailsRequired)).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
  });

  it("shows the server's text on success and empties the box", async () => {
    const { send, user } = renderForm({ kind: "sent", message: "Received, thanks from the server." });
    await user.type(screen.getByLabelText("Details"), "  The timer froze.  ");
    await user.click(screen.getByTestId("bug-report-submit"));
    expect((await screen.findByTestId("bug-report-sent")).textContent).toBe("Received, thanks from the server.");
    expect(send).toHaveBeenCalledWith(expect.anything(), { email: "student@preflight.test" }, "The timer froze.", "/");
    expect((screen.getByLabelText("Details") as HTMLTextAreaElement).value).toBe("");
  });

  it("shows the spec's failure text, with the reason when the device knows it, and keeps the details", async () => {
    const { user } = renderForm({ kind: "failed", reason: "This device's data is 5.0 MB, more than the 4.0 MB." });
    await user.type(screen.getByLabelText("Details"), "It crashed.");
    await user.click(screen.getByTestId("bug-report-submit"));
    const failed = await screen.findByTestId("bug-report-failed");
    expect(failed.querySelector("p")?.textContent).toBe(
      "There was an error sending the report, please contact customer support.",
    );
    expect(failed.textContent).toContain("5.0 MB");
    expect((screen.getByLabelText("Details") as HTMLTextAreaElement).value).toBe("It crashed.");
  });
});
