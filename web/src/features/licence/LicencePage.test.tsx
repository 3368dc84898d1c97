// @vitest-environment jsdom
import "fake-indexeddb/auto";
import { LEGACY_MIGRATION_PATH, LICENCE_MESSAGES } from "@preflight/sync-protocol/schemas/licence";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { installReference } from "../../local/store/installation.ts";
import { SnackbarProvider } from "../../ui/snackbar/SnackbarProvider.tsx";
import { LicencePage } from "./LicencePage.tsx";

type Reply = { status: number; body: unknown };
interface Sent {
  url: string;
  json: unknown;
}

const VALIDATED: Reply = {
  status: 200,
  body: {
    valid: true,
    licence_type: { id: 1, code: "ATPL(A)", title: "Airline Transport Pilot Licence (Aeroplane)" },
    seats: 3,
    seats_used: 0,
    expires_at: "2031-12-31",
  },
};
const ACTIVATED: Reply = {
  status: 200,
  body: { activated: true, new_seat: true, seats: 3, seats_used: 1, expires_at: "2031-12-31" },
};
const APP_ACTIVATED: Reply = { status: 200, body: { success: true, redirect: LEGACY_MIGRATION_PATH } };
const refused = (status: number, code: string, message: string, errors?: Record<string, string[]>): Reply => ({
  status,
  body: { error: { code, message, ...(errors ? { details: { fields: errors } } : {}) }, ...(errors ? { errors } : {}) },
});

/** A fetch that answers each path from `replies` and records what was sent. */
function serve(replies: Record<string, Reply>) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      sent.push({ url, json: init.body ? JSON.parse(String(init.body)) : undefined });
      const reply = replies[url] ?? { status: 404, body: { error: { code: "not_found", message: "Not found" } } };
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { "Content-Type": "application/json" },
      });
    }),
  );
  return sent;
}

function renderPage(replies: Record<string, Reply>) {
  const sent = serve(replies);
  const go = vi.fn();
  render(
    <SnackbarProvider>
      <LicencePage go={go} />
    </SnackbarProvider>,
  );
  return { sent, go, user: userEvent.setup() };
}

const keyBox = () => screen.getByLabelText("Licence key") as HTMLInputElement;
const numberBox = () => screen.getByLabelText("Account number") as HTMLInputElement;
const activate = () => screen.getByRole("button", { name: "Activate" });

