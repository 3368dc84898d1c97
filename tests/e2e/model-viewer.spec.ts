import { expect, type Page, test } from "@playwright/test";
import { shootAtSizes } from "./support/screenshots.ts";
import { createStudent } from "./support/server-db.ts";
import { signIn, waitUntilReadyOffline } from "./support/student.ts";

/**
 * The 3D model viewer in a lesson (spec study 2, Other): lesson html's
 * `<figure data-model data-environment>` shows the model with its environment lighting, the
 * viewer code arrives only with the first model, and the model, its environment image and the
 * viewer are on the device, so the lesson shows it again offline after a reload.
 */

/** Lesson 010-L2, page 4 'Where the marks go' (fixtures/lessons/010-air-law.json). */
const LESSON_PAGE = "/lesson/2?page=4";
const MODEL = "/models/light-aircraft.glb";

/** The viewer says the model is shown, and model-viewer itself agrees (its `loaded` state). */
async function expectModelShown(page: Page) {
  const viewer = page.getByTestId("model-viewer");
  await expect(viewer).toHaveAttribute("data-state", "loaded", { timeout: 30_000 });
  const element = viewer.locator("model-viewer");
  // React sets src as a property once the element is defined, as an attribute before.
  expect(
    await element.evaluate((el) => {
      const viewer = el as HTMLElement & { loaded: boolean; src: string; environmentImage: string };
      return { loaded: viewer.loaded, src: viewer.src, environment: viewer.environmentImage };
    }),
  ).toEqual({ loaded: true, src: MODEL, environment: "/models/light-aircraft-env.png" });
  await expect(viewer.getByText("Loading 3D model…")).toHaveCount(0);
}

test("a lesson shows its 3D model, and again offline after a reload", async ({ page, context }) => {
  const student = await createStudent("model-viewer");
  await signIn(page, student.email, student.password);
  await waitUntilReadyOffline(page);

  // No other page pays for the viewer: the dashboard has neither the element nor its code.
  const viewerCodeLoaded = () =>
    page.evaluate(
      () =>
        customElements.get("model-viewer") !== undefined ||
        performance.getEntriesByType("resource").some((e) => e.name.includes("/assets/model-viewer")),
    );
  expect(await viewerCodeLoaded()).toBe(false);

  await page.goto(LESSON_PAGE);
  await expect(page.getByRole("heading", { name: "Where the marks go" })).toBeVisible();
  const figure = page.getByTestId("lesson-page").locator("figure[data-model]");
  await expect(figure).toHaveAttribute("data-model", MODEL);
  await expect(figure.locator("figcaption")).toContainText("OE-FLY");
  await expectModelShown(page);
  expect(await viewerCodeLoaded()).toBe(true);
  // The figure's caption is the model's description for screen readers.
  await expect(figure.locator("model-viewer")).toHaveAttribute("alt", /^OE-FLY, a light aeroplane/);
  await shootAtSizes(page, "model-viewer", { focus: page.getByTestId("model-viewer") });
  if (process.env.SHOTS_DIR) {
    // From below: the marks under the left wing, tops of the characters towards the leading edge.
    await figure.locator("model-viewer").evaluate((el) => {
      const viewer = el as HTMLElement & { cameraOrbit: string; jumpCameraToGoal: () => void };
      viewer.cameraOrbit = "180deg 165deg 80%";
      viewer.jumpCameraToGoal();
    });
    await shootAtSizes(page, "model-viewer-below", { focus: page.getByTestId("model-viewer") });
  }

  // Turning pages away and back mounts a fresh viewer.
  await page.getByRole("button", { name: "← Previous" }).click();
  await expect(page.getByTestId("model-viewer")).toHaveCount(0);
  await page.getByRole("button", { name: "Next →" }).click();
  await expectModelShown(page);

  // Offline, after a reload: everything comes from the device and the worker's cache.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Where the marks go" })).toBeVisible();
  await expectModelShown(page);
  await shootAtSizes(page, "model-viewer-offline", { focus: page.getByTestId("model-viewer") });
});

test("a model that cannot be fetched says so", async ({ page }) => {
  const student = await createStudent("model-viewer-missing");
  await signIn(page, student.email, student.password);
  // The device's copy of the lesson names a model the app does not have.
  await page.evaluate(async () => {
    const open = (name: string) =>
      new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    const done = (request: IDBRequest) =>
      new Promise<unknown>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    const device = await open("preflight");
    const [session] = (await done(device.transaction("session").objectStore("session").getAll())) as {
      userId: string;
    }[];
    device.close();
    if (!session) throw new Error("nobody is signed in");
    const user = await open(`preflight-user-${session.userId}`);
    const store = user.transaction("lessonContent", "readwrite").objectStore("lessonContent");
    const lesson = (await done(store.get(2))) as { pages: string[] };
    lesson.pages[3] = (lesson.pages[3] ?? "").replace("/models/light-aircraft.glb", "/models/missing-aircraft.glb");
    await done(store.put(lesson));
    user.close();
  });
  await page.goto(LESSON_PAGE);
  const viewer = page.getByTestId("model-viewer");
  await expect(viewer).toHaveAttribute("data-state", "error", { timeout: 30_000 });
  await expect(viewer).toHaveRole("alert");
  await expect(viewer).toHaveText("The 3D model could not be loaded.");
});
