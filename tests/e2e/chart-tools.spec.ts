import type { Locator, Page } from "@playwright/test";
import { checkScreen } from "./support/axe.ts";
import { expect, FRESH_DEVICE, test } from "./support/shared-device.ts";
import { signIn, waitUntilReadyOffline } from "./support/student.ts";
import { goToAnnexImage, startTest } from "./support/test-taking.ts";

/**
 * The chart tools over the enlarged annex image (issue 19): the ruler takes its scale from two
 * points a known number of image pixels apart, then measures a second, known distance within
 * 2 %, with the image turned and zoomed in between; the protractor reads known bearings from
 * chart north and from a line, before and after a pinch. The ruler is worked with the mouse,
 * the protractor with touch and the keyboard.
 *
 * The points are placed at known IMAGE coordinates of a real annex image of the demo bank. The
 * test works out where they are on screen by itself, from the picture's rendered box (its
 * centre, its layout size, `object-fit: contain`, the turn and the zoom), not with the app's
 * code.
 */

/** Seed 4 of the demo bank, 40 questions: an annex image at question 3 (question-types.spec.ts). */
const SEED = 4;
const TOTAL = 40;

test.use({ hasTouch: true });

interface Picture {
  natural: { width: number; height: number };
  centre: { x: number; y: number };
  fit: number;
}

/** Where the picture is now, once it has stopped turning and zooming. */
async function picture(image: Locator): Promise<Picture> {
  await expect.poll(() => image.evaluate((img) => img.getAnimations().length)).toBe(0);
  return image.evaluate((img: HTMLImageElement) => {
    const box = img.getBoundingClientRect();
    return {
      natural: { width: img.naturalWidth, height: img.naturalHeight },
      centre: { x: box.left + box.width / 2, y: box.top + box.height / 2 },
      fit: Math.min(img.offsetWidth / img.naturalWidth, img.offsetHeight / img.naturalHeight),
    };
  });
}

/** The screen position of image point `p` (fractions of the picture's width and height). */
function onScreen(pic: Picture, p: { x: number; y: number }, angle: number, zoom: number) {
  const dx = (p.x - 0.5) * pic.natural.width * pic.fit * zoom;
  const dy = (p.y - 0.5) * pic.natural.height * pic.fit * zoom;
  const r = (angle * Math.PI) / 180;
  return {
    x: pic.centre.x + dx * Math.cos(r) - dy * Math.sin(r),
    y: pic.centre.y + dx * Math.sin(r) + dy * Math.cos(r),
  };
}

function imageDistance(pic: Picture, a: { x: number; y: number }, b: { x: number; y: number }): number {
  return Math.hypot((b.x - a.x) * pic.natural.width, (b.y - a.y) * pic.natural.height);
}

async function openAnnex(page: Page): Promise<Locator> {
  await startTest(page, { display: "After choice", count: TOTAL, seed: SEED });
  await goToAnnexImage(page);
  await page.getByRole("button", { name: "Enlarge annex" }).click();
  const viewer = page.getByTestId("image-viewer");
  await expect(viewer).toBeVisible();
  const image = viewer.getByTestId("viewer-image");
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  return viewer;
}