async function notification() {
  const note = await screen.findByTestId("snackbar");
  return { type: note.getAttribute("data-type"), text: note.textContent ?? "" };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("licence activation page", () => {
  it("shows Account number, Licence key and Activate", () => {
    renderPage({});
    expect(numberBox()).toBeTruthy();
    expect(keyBox()).toBeTruthy();
    expect(activate()).toBeTruthy();
  });

  it("upper-cases the key and inserts the dashes as it is typed, stopping at 16 characters", async () => {
    const { user } = renderPage({});
    await user.type(keyBox(), "pfdm");
    expect(keyBox().value).toBe("PFDM");
    await user.type(keyBox(), "v");
    expect(keyBox().value).toBe("PFDM-V");
    await user.type(keyBox(), "alidkey3seaXYZ");
    expect(keyBox().value).toBe("PFDM-VALI-DKEY-3SEA");
  });

  it("reformats a pasted key", async () => {
    const { user } = renderPage({});
    await user.click(keyBox());
    await user.paste("pfdm vali dkey 3sea");
    expect(keyBox().value).toBe("PFDM-VALI-DKEY-3SEA");
  });

  it("says 'Enter a licence key and account number', titled Missing data, and sends nothing when either is empty", async () => {
    const { sent, user } = renderPage({});
    await user.type(keyBox(), "PFDMVALIDKEY3SEA");
    await user.click(activate());
    const note = await notification();
    expect(note.type).toBe("danger");
    expect(note.text).toContain("Missing data");
    expect(note.text).toContain(LICENCE_MESSAGES.missingData);
    expect(sent).toEqual([]);
  });

  it("says what a key looks like when it is left half typed, and refuses it on Activate", async () => {
    const { sent, user } = renderPage({});
    await user.type(numberBox(), "40000001");
    await user.type(keyBox(), "PFDM-VAL");
    await user.tab();
    expect(screen.getByText(LICENCE_MESSAGES.keyShape)).toBeTruthy();
    expect(keyBox().getAttribute("aria-invalid")).toBe("true");
    // The message does not pull the focus back to the key.
    expect(document.activeElement).not.toBe(keyBox());
    await user.type(keyBox(), "I");
    expect(keyBox().getAttribute("aria-invalid")).toBeNull();
    await user.type(keyBox(), "{Backspace}");
    await user.click(activate());
    expect(sent).toEqual([]);
  });

  it("refuses an account number that is not 8 digits before sending", async () => {
    const { sent, user } = renderPage({});
    await user.type(numberBox(), "4000");
    await user.type(keyBox(), "PFDMVALIDKEY3SEA");
    await user.click(activate());
    expect(await screen.findByText(LICENCE_MESSAGES.accountNumberShape)).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it("validates, activates this installation, activates the app and follows the redirect", async () => {
    const { sent, go, user } = renderPage({
      "/licence/validate": VALIDATED,
      "/licence/activate": ACTIVATED,
      "/app/activate": APP_ACTIVATED,
    });
    await user.type(numberBox(), "40000001");
    await user.type(keyBox(), "pfdmvalidkey3sea");
    await user.click(activate());
    await waitFor(() => expect(go).toHaveBeenCalledWith(LEGACY_MIGRATION_PATH));
    const install = await installReference();
    expect(sent).toEqual([
      { url: "/licence/validate", json: { licence_key: "PFDM-VALI-DKEY-3SEA" } },
      {
        url: "/licence/activate",
        json: { licence_key: "PFDM-VALI-DKEY-3SEA", install_reference: install, account_number: "40000001" },
      },
      { url: "/app/activate", json: { licence_key: "PFDM-VALI-DKEY-3SEA", install_reference: install } },
    ]);
  });

  it("titles a refused licence Invalid, with the server's message, and stays on the page", async () => {
    const { go, user } = renderPage({
      "/licence/validate": VALIDATED,
      "/licence/activate": refused(422, "licence_invalid", LICENCE_MESSAGES.usedUp(3)),
    });
    await user.type(numberBox(), "40000001");
    await user.type(keyBox(), "PFDMVALIDKEY3SEA");
    await user.click(activate());
    const note = await notification();
    expect(note.type).toBe("danger");
    expect(note.text).toContain("Invalid");
    expect(note.text).toContain(LICENCE_MESSAGES.usedUp(3));
    expect(go).not.toHaveBeenCalled();
  });

  it("titles any other failure Error: a server fault, or too many attempts", async () => {
    const { user } = renderPage({
      "/licence/validate": refused(429, "too_many_requests", "Too many attempts. Please wait 1 minute and try again."),
    });
    await user.type(numberBox(), "40000001");
    await user.type(keyBox(), "PFDMVALIDKEY3SEA");
    await user.click(activate());
    const note = await notification();
    expect(note.text).toContain("Error");
    expect(note.text).toContain("Too many attempts");
  });

  it("shows the server's field message on its field", async () => {
    const { user } = renderPage({
      "/licence/validate": refused(400, "bad_request", `licence_key: ${LICENCE_MESSAGES.keyShape}`, {
        licence_key: [LICENCE_MESSAGES.keyShape],
      }),
    });
    await user.type(numberBox(), "40000001");
    await user.type(keyBox(), "PFDMVALIDKEY3SEA");
    await user.click(activate());
    await waitFor(() => expect(keyBox().getAttribute("aria-invalid")).toBe("true"));
  });
});
