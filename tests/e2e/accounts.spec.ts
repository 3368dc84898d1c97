/**
 * The account life cycle through the real UI and a real SMTP receiver (issue 12): a newcomer
 * registers, follows the mailed link, signs in, edits the profile, changes the password, signs
 * out, forgets it and resets it by the mailed link; the installed app's reset by a mailed code;
 * the free trial; resending an activation link. Every mail is read from the receiver and its
 * link or code followed as a student would.
 */
import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { appPathOf, type ReceivedMail, type SmtpReceiver, startMailbox } from "./support/mail.ts";
import { shootAtSizes } from "./support/screenshots.ts";
import { readServerDb } from "./support/server-db.ts";
import { signIn, submitSignIn } from "./support/student.ts";

let mailbox: SmtpReceiver;
test.beforeAll(async () => {
  mailbox = await startMailbox();
});
test.afterAll(async () => {
  await mailbox.close();
});

const newAddress = (who: string) => `${who}-${randomBytes(4).toString("hex")}@example.test`;

/** The mail's one link into the app, checked to point at the app's own origin. */
function linkInto(mail: ReceivedMail, baseURL: string | undefined): string {
  const link = mail.links.find((l) => l.startsWith(baseURL ?? "http://localhost"));
  expect(link, `a link to the app in "${mail.subject}"`).toBeTruthy();
  expect(mail.html).toContain("Preflight");
  expect(mail.text).toContain("Preflight");
  return appPathOf(link as string);
}

function serverUser(email: string) {
  return readServerDb((db) =>
    db.prepare("select firstname, lastname, active, syllabus_id from users where email = ?").get(email),
  ) as { firstname: string; lastname: string; active: number; syllabus_id: number } | undefined;
}

async function register(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/login");
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page).toHaveURL(/\/register$/);
  await page.getByLabel("First name").fill("Robin");
  await page.getByLabel("Last name").fill("Newcomer");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page
    .getByTestId("exam-select")
    .selectOption({ label: "ATPL(A) - 2020 syllabus (including example exam questions)" });
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.getByTestId("register-done")).toBeVisible();
}

async function activate(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.getByTestId("activate").click();
  await expect(page.getByTestId("activate-done")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });
}

async function resetWith(page: Page, password: string): Promise<void> {
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm Password").fill(password);
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByText("Your password has been reset. You may now sign in.")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login/);
}

test("register, activate by mail, sign in, edit the profile, change the password, forget it and reset it by the mailed link", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const email = newAddress("newcomer");

  await register(page, email, "first-pass");
  expect(serverUser(email)).toMatchObject({ active: 0, syllabus_id: 3 });
  const activation = await mailbox.next(email);
  expect(activation.subject).toContain("Preflight");

  // Before the link is followed the account says it is not active and offers the resend.
  await submitSignIn(page, email, "first-pass");
  await expect(page.getByText("Your account has not been activated yet.", { exact: false })).toBeVisible();
  await expect(page.getByRole("link", { name: "Resend Activation Link" })).toBeVisible();

  await activate(page, linkInto(activation, baseURL));
  expect(serverUser(email)?.active).toBe(1);
  await signIn(page, email, "first-pass");

  // Profile: edit a name; the change is a queued write the server applies.
  await page.getByTestId("nav-profile").click();
  await expect(page.getByTestId("profile-email")).toContainText(email);
  await page.getByTestId("profile-edit").click();
  await page.getByTestId("profile-form").getByLabel("First name").fill("Robyn");
  await page.getByTestId("profile-update").click();
  await expect(page.getByText("Your profile details have been updated.")).toBeVisible();
  await expect(page.getByTestId("profile-firstname")).toHaveText("Robyn");
  await expect.poll(() => serverUser(email)?.firstname, { timeout: 15_000 }).toBe("Robyn");

  // Change Password: asks for the current one; online only.
  await page.getByTestId("profile-edit").click();
  await page.getByTestId("change-password-open").click();
  await page.getByLabel("Current password").fill("first-pass");
  await page.getByLabel("New password", { exact: true }).fill("second-pass");
  await page.getByLabel("Confirm new password").fill("second-pass");
  await page.getByTestId("profile-update").click();
  await expect(page.getByText("Your profile details have been updated.").first()).toBeVisible();
  await signOut(page);

  // Forgotten password, online: the mail carries a link to the reset form (field 'Username').
  await page.getByRole("link", { name: "Forgotten your password?" }).click();
  // The sign-in form, also with an 'E-mail' field, stays until the page's code has come.
  await expect(page.getByRole("heading", { name: "Forgotten password" })).toBeVisible();
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Send Password Reset Link" }).click();
  await expect(
    page.getByText("If that address has an account, we have e-mailed it a link to reset your password."),
  ).toBeVisible();
  const reset = await mailbox.next(email);
  await page.goto(linkInto(reset, baseURL));
  await expect(page.getByLabel("Username")).toHaveValue(email);
  await resetWith(page, "third-pass");

  // The old password no longer signs in; the new one does.
  await submitSignIn(page, email, "second-pass");
  await expect(page.getByText("These credentials do not match our records.")).toBeVisible();
  await submitSignIn(page, email, "third-pass");
  await expect(page).toHaveURL(/\/(sync|dashboard|update)$/);
  await expect(page.getByText(/questions are on this device/)).toBeVisible({ timeout: 60_000 });

  // The link is single use.
  await page.goto(linkInto(reset, baseURL));
  await page.getByLabel("Password", { exact: true }).fill("fourth-pass");
  await page.getByLabel("Confirm Password").fill("fourth-pass");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByText("This password reset token is invalid or has expired.").first()).toBeVisible();
});

