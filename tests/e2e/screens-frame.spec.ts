/**
 * The app's frame: the public pages' card, the 404 page (signed out and signed in), the header
 * and its navigation at every size, the skip link. Every screen passes axe in both themes.
 */
import { expect, type Page, test } from "@playwright/test";
import { checkScreen } from "./support/axe.ts";
import { createMaintenanceUser } from "./support/server-db.ts";
import { signIn } from "./support/student.ts";

const STUDENT_PLACES = [
  "nav-dashboard",
  "nav-syllabus",
  "nav-practice",
  "nav-exams",
  "nav-fixed",
  "nav-previous",
  "nav-analysis",
  "nav-profile",
];
const MAINTENANCE_PLACES = ["nav-updates", "nav-jobs", "nav-reports", "nav-users"];

/**
 * The first Tab stop is the skip link; following it puts focus on the page's main (`#main` of
 * ui/Page.tsx, or the screen's own `<main>` where a screen does not use Page yet).
 */
async function expectSkipLink(page: Page): Promise<void> {
  await page.locator("body").focus();
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.locator("main").first()).toBeFocused();
}

/** Each place's link is on screen, whole (not clipped by the window) and at least 44 px high. */
async function expectPlacesReachable(page: Page, testIds: string[]): Promise<void> {
  const viewport = page.viewportSize() ?? { width: 0, height: 0 };
  for (const testId of testIds) {
    const link = page.getByTestId(testId);
    await expect(link, testId).toBeVisible();
    await link.scrollIntoViewIfNeeded();
    const box = await link.boundingBox();
    expect(box, testId).not.toBeNull();
    if (!box) continue;
    expect(box.height, `${testId} height`).toBeGreaterThanOrEqual(44);
    expect(box.x, `${testId} left`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${testId} right`).toBeLessThanOrEqual(viewport.width);
    // The label is not cut short ("Flagged questio…").
    expect(await link.evaluate((el) => el.scrollWidth <= el.clientWidth + 1), `${testId} text fits`).toBe(true);
  }
}

test("public pages: sign in (and its error), register, forgotten password, 404 — one card, skip link, no axe violations", async ({
  page,
}) => {
  // Eleven pages, each checked by axe in two themes at two sizes: about 85 s on an idle machine.
  test.setTimeout(240_000);
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await expectSkipLink(page);
  expect(await checkScreen(page, "frame-login")).toEqual([]);

  await page.getByLabel("E-mail").fill("student@preflight.test");
  await page.getByLabel("Password").fill("wrong");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("These credentials do not match our records.");
  const submit = await page.getByRole("button", { name: "Sign in" }).boundingBox();
  expect(submit?.height).toBeGreaterThanOrEqual(44);
  expect(await checkScreen(page, "frame-login-error")).toEqual([]);

  await page.goto("/register");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "First name" })).toBeVisible();
  await expectSkipLink(page);
  expect(await checkScreen(page, "frame-register")).toEqual([]);

  await page.goto("/password/forgot");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await checkScreen(page, "frame-forgot-password")).toEqual([]);

  // The other public pages share the frame: one card, its title the page's one h1, 44 px buttons
  // (the licence pages' own buttons, features/licence, are checked by axe only so far).
  for (const [path, name, buttons44] of [
    ["/free-trial", "frame-free-trial", true],
    ["/activate", "frame-activate", false],
    ["/activate/migration", "frame-migration", false],
    ["/register/resend", "frame-resend-activation", true],
    ["/register/activate", "frame-register-activate", true],
    ["/password/reset", "frame-reset-password", true],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }), path).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Loading" })).toHaveCount(0);
    const shown = buttons44 ? await page.locator("main button:visible, main a[class*=min-h-11]:visible").all() : [];
    for (const button of shown) {
      const box = await button.boundingBox();
      expect(box?.height, `${path} ${await button.textContent()}`).toBeGreaterThanOrEqual(44);
    }
    expect(await checkScreen(page, name), path).toEqual([]);
  }

  await page.goto("/no-such-page");
  await expect(page.getByTestId("not-found")).toHaveText("Page not found");
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  await expectSkipLink(page);
  expect(await checkScreen(page, "frame-404-signed-out")).toEqual([]);
  await page.getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("signed in: the header's navigation at laptop, tablet and phone sizes; the 404 keeps the frame", async ({
  page,
}) => {
  const staff = await createMaintenanceUser("screens-frame");
  await signIn(page, staff.email, staff.password);
  const places = [...STUDENT_PLACES, ...MAINTENANCE_PLACES];
  // Flagged questions is a place when the server switches the feature on.
  if ((await page.getByTestId("nav-flagged").count()) > 0) places.push("nav-flagged");

  // Laptop: the full bar, every place in sight without opening anything.
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(page.getByTestId("nav-menu")).toHaveCount(0);
  await expectPlacesReachable(page, places);
  await expect(page.getByTestId("nav-dashboard")).toHaveAttribute("aria-current", "page");
  await expectSkipLink(page);
  expect(await checkScreen(page, "frame-dashboard")).toEqual([]);

  // Tablet in portrait: the Menu lists every place, the current one marked.
  await page.setViewportSize({ width: 768, height: 1024 });
  await expect(page.getByTestId("nav-dashboard")).toHaveCount(0);
  const header = page.locator("header");
  for (const name of ["Give feedback", "Sign out", "Menu"]) {
    const box = await header.getByRole("button", { name }).boundingBox();
    expect(box?.height, name).toBeGreaterThanOrEqual(44);
    expect((box?.x ?? 0) + (box?.width ?? 0), name).toBeLessThanOrEqual(768);
  }
  await page.getByTestId("nav-menu").click();
  await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
  await expectPlacesReachable(page, places);
  await expect(page.getByTestId("nav-dashboard")).toHaveAttribute("aria-current", "page");
  expect(
    await checkScreen(page, "frame-dashboard-menu", {
      settle: async () => {
        // The laptop has the bar and no Menu; on the smaller sizes the Menu is shown open. Read
        // from the viewport, not from the Menu button, which lingers a frame after a resize.
        const menu = page.getByTestId("nav-menu");
        if ((page.viewportSize()?.width ?? 0) >= 1024) {
          await expect(menu).toHaveCount(0);
          return;
        }
        await expect(menu).toBeVisible();
        if (!(await page.getByRole("dialog", { name: "Menu" }).isVisible())) await menu.click();
        await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
      },
    }),
  ).toEqual([]);
  await page.setViewportSize({ width: 768, height: 1024 });
  if (!(await page.getByRole("dialog", { name: "Menu" }).isVisible())) await page.getByTestId("nav-menu").click();
  await page.getByTestId("nav-syllabus").click();
  await expect(page).toHaveURL(/\/syllabus$/);
  await expect(page.getByRole("dialog", { name: "Menu" })).toHaveCount(0);
  await page.getByTestId("nav-menu").click();
  await expect(page.getByTestId("nav-syllabus")).toHaveAttribute("aria-current", "page");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("nav-menu")).toBeFocused();

  // Phone: feedback and sign out move into the Menu; nothing in the header runs off the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(header.getByRole("button", { name: "Sign out" })).toBeHidden();
  const menuBox = await page.getByTestId("nav-menu").boundingBox();
  expect((menuBox?.x ?? 0) + (menuBox?.width ?? 0)).toBeLessThanOrEqual(390);
  await page.getByTestId("nav-menu").click();
  await expectPlacesReachable(page, places);
  await expect(page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Sign out" })).toBeVisible();
  await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Give feedback" }).click();
  await expect(page.getByRole("dialog", { name: "Menu" })).toHaveCount(0);
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await page.setViewportSize({ width: 1280, height: 800 });

  // An unknown address keeps the signed-in frame: header, navigation, the way back.
  await page.goto("/no-such-page");
  await expect(page.getByTestId("not-found")).toHaveText("Page not found");
  await expect(page.getByTestId("nav-dashboard")).toBeVisible();
  await expectSkipLink(page);
  expect(await checkScreen(page, "frame-404-signed-in")).toEqual([]);
  await page.getByRole("link", { name: "Go to dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
