// @vitest-environment jsdom
import { ACCOUNT_MESSAGES, PROFILE_MESSAGES } from "@preflight/sync-protocol/rules/account-messages";
import { SUBSCRIPTION_MESSAGES } from "@preflight/sync-protocol/schemas/subscription";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Button } from "../../ui/Button.tsx";
import type { UpdatePlan } from "./form.ts";
import { ProfileView, type ProfileViewProps } from "./ProfileView.tsx";
import { CLASS_VIEW, STUDENT_ACCOUNT, STUDENT_VIEW } from "./profile.mock.ts";

const NOW = new Date(2026, 5, 15, 12);

function renderView(change: Partial<ProfileViewProps> = {}) {
  const onUpdate = vi.fn(async (_plan: UpdatePlan) => true);
  const onSavePreferences = vi.fn(async (_ids: number[]) => undefined);
  const props: ProfileViewProps = {
    ...STUDENT_VIEW,
    online: true,
    now: NOW,
    onUpdate,
    onSavePreferences,
    syllabusHelp: <Button variant="plain">Syllabus Choices help</Button>,
    ...change,
  };
  render(<ProfileView {...props} />);
  return { onUpdate, onSavePreferences, user: userEvent.setup({ delay: null }) };
}

const details = () => within(screen.getByTestId("personal-details"));
const describedBy = (input: HTMLElement) =>
  (input.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" | ");

