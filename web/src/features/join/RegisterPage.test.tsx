// @vitest-environment jsdom
import { ACCOUNT_MESSAGES } from "@preflight/sync-protocol/rules/account-messages";
import type { RegistrationFormReply } from "@preflight/sync-protocol/schemas/accounts";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SnackbarProvider } from "../../ui/snackbar/SnackbarProvider.tsx";
import { RegisterPage } from "./RegisterPage.tsx";

const TOKEN = "t".repeat(43);
const FORM: RegistrationFormReply = {
  _token: TOKEN,
  schools: [{ id: 1, name: "Preflight" }],
  syllabi: [
    { id: 11, title: "ATPL 2020 including example questions", warning: null, school_id: 1 },
    { id: 12, title: "ATPL pre-2020", warning: "Only for exams started before 2020.", school_id: 1 },
  ],
};

interface Sent {
  url: string;
  method: string;
  contentType: string | null;
  body: string;
}

/** A fetch that answers GET /api/register with the form and POST /register with `post`. */
function serve(post: { status: number; body: unknown }) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      const body = init.body === undefined || init.body === null ? "" : String(init.body);
      sent.push({ url, method: init.method ?? "GET", contentType: headers.get("content-type"), body });
      const reply = url === "/api/register" ? { status: 200, body: FORM } : post;
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { "Content-Type": "application/json" },
      });
    }),
  );
  return sent;
}