test("the ruler measures a known distance within 2 %, turned and zoomed; the protractor reads known bearings by touch and keyboard", {
  tag: FRESH_DEVICE,
}, async ({ page }) => {
  await signIn(page);
  await waitUntilReadyOffline(page);
  const viewer = await openAnnex(page);
  const image = viewer.getByTestId("viewer-image");
  const reading = viewer.getByTestId("chart-reading");
  await expect(reading).toHaveRole("status");

  // Ruler, with the mouse. The scale: two points 0.5 of the picture's width apart "are" 20 NM.
  const ruler = viewer.getByRole("button", { name: "Ruler" });
  await expect(ruler).toHaveAttribute("aria-pressed", "false");
  await ruler.click();
  await expect(ruler).toHaveAttribute("aria-pressed", "true");
  await expect(reading).toHaveText("Set the scale: tap both ends of a known length on the scale bar (0 of 2).");
  let pic = await picture(image);
  const scaleA = { x: 0.2, y: 0.25 };
  const scaleB = { x: 0.7, y: 0.25 };
  for (const p of [scaleA, scaleB]) {
    const at = onScreen(pic, p, 0, 1);
    await page.mouse.click(at.x, at.y);
  }
  await expect(viewer.getByTestId("ruler-point-2")).toHaveCount(1);
  const setScale = viewer.getByRole("button", { name: "Set scale" });
  await expect(setScale).toBeDisabled();
  await viewer.getByLabel("Length").fill("20");
  await viewer.getByLabel("Unit").selectOption("NM");
  await setScale.click();
  await expect(reading).toHaveText("Tap two points to measure between them (0 of 2).");

  // Turned a quarter right and zoomed once (x1.5): the same chart, so the same scale.
  await viewer.getByRole("button", { name: "Rotate right" }).click();
  await viewer.getByRole("button", { name: "Zoom in" }).click();
  await expect(viewer.getByTestId("viewer-stage")).toHaveAttribute("data-zoom", "1.5");
  pic = await picture(image);
  const from = { x: 0.35, y: 0.3 };
  const to = { x: 0.6, y: 0.75 };
  for (const p of [from, to]) {
    const at = onScreen(pic, p, 90, 1.5);
    await page.mouse.click(at.x, at.y);
  }
  await expect(reading).toHaveText(/^Distance: [\d.]+ NM$/);
  const measured = Number(/([\d.]+) NM/.exec((await reading.textContent()) ?? "")?.[1]);
  const expected = (20 * imageDistance(pic, from, to)) / imageDistance(pic, scaleA, scaleB);
  const error = Math.abs(measured - expected) / expected;
  console.log(
    `ruler: measured ${measured} NM, expected ${expected.toFixed(3)} NM, error ${(error * 100).toFixed(2)} %`,
  );
  expect(error).toBeLessThan(0.02);

  // Dragging the second point to a new known spot measures again.
  const dragFrom = onScreen(pic, to, 90, 1.5);
  const moved = { x: 0.7, y: 0.5 };
  const dragTo = onScreen(pic, moved, 90, 1.5);
  await page.mouse.move(dragFrom.x, dragFrom.y);
  await page.mouse.down();
  await page.mouse.move((dragFrom.x + dragTo.x) / 2, (dragFrom.y + dragTo.y) / 2, { steps: 4 });
  await page.mouse.move(dragTo.x, dragTo.y, { steps: 4 });
  await page.mouse.up();
  const movedExpected = (20 * imageDistance(pic, from, moved)) / imageDistance(pic, scaleA, scaleB);
  await expect
    .poll(async () => Number(/([\d.]+) NM/.exec((await reading.textContent()) ?? "")?.[1]))
    .toBeCloseTo(movedExpected, 0);
  const text = (await reading.textContent()) ?? "";
  const movedMeasured = Number(/([\d.]+) NM/.exec(text)?.[1]);
  console.log(`ruler, point dragged: measured ${movedMeasured} NM, expected ${movedExpected.toFixed(3)} NM`);
  expect(Math.abs(movedMeasured - movedExpected) / movedExpected).toBeLessThan(0.02);

  // Both themes, three sizes (axe at two): the points are in image coordinates, so after the
  // window changed size the reading is the same.
  expect(await checkScreen(page, "chart-ruler", { fullPage: false })).toEqual([]);
  await expect(reading).toHaveText(text);

  // Protractor, by touch, back at no turn and no zoom.
  await viewer.getByRole("button", { name: "Rotate left" }).click();
  await viewer.getByRole("button", { name: "Zoom out" }).click();
  const protractor = viewer.getByRole("button", { name: "Protractor" });
  await protractor.click();
  await expect(protractor).toHaveAttribute("aria-pressed", "true");
  await expect(ruler).toHaveAttribute("aria-pressed", "false");
  pic = await picture(image);
  const centre = { x: 0.5, y: 0.5 };
  /** A point `degrees` clockwise from up the picture, 0.3 of its height from the centre. */
  const towards = (degrees: number) => {
    const r = 0.3 * pic.natural.height;
    const rad = (degrees * Math.PI) / 180;
    return {
      x: centre.x + (r * Math.sin(rad)) / pic.natural.width,
      y: centre.y - (r * Math.cos(rad)) / pic.natural.height,
    };
  };
  const tap = async (p: { x: number; y: number }) => {
    const at = onScreen(pic, p, 0, 1);
    await page.touchscreen.tap(at.x, at.y);
  };
  await expect(reading).toHaveText(/^Tap the centre/);
  await tap(centre);
  await tap(towards(60));
  await expect(reading).toHaveText("Bearing: 060°");
  await tap(centre);
  await tap(towards(300));
  await expect(reading).toHaveText("Bearing: 300°");

  // By keyboard: Tab from the panel to the chart, Enter places the centre at the cross (the
  // middle of the image), the arrows move it 50 px up and 50 px right, Enter reads 045.
  await viewer.getByRole("button", { name: "Clear" }).focus();
  await page.keyboard.press("Tab");
  const chart = viewer.getByRole("application");
  await expect(chart).toBeFocused();
  await expect(viewer.getByTestId("keyboard-cross")).toHaveCount(1);
  await page.keyboard.press("Enter");
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowRight");
  }
  await page.keyboard.press("Enter");
  await expect(reading).toHaveText("Bearing: 045°");

  // From a line: east on the picture as the reference, a target at 150: 060 from the line.
  await viewer.getByRole("button", { name: "A line" }).click();
  await expect(viewer.getByRole("button", { name: "A line" })).toHaveAttribute("aria-pressed", "true");
  await tap(centre);
  await tap(towards(90));
  await tap(towards(150));
  await expect(reading).toHaveText("Angle from the line: 060°");
  expect(await checkScreen(page, "chart-protractor", { fullPage: false })).toEqual([]);
  await expect(reading).toHaveText("Angle from the line: 060°");

  // Two fingers 100 px apart spread to 150 px: the image zooms about x1.5, the reading stays,
  // and taps on the zoomed image read as before.
  const cdp = await page.context().newCDPSession(page);
  const middle = onScreen(pic, centre, 0, 1);
  const fingers = (apart: number) => [
    { x: middle.x - apart / 2, y: middle.y + 40, id: 1 },
    { x: middle.x + apart / 2, y: middle.y + 40, id: 2 },
  ];
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: fingers(100) });
  for (let apart = 110; apart <= 150; apart += 10)
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: fingers(apart) });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  const stage = viewer.getByTestId("viewer-stage");
  await expect.poll(async () => Number(await stage.getAttribute("data-zoom"))).toBeGreaterThan(1.4);
  const pinched = Number(await stage.getAttribute("data-zoom"));
  expect(pinched).toBeLessThan(1.6);
  await expect(reading).toHaveText("Angle from the line: 060°");
  pic = await picture(image);
  const tapZoomed = async (p: { x: number; y: number }) => {
    const at = onScreen(pic, p, 0, pinched);
    await page.touchscreen.tap(at.x, at.y);
  };
  await tapZoomed(centre);
  await tapZoomed(towards(90));
  await tapZoomed(towards(200));
  await expect(reading).toHaveText("Angle from the line: 110°");

  // Switching the tool off leaves the image as it was: no drawing, no panel.
  await protractor.click();
  await expect(viewer.getByTestId("chart-overlay")).toHaveAttribute("data-tool", "none");
  await expect(reading).toHaveText("");
});
