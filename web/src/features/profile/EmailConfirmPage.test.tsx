// @vitest-environment jsdom
import { ACCOUNT_MESSAGES } from "@preflight/sync-protocol/rules/account-messages";
import { act, cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { manualClock } from "../../ui/manual-clock.ts";
import { EMAIL_CONFIRM_TITLE, EmailConfirmPage } from "./EmailConfirmPage.tsx";

const TOKEN = "a".repeat(40);
const posts: unknown[] = [];

function serverAnswers(status: number, body: unknown) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      posts.push([url, JSON.parse(String(init.body))]);
      return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
    }),
  );
}

describe("/email/confirm", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    posts.length = 0;
  });

  it("posts the token only when the button is pressed, says the server's message and goes to sign in after 2 s", async () => {
    serverAnswers(200, { success: true, message: ACCOUNT_MESSAGES.emailChanged, redirect: "/login" });
    const clock = manualClock();
    const go = vi.fn();
    render(<EmailConfirmPage token={TOKEN} go={go} clock={clock} />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(EMAIL_CONFIRM_TITLE);
    expect(posts).toEqual([]);

    await userEvent.setup().click(screen.getByRole("button", { name: "Confirm" }));
    expect(posts).toEqual([["/email/confirm", { token: TOKEN }]]);
    expect((await screen.findByRole("status")).textContent).toBe(ACCOUNT_MESSAGES.emailChanged);
    act(() => clock.advance(1999));
    expect(go).not.toHaveBeenCalled();
    act(() => clock.advance(1));
    expect(go).toHaveBeenCalledWith("/login");
  });

  it("an invalid or used link says so; a link without a token too, without asking the server", async () => {
    serverAnswers(400, {
      error: {
        code: "bad_request",
        message: ACCOUNT_MESSAGES.emailChangeInvalid,
        details: { fields: { token: [ACCOUNT_MESSAGES.emailChangeInvalid] } },
      },
    });
    render(<EmailConfirmPage token={TOKEN} go={vi.fn()} clock={manualClock()} />);
    await userEvent.setup().click(screen.getByRole("button", { name: "Confirm" }));
    expect((await screen.findByRole("alert")).textContent).toBe(ACCOUNT_MESSAGES.emailChangeInvalid);
    expect(screen.queryByRole("button", { name: "Confirm" })).toBeNull();
    cleanup();

    render(<EmailConfirmPage token={undefined} go={vi.fn()} />);
    expect(screen.getByRole("alert").textContent).toBe(ACCOUNT_MESSAGES.emailChangeInvalid);
    expect(posts).toHaveLength(1);
  });

  it("no connection: says so and keeps the button for another try", async () => {
    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("Failed to fetch")));
    render(<EmailConfirmPage token={TOKEN} go={vi.fn()} clock={manualClock()} />);
    await userEvent.setup().click(screen.getByRole("button", { name: "Confirm" }));
    expect((await screen.findByRole("alert")).textContent).toBe(ACCOUNT_MESSAGES.needsConnection);
    expect(screen.getByRole("button", { name: "Confirm" })).toBeTruthy();
  });
});