test("the installed app's reset: the mail carries a code typed into the token field", async ({ page }) => {
  const { email } = await registerActivated(page, "offline-reset");
  await page.goto("/password/forgot?offline=1");
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Send Password Reset Code" }).click();
  await expect(page).toHaveURL(/\/password\/reset\?offline=1/, { timeout: 10_000 });
  const mail = await mailbox.next(email);
  const code = /\b([23456789A-HJKMNP-Z]{4}-?[23456789A-HJKMNP-Z]{4})\b/.exec(mail.text)?.[1];
  expect(code, "a reset code in the mail").toBeTruthy();
  await expect(page.getByLabel("E-mail")).toHaveValue(email);
  // Typed as a student might: lower case.
  await page.getByLabel("Token").fill((code as string).toLowerCase());
  await resetWith(page, "by-the-code");
  await submitSignIn(page, email, "by-the-code");
  await expect(page).toHaveURL(/\/(sync|dashboard|update)$/);
});

test("free trial: Get access, the login details by mail, a password chosen from the link, then sign in", async ({
  page,
  baseURL,
}) => {
  const email = newAddress("trial");
  await page.goto("/login");
  await page.getByRole("link", { name: "Start a free trial" }).click();
  await page.getByLabel("First name").fill("Tess");
  await page.getByLabel("Last name").fill("Trial");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByTestId("licence-type-select").selectOption({ index: 1 });
  await page.getByRole("button", { name: "Get access" }).click();
  await expect(
    page.getByText(
      "You may now sign in and start accessing the question bank. Please check your e-mail to find your login details.",
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });
  const subscription = readServerDb((db) =>
    db
      .prepare(
        "select s.kind, s.length_days from user_subscriptions s join users u on u.id = s.user_id where u.email = ?",
      )
      .all(email),
  );
  expect(subscription).toEqual([{ kind: "free_trial", length_days: 7 }]);

  const welcome = await mailbox.next(email);
  expect(welcome.text).toContain(email);
  await page.goto(linkInto(welcome, baseURL));
  await resetWith(page, "trial-pass");
  await submitSignIn(page, email, "trial-pass");
  await expect(page).toHaveURL(/\/(sync|dashboard|update)$/);
});

test("resend activation: a new link replaces the first, and it activates the account", async ({ page, baseURL }) => {
  const email = newAddress("resend");
  await register(page, email, "resend-pass");
  const first = await mailbox.next(email);

  await submitSignIn(page, email, "resend-pass");
  await page.getByRole("link", { name: "Resend Activation Link" }).click();
  await expect(page.getByLabel("E-Mail Address")).toHaveValue(email);
  await page.getByRole("button", { name: "Resend Activation Link" }).click();
  await expect(page.getByTestId("resend-outcome")).toContainText(
    "If that address has an account waiting for activation, we have sent it a new activation link.",
  );
  const second = await mailbox.next(email);

  // The first link was retired by the second.
  await page.goto(linkInto(first, baseURL));
  await page.getByTestId("activate").click();
  await expect(page.getByTestId("activate-failed")).toBeVisible();
  await shootAtSizes(page, "account-activate-invalid");

  await activate(page, linkInto(second, baseURL));
  await submitSignIn(page, email, "resend-pass");
  await expect(page).toHaveURL(/\/(sync|dashboard|update)$/);
});

/** A registered, activated account of its own for a spec. */
async function registerActivated(page: Page, who: string): Promise<{ email: string; password: string }> {
  const email = newAddress(who);
  const password = "start-pass";
  await register(page, email, password);
  await activate(page, appPathOf((await mailbox.next(email)).links[0] as string));
  return { email, password };
}