async function renderPage(post: { status: number; body: unknown } = { status: 200, body: {} }) {
  const sent = serve(post);
  const go = vi.fn();
  render(
    <SnackbarProvider>
      <RegisterPage go={go} />
    </SnackbarProvider>,
  );
  await screen.findByTestId("register-form");
  return { sent, go, user: userEvent.setup() };
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText("First name"), "Amelia");
  await user.type(screen.getByLabelText("Last name"), "Earhart");
  await user.type(screen.getByLabelText("E-mail"), "amelia@example.com");
  await user.type(screen.getByLabelText("Password"), "vfr-cruise");
  await user.type(screen.getByLabelText("Confirm password"), "vfr-cruise");
  await user.selectOptions(screen.getByLabelText("Exam"), "12");
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("registration form", () => {
  it("is a form post to /register with the hidden anti-forgery token and the spec's fields", async () => {
    await renderPage();
    const form = screen.getByTestId("register-form");
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe("/register");
    const token = form.querySelector<HTMLInputElement>('input[type="hidden"][name="_token"]');
    expect(token?.value).toBe(TOKEN);
    for (const label of ["First name", "Last name", "E-mail", "Password", "Confirm password", "Exam"])
      expect(screen.getByLabelText(label)).toBeTruthy();
    // ASVS 6.2.6, 6.2.7: masked, and a password manager may offer a new one (paste is never blocked).
    for (const label of ["Password", "Confirm password"]) {
      const field = screen.getByLabelText(label);
      expect(field.getAttribute("type")).toBe("password");
      expect(field.getAttribute("autocomplete")).toBe("new-password");
      expect(field.getAttribute("onpaste")).toBeNull();
    }
    expect(screen.getByRole("button", { name: "Back" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Register" })).toBeTruthy();
  });

  it("lists the exams and shows the chosen one's warning under the selector, tied to it", async () => {
    const { user } = await renderPage();
    const exam = screen.getByLabelText("Exam");
    expect(
      within(exam)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Choose your exam", "ATPL 2020 including example questions", "ATPL pre-2020"]);
    expect(screen.queryByTestId("syllabus-warning")).toBeNull();
    await user.selectOptions(exam, "12");
    const warning = screen.getByTestId("syllabus-warning");
    expect(warning.textContent).toBe("Only for exams started before 2020.");
    const describedBy = exam.getAttribute("aria-describedby") ?? "";
    expect(describedBy.split(" ").some((id) => document.getElementById(id)?.contains(warning))).toBe(true);
    await user.selectOptions(exam, "11");
    expect(screen.queryByTestId("syllabus-warning")).toBeNull();
  });

  it("opens the Syllabus Choices help from the info button", async () => {
    const { user } = await renderPage();
    await user.click(screen.getByRole("button", { name: /Syllabus Choices/ }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole("heading").textContent).toBe("Syllabus Choices");
    expect(dialog.textContent).toContain("2020 excluding example exam questions");
  });

  it("checks the fields with the spec's messages before sending, and focuses the first invalid one", async () => {
    const { sent, user } = await renderPage();
    await user.type(screen.getByLabelText("First name"), "Amelia");
    await user.type(screen.getByLabelText("Last name"), "Earhart");
    await user.type(screen.getByLabelText("E-mail"), "not-an-address");
    await user.type(screen.getByLabelText("Password"), "abc");
    await user.type(screen.getByLabelText("Confirm password"), "abd");
    await user.click(screen.getByRole("button", { name: "Register" }));

    const email = screen.getByLabelText("E-mail");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(email.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      ACCOUNT_MESSAGES.invalidEmail,
    );
    expect(document.activeElement).toBe(email);
    const messages = screen.getAllByTestId("field-error").map((e) => e.textContent);
    expect(messages).toEqual([
      ACCOUNT_MESSAGES.invalidEmail,
      ACCOUNT_MESSAGES.passwordTooShort,
      ACCOUNT_MESSAGES.passwordMismatch,
      ACCOUNT_MESSAGES.examRequired,
    ]);
    expect(ACCOUNT_MESSAGES.passwordTooShort).toBe("Password must be at least 6 characters.");
    expect(sent.filter((s) => s.method === "POST")).toEqual([]);
  });

  it("refuses a common password before sending, with the shared rule's message", async () => {
    const { sent, user } = await renderPage();
    await fillValid(user);
    for (const label of ["Password", "Confirm password"]) {
      await user.clear(screen.getByLabelText(label));
      await user.type(screen.getByLabelText(label), "Password123");
    }
    await user.click(screen.getByRole("button", { name: "Register" }));
    expect(screen.getAllByTestId("field-error").map((e) => e.textContent)).toEqual([
      ACCOUNT_MESSAGES.passwordTooCommon,
    ]);
    expect(document.activeElement).toBe(screen.getByLabelText("Password"));
    expect(sent.filter((s) => s.method === "POST")).toEqual([]);
  });

  it("posts the fields urlencoded, as the form would", async () => {
    const { sent, user } = await renderPage({
      status: 200,
      body: { success: true, message: ACCOUNT_MESSAGES.registered, redirect: "/login" },
    });
    await fillValid(user);
    await user.click(screen.getByRole("button", { name: "Register" }));
    expect((await screen.findByTestId("register-done")).textContent).toBe(ACCOUNT_MESSAGES.registered);
    const post = sent.find((s) => s.method === "POST");
    expect(post?.url).toBe("/register");
    expect(post?.contentType).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(new URLSearchParams(post?.body))).toEqual({
      _token: TOKEN,
      firstname: "Amelia",
      lastname: "Earhart",
      email: "amelia@example.com",
      password: "vfr-cruise",
      password_confirmation: "vfr-cruise",
      syllabus_id: "12",
    });
  });

  it("shows the server's errors object in an 'Error' notification, one message per line, and by the fields", async () => {
    const fields = {
      email: ["That address cannot register."],
      syllabus_id: [ACCOUNT_MESSAGES.examUnavailable],
    };
    const { user } = await renderPage({
      status: 400,
      body: { error: { code: "bad_request", message: "Invalid input", details: { fields } }, errors: fields },
    });
    await fillValid(user);
    await user.click(screen.getByRole("button", { name: "Register" }));
    const note = await screen.findByTestId("snackbar");
    expect(note.getAttribute("data-type")).toBe("danger");
    expect(note.textContent).toContain("Error");
    expect(note.textContent).toContain(`That address cannot register.\n${ACCOUNT_MESSAGES.examUnavailable}`);
    expect(screen.getByLabelText("E-mail").getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(screen.getByLabelText("E-mail"));
  });

  it("shows a refusal without fields (a second request within a minute) by its message", async () => {
    const { user } = await renderPage({
      status: 429,
      body: { error: { code: "too_many_requests", message: ACCOUNT_MESSAGES.tooSoon } },
    });
    await fillValid(user);
    await user.click(screen.getByRole("button", { name: "Register" }));
    expect((await screen.findByTestId("snackbar")).textContent).toContain(ACCOUNT_MESSAGES.tooSoon);
  });

  it("goes back to sign in", async () => {
    const { go, user } = await renderPage();
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(go).toHaveBeenCalledWith("/login");
  });
});