// Typing through user-event is slow on a busy machine: more time than the default 5 s.
describe("the profile page", { timeout: 20_000 }, () => {
  afterEach(cleanup);

  it("shows the personal details, the pending address, and the subscriptions of a student on their own", () => {
    renderView({ account: { ...STUDENT_ACCOUNT, pending_email: "new@preflight.test" } });
    expect(screen.getByTestId("profile-firstname").textContent).toBe("Sam");
    expect(screen.getByTestId("profile-email").textContent).toContain("student@preflight.test");
    expect(screen.getByTestId("profile-pending-email").textContent).toBe(
      "New address new@preflight.test: waiting for confirmation",
    );
    expect(screen.getByTestId("profile-exam").textContent).toBe("ATPL 2020 including example questions");
    expect(screen.getByTestId("profile-update-mode").textContent).toBe("Automatic");
    expect(screen.getByTestId("subscription-status").textContent).toBe("Active");
    expect(screen.getByTestId("subscription-expiry").textContent).toBe("31 Dec 2026");
    expect(screen.getAllByTestId("user-subscription").map((li) => li.textContent)).toEqual([
      "Free trialLength: 7 days25 Dec 2025 –  to 31 Dec 2025",
      "SubscriptionLength: 365 days1 Jan 2026 –  to 31 Dec 2026",
    ]);
    expect(screen.queryByTestId("course-details")).toBeNull();
    expect(screen.queryByTestId("profile-account-number")).toBeNull();
  });

  it("leads to This device, with its changes not sent yet and the last sync", async () => {
    const go = vi.fn();
    const { user } = renderView({ go, device: { pending: 3, lastSyncAt: "2026-06-15T09:30:00Z" } });
    const card = within(screen.getByTestId("this-device"));
    expect(card.getByRole("heading").textContent).toBe("This device");
    expect(card.getByTestId("this-device-pending").textContent).toBe("3");
    expect(card.getByTestId("this-device-last-sync").textContent).toMatch(/^15\/06\/2026 @ \d\d:30$/);
    const link = card.getByRole("link", { name: "Open This device" });
    expect(link.getAttribute("href")).toBe("/device");
    await user.click(link);
    expect(go).toHaveBeenCalledWith("/device");
  });

  it("says Not yet before this device's first sync", () => {
    renderView({ device: { pending: 0, lastSyncAt: null } });
    expect(screen.getByTestId("this-device-last-sync").textContent).toBe("Not yet");
  });

  it("shows the account number of an installed-app account, for licence activation", () => {
    renderView({ account: { ...STUDENT_ACCOUNT, account_number: "40000001" } });
    expect(screen.getByTestId("profile-account-number").textContent).toBe(
      "40000001Enter it with your licence key to activate the installed app.",
    );
  });

  it("a class's student sees Course Details with the module dates and the course dates modal, and no exam selector", async () => {
    const renderCourseDates = vi.fn(({ isOpen }: { isOpen: boolean }) =>
      isOpen ? <div role="dialog">Course dates modal</div> : null,
    );
    const { user } = renderView({ ...CLASS_VIEW, renderCourseDates });
    expect(screen.queryByTestId("subscriptions")).toBeNull();
    expect(screen.getByTestId("course-class").textContent).toBe("ATPL Integrated 2026-A");
    expect(screen.getByTestId("course-school").textContent).toBe("Demo Flight School");
    expect(screen.getByTestId("course-student-id").textContent).toBe("S-1042");
    expect(screen.getAllByTestId("course-module").map((tr) => tr.textContent)).toEqual([
      "Air Law5 Jan 202627 Feb 2026",
      "Meteorology2 Mar 202624 Apr 2026",
    ]);
    await user.click(screen.getByRole("button", { name: "Course dates" }));
    expect(screen.getByRole("dialog").textContent).toBe("Course dates modal");

    await user.click(details().getByRole("button", { name: "Edit" }));
    expect(details().queryByTestId("profile-exam-select")).toBeNull();
    expect(details().getByTestId("profile-exam-fixed").textContent).toBe("ATPL Integrated");
    expect(details().getByText(PROFILE_MESSAGES.classSyllabus)).toBeTruthy();
  });

  it("Edit, then Cancel puts back the values the device holds", async () => {
    const { user, onUpdate } = renderView();
    await user.click(details().getByRole("button", { name: "Edit" }));
    const first = details().getByLabelText("First name");
    expect(document.activeElement).toBe(first);
    await user.clear(first);
    await user.type(first, "Changed");
    await user.click(details().getByTestId("profile-cancel"));
    expect(screen.getByTestId("profile-firstname").textContent).toBe("Sam");
    await user.click(details().getByRole("button", { name: "Edit" }));
    expect((details().getByLabelText("First name") as HTMLInputElement).value).toBe("Sam");
    expect(onUpdate).not.toHaveBeenCalled();
  });

  it("Update checks the fields with the spec's words, tied to each input, then hands over the writes", async () => {
    const { user, onUpdate } = renderView();
    await user.click(details().getByRole("button", { name: "Edit" }));
    const email = details().getByLabelText("E-mail");
    await user.clear(email);
    await user.type(email, "not-an-address");
    await user.clear(details().getByLabelText("Last name"));
    await user.click(details().getByRole("button", { name: "Update" }));
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(describedBy(email)).toContain(PROFILE_MESSAGES.emailInvalid);
    expect(describedBy(details().getByLabelText("Last name"))).toContain("The last name field is required.");
    // Focus goes to the first field with an error.
    await waitFor(() => expect(document.activeElement).toBe(details().getByLabelText("Last name")));
    expect(onUpdate).not.toHaveBeenCalled();

    await user.clear(email);
    await user.type(email, "student@preflight.test");
    await user.type(details().getByLabelText("Last name"), "Pilot");
    await user.selectOptions(details().getByLabelText("Exam"), "4");
    expect(describedBy(details().getByLabelText("Exam"))).toContain("Some topics have few questions.");
    await user.selectOptions(details().getByLabelText("Update mode"), "1");
    await user.click(details().getByRole("button", { name: "Update" }));
    expect(onUpdate).toHaveBeenCalledWith({
      details: {
        firstname: "Sam",
        lastname: "Pilot",
        email: "student@preflight.test",
        question_bank_id: 4,
        manual_update: 1,
      },
      emailChange: null,
      passwordChange: null,
    });
    // Saved: back to view mode.
    expect(details().getByRole("button", { name: "Edit" })).toBeTruthy();
  });

  it("a new e-mail asks for the current password and goes online; offline it says a connection is needed", async () => {
    const { user, onUpdate } = renderView({ online: false });
    await user.click(details().getByRole("button", { name: "Edit" }));
    const email = details().getByLabelText("E-mail");
    await user.clear(email);
    await user.type(email, "new@preflight.test");
    expect(details().getByTestId("email-needs-connection").textContent).toBe(ACCOUNT_MESSAGES.needsConnection);
    expect(details().getByLabelText("Current password")).toBeTruthy();
    await user.type(details().getByLabelText("Current password"), "preflight");
    await user.click(details().getByRole("button", { name: "Update" }));
    expect(describedBy(email)).toContain(ACCOUNT_MESSAGES.needsConnection);
    expect(onUpdate).not.toHaveBeenCalled();
    cleanup();

    const online = renderView();
    await online.user.click(details().getByRole("button", { name: "Edit" }));
    await online.user.clear(details().getByLabelText("E-mail"));
    await online.user.type(details().getByLabelText("E-mail"), "new@preflight.test");
    await online.user.click(details().getByRole("button", { name: "Update" }));
    expect(describedBy(details().getByLabelText("Current password"))).toContain(
      ACCOUNT_MESSAGES.emailChangeNeedsPassword,
    );
    await online.user.type(details().getByLabelText("Current password"), "preflight");
    await online.user.click(details().getByRole("button", { name: "Update" }));
    expect(online.onUpdate).toHaveBeenCalledWith({
      details: null,
      emailChange: { email: "new@preflight.test", current_password: "preflight" },
      passwordChange: null,
    });
  });

  it("Change Password: its own fields and Cancel; 'Passwords must match' and the 6 characters rule", async () => {
    const { user, onUpdate } = renderView();
    await user.click(details().getByRole("button", { name: "Edit" }));
    await user.click(details().getByRole("button", { name: "Change Password" }));
    const group = within(details().getByRole("group", { name: "Change Password" }));
    await user.type(group.getByLabelText("Current password"), "preflight");
    await user.type(group.getByLabelText("New password"), "abc");
    await user.type(group.getByLabelText("Confirm new password"), "abd");
    await user.click(details().getByRole("button", { name: "Update" }));
    expect(describedBy(group.getByLabelText("New password"))).toContain(PROFILE_MESSAGES.passwordTooShort);
    expect(describedBy(group.getByLabelText("Confirm new password"))).toContain(PROFILE_MESSAGES.passwordsMustMatch);
    expect(onUpdate).not.toHaveBeenCalled();

    // Its own Cancel closes the sub-mode and keeps the edit open.
    await user.click(group.getByRole("button", { name: "Cancel password change" }));
    expect(details().queryByRole("group", { name: "Change Password" })).toBeNull();
    expect(details().getByRole("button", { name: "Update" })).toBeTruthy();

    await user.click(details().getByRole("button", { name: "Change Password" }));
    const again = within(details().getByRole("group", { name: "Change Password" }));
    expect((again.getByLabelText("Current password") as HTMLInputElement).value).toBe("");
    await user.type(again.getByLabelText("Current password"), "preflight");
    await user.type(again.getByLabelText("New password"), "vfr-cruise");
    await user.type(again.getByLabelText("Confirm new password"), "vfr-cruise");
    await user.click(details().getByRole("button", { name: "Update" }));
    expect(onUpdate).toHaveBeenCalledWith({
      details: null,
      emailChange: null,
      passwordChange: { current: "preflight", new: "vfr-cruise", confirmation: "vfr-cruise" },
    });
  });

  it("a refused Update stays in edit mode with what was typed", async () => {
    const { user } = renderView({ onUpdate: async () => false });
    await user.click(details().getByRole("button", { name: "Edit" }));
    await user.type(details().getByLabelText("First name"), "ie");
    await user.click(details().getByRole("button", { name: "Update" }));
    expect((details().getByLabelText("First name") as HTMLInputElement).value).toBe("Samie");
  });

  it("an account linked to an offline installation is told to edit online and has no edit controls", () => {
    renderView({ account: { ...STUDENT_ACCOUNT, offline_account: true } });
    expect(screen.getByTestId("offline-account").textContent).toBe(ACCOUNT_MESSAGES.offlineAccount);
    expect(details().queryByRole("button", { name: "Edit" })).toBeNull();
    expect(screen.queryByTestId("email-preferences-save")).toBeNull();
    for (const box of screen.getAllByRole("checkbox")) expect((box as HTMLInputElement).disabled).toBe(true);
  });

  it("Email Preferences: one labelled checkbox per preference, Save hands over the ticked ids", async () => {
    const { user, onSavePreferences } = renderView();
    const card = within(document.getElementById("email-preferences") as HTMLElement);
    const news = card.getByRole("checkbox", { name: "News about Preflight" }) as HTMLInputElement;
    const offers = card.getByRole("checkbox", { name: "Offers and discounts" }) as HTMLInputElement;
    expect([news.checked, offers.checked]).toEqual([false, true]);
    expect((card.getByRole("button", { name: "Save" }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(news);
    await user.click(offers);
    await user.click(card.getByRole("button", { name: "Save" }));
    expect(onSavePreferences).toHaveBeenCalledWith([1]);
  });

  it("Subscriptions links to /subscribe: Extend, Purchase for a free trial, none without expiry (spec accounts 6)", async () => {
    const go = vi.fn<(href: string) => void>();
    const { user } = renderView({ go });
    const link = within(screen.getByTestId("subscriptions")).getByRole("link", { name: SUBSCRIPTION_MESSAGES.extend });
    expect(link.getAttribute("href")).toBe("/subscribe");
    await user.click(link);
    expect(go).toHaveBeenCalledExactlyOnceWith("/subscribe");
    cleanup();

    renderView({
      account: { ...STUDENT_ACCOUNT, subscription: { ...STUDENT_ACCOUNT.subscription, free_trial: true } },
    });
    expect(within(screen.getByTestId("subscriptions")).getByRole("link").textContent).toBe(
      SUBSCRIPTION_MESSAGES.purchase,
    );
    cleanup();

    renderView({
      account: {
        ...STUDENT_ACCOUNT,
        subscription: { start: "2026-01-01", end: null, no_expiry: true, free_trial: false },
      },
    });
    expect(within(screen.getByTestId("subscriptions")).queryByRole("link")).toBeNull();
  });
});
