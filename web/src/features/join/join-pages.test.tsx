// @vitest-environment jsdom
import { ACCOUNT_MESSAGES } from "@preflight/sync-protocol/rules/account-messages";
import {
  FREE_TRIAL_REDIRECT_DELAY_MS,
  type FreeTrialFormReply,
  RESET_REDIRECT_DELAY_MS,
} from "@preflight/sync-protocol/schemas/accounts";
import { act, cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { manualClock } from "../../ui/manual-clock.ts";
import { SnackbarProvider } from "../../ui/snackbar/SnackbarProvider.tsx";
import { ActivatePage } from "./ActivatePage.tsx";
import { FreeTrialPage } from "./FreeTrialPage.tsx";
import { ResendActivationPage } from "./ResendActivationPage.tsx";

type Reply = { status: number; body: unknown };

interface Sent {
  url: string;
  method: string;
  json: unknown;
}

/** A fetch that answers each path from `replies` and records what was sent. */
function serve(replies: Record<string, { status: number; body: unknown }>) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      sent.push({ url, method: init.method ?? "GET", json: init.body ? JSON.parse(String(init.body)) : undefined });
      const reply = replies[url] ?? { status: 404, body: { error: { code: "not_found", message: "Not found" } } };
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { "Content-Type": "application/json" },
      });
    }),
  );
  return sent;
}

