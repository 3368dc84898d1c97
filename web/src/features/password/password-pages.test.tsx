// @vitest-environment jsdom
import { ACCOUNT_MESSAGES } from "@preflight/sync-protocol/rules/account-messages";
import { RESET_REDIRECT_DELAY_MS } from "@preflight/sync-protocol/schemas/accounts";
import { act, cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { manualClock } from "../../ui/manual-clock.ts";
import { SnackbarProvider } from "../../ui/snackbar/SnackbarProvider.tsx";
import { ForgotPasswordPage } from "./ForgotPasswordPage.tsx";
import { ResetPasswordPage } from "./ResetPasswordPage.tsx";

type Reply = { status: number; body: unknown };

interface Sent {
  url: string;
  json: unknown;
}

/** A fetch that records each JSON post and answers it with `reply`. */
function serve(reply: { status: number; body: unknown }) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      sent.push({ url, json: JSON.parse(String(init.body)) });
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { "Content-Type": "application/json" },
      });
    }),
  );
  return sent;
}

const ok = (message: string, redirect: string): Reply => ({ status: 200, body: { success: true, message, redirect } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("forgotten password", () => {
  function renderForgot(offline: boolean, reply = ok(ACCOUNT_MESSAGES.resetLinkSent, "/login")) {
    const sent = serve(reply);
    const go = vi.fn();
    const clock = manualClock();
    render(
      <SnackbarProvider>
        <ForgotPasswordPage offline={offline} go={go} clock={clock} />
      </SnackbarProvider>,
    );
    return { sent, go, clock, user: userEvent.setup() };
  }

  it("requires the e-mail field, says so by the field and sends nothing", async () => {
    const { sent, user } = renderForgot(false);
    await user.click(screen.getByRole("button", { name: "Send Password Reset Link" }));
    const email = screen.getByLabelText("E-mail");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByTestId("field-error").textContent).toBe("The email field is required.");
    expect(document.activeElement).toBe(email);
    expect(sent).toEqual([]);
  });

  it("posts {email, offline}, shows the message as a Success notification and follows the redirect after 2 s", async () => {
    const { sent, go, clock, user } = renderForgot(
      true,
      ok(ACCOUNT_MESSAGES.resetCodeSent, "/password/reset?email=a%40b.co&offline=1"),
    );
    await user.type(screen.getByLabelText("E-mail"), "A@B.co");
    await user.click(screen.getByRole("button", { name: "Send Password Reset Code" }));
    const note = await screen.findByTestId("snackbar");
    expect(note.getAttribute("data-type")).toBe("success");
    expect(note.textContent).toContain("Success");
    expect(note.textContent).toContain(ACCOUNT_MESSAGES.resetCodeSent);
    expect(sent).toEqual([{ url: "/password/email", json: { email: "a@b.co", offline: true } }]);
    act(() => clock.advance(RESET_REDIRECT_DELAY_MS - 1));
    expect(go).not.toHaveBeenCalled();
    act(() => clock.advance(1));
    expect(go).toHaveBeenCalledWith("/password/reset?email=a%40b.co&offline=1");
  });

  it("shows a refusal as an Error notification with the server's message", async () => {
    const { go, clock, user } = renderForgot(false, {
      status: 429,
      body: { error: { code: "too_many_requests", message: ACCOUNT_MESSAGES.tooSoon } },
    });
    await user.type(screen.getByLabelText("E-mail"), "a@b.co");
    await user.click(screen.getByRole("button", { name: "Send Password Reset Link" }));
    const note = await screen.findByTestId("snackbar");
    expect(note.getAttribute("data-type")).toBe("danger");
    expect(note.textContent).toContain(ACCOUNT_MESSAGES.tooSoon);
    act(() => clock.advance(10_000));
    expect(go).not.toHaveBeenCalled();
  });
});

describe("reset password", () => {
  function renderReset(
    props: { offline: boolean; token?: string; email?: string },
    reply = ok(ACCOUNT_MESSAGES.resetDone, "/login"),
  ) {
    const sent = serve(reply);
    const go = vi.fn();
    const clock = manualClock();
    render(
      <SnackbarProvider>
        <ResetPasswordPage {...props} go={go} clock={clock} />
      </SnackbarProvider>,
    );
    return { sent, go, clock, user: userEvent.setup() };
  }

  it("online: no token field, the e-mail labelled Username, the link's token posted", async () => {
    const { sent, go, clock, user } = renderReset({ offline: false, token: "link-token-0123456789", email: "a@b.co" });
    expect(screen.queryByLabelText("Token")).toBeNull();
    expect(screen.queryByLabelText("E-mail")).toBeNull();
    expect((screen.getByLabelText("Username") as HTMLInputElement).value).toBe("a@b.co");
    await user.type(screen.getByLabelText("Password"), "new-pass-7");
    await user.type(screen.getByLabelText("Confirm Password"), "new-pass-7");
    await user.click(screen.getByRole("button", { name: "Reset Password" }));
    expect((await screen.findByTestId("snackbar")).textContent).toContain(ACCOUNT_MESSAGES.resetDone);
    expect(sent).toEqual([
      {
        url: "/password/reset",
        json: {
          token: "link-token-0123456789",
          email: "a@b.co",
          password: "new-pass-7",
          password_confirmation: "new-pass-7",
        },
      },
    ]);
    act(() => clock.advance(RESET_REDIRECT_DELAY_MS));
    expect(go).toHaveBeenCalledWith("/login");
  });

  it("offline: the token field for the mailed code, the e-mail labelled E-mail", async () => {
    const { sent, user } = renderReset({ offline: true, email: "a@b.co" });
    expect(screen.queryByLabelText("Username")).toBeNull();
    await user.type(screen.getByLabelText("Token"), "abcd2345");
    await user.type(screen.getByLabelText("Password"), "new-pass-7");
    await user.type(screen.getByLabelText("Confirm Password"), "new-pass-7");
    await user.click(screen.getByRole("button", { name: "Reset Password" }));
    await screen.findByTestId("snackbar");
    expect(sent[0]?.json).toMatchObject({ token: "ABCD2345", email: "a@b.co" });
  });

  it("checks the spec's rules: all required, at least 6 characters, the confirmation equal", async () => {
    const { sent, user } = renderReset({ offline: true });
    await user.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(screen.getAllByTestId("field-error").map((e) => e.textContent)).toEqual([
      "The token field is required.",
      "The email field is required.",
      "The password field is required.",
    ]);
    expect(document.activeElement).toBe(screen.getByLabelText("Token"));
    await user.type(screen.getByLabelText("Token"), "ABCD2345");
    await user.type(screen.getByLabelText("E-mail"), "a@b.co");
    await user.type(screen.getByLabelText("Password"), "abc");
    await user.type(screen.getByLabelText("Confirm Password"), "abd");
    await user.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(screen.getAllByTestId("field-error").map((e) => e.textContent)).toEqual([
      "Password must be at least 6 characters.",
      "Password does not match.",
    ]);
    expect(document.activeElement).toBe(screen.getByLabelText("Password"));
    expect(sent).toEqual([]);
  });

  it("shows a refused reset as a danger notification with the server's message and stays", async () => {
    const { go, clock, user } = renderReset(
      { offline: false, token: "spent-token-0123456789", email: "a@b.co" },
      { status: 400, body: { error: { code: "bad_request", message: ACCOUNT_MESSAGES.resetInvalid } } },
    );
    await user.type(screen.getByLabelText("Password"), "new-pass-7");
    await user.type(screen.getByLabelText("Confirm Password"), "new-pass-7");
    await user.click(screen.getByRole("button", { name: "Reset Password" }));
    const note = await screen.findByTestId("snackbar");
    expect(note.getAttribute("data-type")).toBe("danger");
    expect(note.textContent).toContain(ACCOUNT_MESSAGES.resetInvalid);
    act(() => clock.advance(10_000));
    expect(go).not.toHaveBeenCalled();
  });

  it("online without the link's token: says the link is invalid and offers a new one", () => {
    renderReset({ offline: false });
    expect(screen.getByTestId("reset-invalid").textContent).toBe(ACCOUNT_MESSAGES.resetInvalid);
    expect(screen.getByRole("link", { name: "Ask for a new link" }).getAttribute("href")).toBe("/password/forgot");
  });
});
