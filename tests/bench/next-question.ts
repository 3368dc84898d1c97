/**
 * Next / previous question: from the arrow key to the new question painted, in Debian's
 * Chromium against a server of its own (a temporary SQLite file, a free port), in a 40-question
 * after_test quiz (the simple chooser, whose count and seed are fixed).
 *
 * Needs the built app: run `npm run build` first (the server serves web/dist).
 *
 * Each move is timed inside the page: performance.now() just before the keydown is dispatched,
 * a MutationObserver on the question number, and the time taken at the first
 * requestAnimationFrame after the number changes (the frame that paints the new question).
 */
import { pathToFileURL } from "node:url";
import { type Browser, chromium, type Page } from "playwright-core";
import type { BenchRow } from "./run.ts";
import { CHROMIUM_ARGS, startServer } from "./server.ts";
import { percentile } from "./stats.ts";

const MOVES = 200;
const TOTAL = 40;
const SEED = 4;
/** Signs in, waits for the bank on the device and a controlling service worker, starts the test. */
async function startPracticeTest(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel("E-mail").fill("student@preflight.test");
  await page.getByLabel("Password").fill("preflight");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/dashboard$/);
  const bank = page.getByText(/questions are on this device/);
  await bank.waitFor({ timeout: 30_000 });
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
    await page.reload();
    await bank.waitFor({ timeout: 30_000 });
  }
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });

  // The quiz chooser: a fixed count and seed, so every run moves through the same 40 questions.
  await page.goto(`${baseUrl}/test/select/quiz?seed=${SEED}`);
  await page.locator("label", { hasText: new RegExp(`^${TOTAL}\\b`) }).click();
  await page.locator("label", { hasText: "After test" }).click();
  await page.getByRole("button", { name: "Start" }).click();
  await page.waitForURL(/\/test\/[0-9a-f-]{36}$/);
  await page.getByTestId("question").locator("label, select, input").first().waitFor();
}

/**
 * The in-page timer, as plain JavaScript (tsx would wrap named inner functions in a helper the
 * page does not have). `__benchMove(key, expected)` waits until the screen takes input (no save
 * or move in flight), dispatches the key and resolves with the milliseconds from just before the
 * keydown to the first animation frame after the question number changed to `expected`.
 */
const IN_PAGE_TIMER = `
window.__benchMove = (key, expected) => new Promise((resolve, reject) => {
  const numberNow = () => document.querySelector("[data-testid=question-number]")?.textContent ?? "";
  const idle = () => {
    const abandon = document.querySelector("[data-testid=abandon]");
    return abandon !== null && !abandon.disabled;
  };
  const timeout = setTimeout(() => reject(new Error("no '" + expected + "' within 5 s (still '" + numberNow() + "')")), 5000);
  const go = () => {
    if (!idle()) return void requestAnimationFrame(go);
    const before = numberNow();
    let started = 0;
    const observer = new MutationObserver(() => {
      const now = numberNow();
      if (now === before) return;
      observer.disconnect();
      requestAnimationFrame(() => {
        const painted = performance.now();
        clearTimeout(timeout);
        if (now !== expected) reject(new Error("moved to '" + now + "', expected '" + expected + "'"));
        else resolve(painted - started);
      });
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    started = performance.now();
    (document.activeElement ?? document.body).dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));
  };
  go();
});
`;

function timeMove(page: Page, key: "ArrowRight" | "ArrowLeft", expected: string): Promise<number> {
  return page.evaluate(
    ([key, expected]) =>
      (window as unknown as { __benchMove: (k: string, e: string) => Promise<number> }).__benchMove(key, expected),
    [key, expected] as const,
  );
}

export async function nextQuestion(): Promise<BenchRow[]> {
  const server = await startServer("next-question");
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: CHROMIUM_ARGS,
    });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: "allow" });
    const page = await context.newPage();
    await startPracticeTest(page, server.baseUrl);
    await page.evaluate(IN_PAGE_TIMER);

    // Alternating runs: right to the last question, left back to the first, and so on.
    const times: number[] = [];
    let position = 1;
    let direction: 1 | -1 = 1;
    for (let i = 0; i < MOVES; i++) {
      if (position + direction < 1 || position + direction > TOTAL) direction = direction === 1 ? -1 : 1;
      position += direction;
      const expected = `Question ${String(position).padStart(3, "0")} / ${String(TOTAL).padStart(3, "0")}`;
      times.push(await timeMove(page, direction === 1 ? "ArrowRight" : "ArrowLeft", expected));
    }
    const sorted = [...times].sort((a, b) => a - b);
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    const measure = (what: string) => `${what}, ${MOVES} arrow-key moves (40-question test)`;
    return [
      { bench: "next question (Chromium)", measure: measure("p50"), value: ms(percentile(sorted, 50)) },
      {
        bench: "next question (Chromium)",
        measure: measure("p95"),
        value: ms(percentile(sorted, 95)),
        target: "< 50 ms p95",
      },
      { bench: "next question (Chromium)", measure: measure("max"), value: ms(sorted[sorted.length - 1] as number) },
    ];
  } finally {
    await browser?.close();
    await server.stop();
  }
}

// `node --import tsx tests/bench/next-question.ts` runs this bench alone.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const row of await nextQuestion())
    console.log(`${row.measure}: ${row.value}${row.target ? ` (target ${row.target})` : ""}`);
}
