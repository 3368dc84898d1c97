// @vitest-environment jsdom
import "fake-indexeddb/auto";
import { FIXED_TEST_MESSAGES } from "@preflight/sync-protocol/rules/fixed-tests";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SessionProvider } from "../../app/session-context.tsx";
import type { LocalFixedTest } from "../../local/store/db.ts";
import { resetDatabases, STUDENT } from "../../local/test-support.ts";
import { PasswordDialog } from "./PasswordDialog.tsx";

const TEST: LocalFixedTest = {
  id: 7,
  title: "Air Law school exam",
  time_limit: null,
  password_access: true,
  disabled_reason: null,
  attempts: 0,
  user_tests_count: 0,
  pass_percentage: 75,
  hide_results: false,
  hide_answers: false,
  opens_at: null,
  closes_at: null,
  question_ids: [1],
  question_versions: [1],
  position: 1,
  password_verified: false,
  downloadedAt: "2026-11-21T09:00:00.000Z",
};

function opened() {
  const onAccepted = vi.fn();
  render(
    <SessionProvider
      session={{ key: "current", userId: STUDENT.id, user: STUDENT, signedInAt: "2026-11-21T09:00:00Z" }}
    >
      <PasswordDialog test={TEST} onClose={vi.fn()} onAccepted={onAccepted} />
    </SessionProvider>,
  );
  return { onAccepted };
}

async function submit(password: string) {
  const user = userEvent.setup();
  if (password) await user.type(screen.getByLabelText("Test password"), password);
  await user.click(screen.getByTestId("password-submit"));
}

describe("'Enter password to access test': what a failed check says", () => {
  beforeEach(resetDatabases);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("no password: asks for it in an alert that describes the field, without asking the server", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    opened();
    await submit("");
    const error = screen.getByTestId("password-error");
    expect(error.getAttribute("role")).toBe("alert");
    expect(error.textContent).toBe(FIXED_TEST_MESSAGES.passwordRequired);
    expect(screen.getByLabelText("Test password").getAttribute("aria-describedby")).toBe(error.id);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("no connection: says the password needs one the first time", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    opened();
    await submit("airlaw");
    expect((await screen.findByRole("alert")).textContent).toBe(FIXED_TEST_MESSAGES.passwordNeedsConnection);
  });

  it("too many wrong passwords: how many minutes to wait", async () => {
    const refusal = {
      error: { code: "too_many_requests", message: "Too many attempts.", details: { retry_after_seconds: 30 } },
    };
    const headers = { "Retry-After": "30" };
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(new Response(JSON.stringify(refusal), { status: 429, headers })));
    const { onAccepted } = opened();
    await submit("airlaw");
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Too many attempts. Please wait 1 minute and try again.",
    );
    expect(onAccepted).not.toHaveBeenCalled();
  });

  it("a refused check: the server's own words", async () => {
    const refusal = { error: { code: "too_many_requests", message: "Too many attempts. Please wait a minute." } };
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(new Response(JSON.stringify(refusal), { status: 429 })));
    const { onAccepted } = opened();
    await submit("airlaw");
    expect((await screen.findByRole("alert")).textContent).toBe("Too many attempts. Please wait a minute.");
    expect(onAccepted).not.toHaveBeenCalled();
  });
});