const ok = (message: string, redirect = "/login"): Reply => ({
  status: 200,
  body: { success: true, message, redirect },
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("activation page", () => {
  function renderActivate(token: string | undefined, reply = ok(ACCOUNT_MESSAGES.activated)) {
    const sent = serve({ "/register/activate": reply });
    const go = vi.fn();
    const clock = manualClock();
    render(
      <SnackbarProvider>
        <ActivatePage token={token} go={go} clock={clock} />
      </SnackbarProvider>,
    );
    return { sent, go, clock, user: userEvent.setup() };
  }

  it("changes nothing on opening; Activate posts the token, says Success and goes to sign in after 2 s", async () => {
    const { sent, go, clock, user } = renderActivate("activation-token-0123456789");
    expect(screen.getByRole("heading").textContent).toBe("Activate your account");
    expect(sent).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Activate" }));
    const note = await screen.findByTestId("snackbar");
    expect(note.getAttribute("data-type")).toBe("success");
    expect(note.textContent).toContain(ACCOUNT_MESSAGES.activated);
    expect(sent).toEqual([
      { url: "/register/activate", method: "POST", json: { token: "activation-token-0123456789" } },
    ]);
    act(() => clock.advance(RESET_REDIRECT_DELAY_MS - 1));
    expect(go).not.toHaveBeenCalled();
    act(() => clock.advance(1));
    expect(go).toHaveBeenCalledWith("/login");
  });

  it("an invalid link says so and leads to the resend form", async () => {
    const { user } = renderActivate("spent-token-0123456789", {
      status: 400,
      body: { error: { code: "bad_request", message: ACCOUNT_MESSAGES.activationInvalid } },
    });
    await user.click(screen.getByRole("button", { name: "Activate" }));
    expect((await screen.findByTestId("activate-failed")).textContent).toBe(ACCOUNT_MESSAGES.activationInvalid);
    expect(screen.getByRole("link", { name: "Resend Activation Link" }).getAttribute("href")).toBe("/register/resend");
  });

  it("a link without a token is invalid at once", () => {
    const { sent } = renderActivate(undefined);
    expect(screen.getByTestId("activate-failed").textContent).toBe(ACCOUNT_MESSAGES.activationInvalid);
    expect(sent).toEqual([]);
  });
});

describe("resend activation form", () => {
  it("has the spec's field and buttons, and shows the reply's message", async () => {
    const sent = serve({ "/register/resend": ok(ACCOUNT_MESSAGES.activationResent) });
    const go = vi.fn();
    render(<ResendActivationPage email="a@b.co" go={go} />);
    const user = userEvent.setup();
    expect((screen.getByLabelText("E-Mail Address") as HTMLInputElement).value).toBe("a@b.co");
    await user.click(screen.getByRole("button", { name: "Resend Activation Link" }));
    expect((await screen.findByTestId("resend-outcome")).textContent).toBe(ACCOUNT_MESSAGES.activationResent);
    expect(sent).toEqual([{ url: "/register/resend", method: "POST", json: { email: "a@b.co" } }]);
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(go).toHaveBeenCalledWith("/login");
  });

  it("shows a second request within a minute by its message", async () => {
    serve({
      "/register/resend": {
        status: 429,
        body: { error: { code: "too_many_requests", message: ACCOUNT_MESSAGES.tooSoon } },
      },
    });
    render(<ResendActivationPage email="a@b.co" go={vi.fn()} />);
    await userEvent.setup().click(screen.getByRole("button", { name: "Resend Activation Link" }));
    const outcome = await screen.findByTestId("resend-outcome");
    expect(outcome.textContent).toBe(ACCOUNT_MESSAGES.tooSoon);
    expect(outcome.getAttribute("role")).toBe("alert");
  });

  it("checks the address with the spec's message", async () => {
    const sent = serve({});
    render(<ResendActivationPage go={vi.fn()} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("E-Mail Address"), "nope");
    await user.click(screen.getByRole("button", { name: "Resend Activation Link" }));
    expect(screen.getByTestId("field-error").textContent).toBe(ACCOUNT_MESSAGES.invalidEmail);
    expect(sent).toEqual([]);
  });
});

describe("free trial", () => {
  const FORM: FreeTrialFormReply = {
    token: "f".repeat(43),
    licence_types: [
      { id: 1, code: "ATPL(A)", title: "ATPL (Aeroplanes)" },
      { id: 2, code: "CPL(A)", title: "CPL (Aeroplanes)" },
    ],
    preferences: [
      { id: 1, type: "product_news", text: "News about Preflight" },
      { id: 3, type: "content_updates", text: "New lessons" },
    ],
  };

  async function renderTrial(post = ok(ACCOUNT_MESSAGES.freeTrialSuccess)) {
    const sent = serve({ "/api/free-trial": { status: 200, body: FORM }, "/free-trial": post });
    const go = vi.fn();
    const clock = manualClock();
    render(
      <SnackbarProvider>
        <FreeTrialPage go={go} clock={clock} />
      </SnackbarProvider>,
    );
    await screen.findByTestId("free-trial-form");
    return { sent, go, clock, user: userEvent.setup() };
  }

  it("has the spec's fields, one checkbox per preference and the privacy text's link to email preferences", async () => {
    await renderTrial();
    for (const label of ["First name", "Last name", "Email", "Licence Type"])
      expect(screen.getByLabelText(label)).toBeTruthy();
    expect(screen.getAllByRole("checkbox").map((c) => (c as HTMLInputElement).checked)).toEqual([false, false]);
    expect(screen.getByLabelText("News about Preflight")).toBeTruthy();
    expect(screen.getByRole("link", { name: "email preferences" }).getAttribute("href")).toBe(
      "/profile#email-preferences",
    );
    expect(screen.getByRole("button", { name: "Get access" })).toBeTruthy();
  });

  it("requires every field and checks the address", async () => {
    const { sent, user } = await renderTrial();
    await user.type(screen.getByLabelText("Email"), "x@y");
    await user.click(screen.getByRole("button", { name: "Get access" }));
    expect(screen.getAllByTestId("field-error").map((e) => e.textContent)).toEqual([
      "The first name field is required.",
      "The last name field is required.",
      ACCOUNT_MESSAGES.invalidEmail,
      "The licence type field is required.",
    ]);
    expect(document.activeElement).toBe(screen.getByLabelText("First name"));
    expect(sent.filter((s) => s.method === "POST")).toEqual([]);
  });

  it("posts the spec's payload, says exactly the success text and goes to sign in after 5 s", async () => {
    const { sent, go, clock, user } = await renderTrial();
    await user.type(screen.getByLabelText("First name"), "Bessie");
    await user.type(screen.getByLabelText("Last name"), "Coleman");
    await user.type(screen.getByLabelText("Email"), "Bessie@Example.com");
    await user.selectOptions(screen.getByLabelText("Licence Type"), "2");
    await user.click(screen.getByLabelText("New lessons"));
    await user.click(screen.getByRole("button", { name: "Get access" }));
    expect((await screen.findByTestId("free-trial-done")).textContent).toBe(
      "You may now sign in and start accessing the question bank. Please check your e-mail to find your login details.",
    );
    expect(sent.find((s) => s.method === "POST")).toEqual({
      url: "/free-trial",
      method: "POST",
      json: {
        firstname: "Bessie",
        lastname: "Coleman",
        email: "bessie@example.com",
        licence_type_id: 2,
        token: FORM.token,
        emailPreferences: [3],
      },
    });
    act(() => clock.advance(FREE_TRIAL_REDIRECT_DELAY_MS - 1));
    expect(go).not.toHaveBeenCalled();
    act(() => clock.advance(1));
    expect(go).toHaveBeenCalledWith("/login");
  });

  it("shows a refusal in an 'Error' notification", async () => {
    const fields = { licence_type_id: [ACCOUNT_MESSAGES.licenceTypeUnavailable] };
    const { user } = await renderTrial({
      status: 400,
      body: { error: { code: "bad_request", message: "Invalid input", details: { fields } }, errors: fields },
    });
    await user.type(screen.getByLabelText("First name"), "Bessie");
    await user.type(screen.getByLabelText("Last name"), "Coleman");
    await user.type(screen.getByLabelText("Email"), "bessie@example.com");
    await user.selectOptions(screen.getByLabelText("Licence Type"), "1");
    await user.click(screen.getByRole("button", { name: "Get access" }));
    const note = await screen.findByTestId("snackbar");
    expect(note.getAttribute("data-type")).toBe("danger");
    expect(note.textContent).toContain(ACCOUNT_MESSAGES.licenceTypeUnavailable);
    expect(screen.getByLabelText("Licence Type").getAttribute("aria-invalid")).toBe("true");
  });
});
