import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { loadFixtures } from "@preflight/fixtures/index.ts";
import Database from "better-sqlite3";
import { readDeviceStores } from "./support/device-store.ts";
import { E2E_DATABASE, E2E_PORT } from "./support/env.ts";
import { FaultProxy } from "./support/fault-proxy.ts";
import { submitSignIn } from "./support/student.ts";

/**
 * The updater in Chromium through a fault proxy: the first run downloads the bank, a connection
 * cut half-way through a pack resumes with a Range request, a stalled download survives a page
 * reload, every pack is verified, and a revision imported on the server arrives as a delta.
 */
const repoRoot = join(import.meta.dirname, "../..");
const shots = join(repoRoot, "tests/artifacts/screens");
const fixtures = loadFixtures();

interface Pack {
  subject: string;
  version: number;
  packId: string;
  sha256: string;
}

/** The newest full pack of a subject of the demo student's syllabus, read from the server's database. */
function latestFullPack(subject: string): { id: string; version: number } {
  const db = new Database(E2E_DATABASE, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare(
        "select id, version from content_packs where syllabus_id = 3 and subject = ? and kind = 'full' order by version desc limit 1",
      )
      .get(subject) as { id: string; version: number };
  } finally {
    db.close();
  }
}

let proxy: FaultProxy;
test.beforeAll(async () => {
  proxy = await FaultProxy.start(E2E_PORT);
});
test.afterAll(async () => {
  await proxy.stop();
});

test("first run: the bank downloads, a cut connection resumes, a stalled one survives a reload, then a delta arrives", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: proxy.url });
  const page = await context.newPage();
  // Meteorology's full pack (whatever release other specs left it at) stalls a third of the way
  // in, holding the first run on its screen until the screen is checked; then its connection drops.
  const fullPack = latestFullPack("050");
  proxy.cutNext({ path: new RegExp(`^/api/content/packs/${fullPack.id}$`), afterBytes: 6000, times: 1, stall: true });

  await submitSignIn(page);
  await expect(page).toHaveURL(/\/update$/, { timeout: 30_000 });
  await expect(page.getByRole("heading", { name: "Setting up Preflight on this device" })).toBeVisible();
  await expect(page.getByTestId("update-progress")).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByTestId("update-bytes").click();
  await expect(page.getByTestId("update-log")).toBeVisible();
  await page.screenshot({ path: join(shots, "updater-first-run-1280.png"), fullPage: true });
  proxy.releaseStalled();

  // The cut download resumes, everything arrives; the first run then takes the student to the dashboard.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 60_000 });
  await expect(page.getByText(/questions are on this device/)).toBeVisible();

  const meteorology = proxy.packRequests().filter((r) => r.path.endsWith(`/${fullPack.id}`));
  // Every pack request in the message: a count that is off says which pack and which run.
  expect(meteorology, JSON.stringify(proxy.packRequests())).toHaveLength(2);
  expect(meteorology[0]).toMatchObject({ cut: true, range: null });
  const resumedAt = Number(/^bytes=(\d+)-$/.exec(meteorology[1]?.range ?? "")?.[1]);
  expect(resumedAt).toBeGreaterThan(0);
  expect(meteorology[1]?.status).toBe(206);

  // Every pack on the device is the one the manifest names, hash for hash; no download is left over.
  const manifest = (await page.evaluate(() => fetch("/api/content/manifest").then((r) => r.json()))) as {
    packs: { id: string; sha256: string; kind: string }[];
    subjects: { code: string }[];
  };
  const stores = await readDeviceStores(page, ["installedPacks", "packDownloads", "packChunks"]);
  const packs = stores.installedPacks as Pack[];
  expect(packs.map((p) => p.subject).sort()).toEqual(manifest.subjects.map((s) => s.code).sort());
  for (const pack of packs) expect(pack.sha256).toBe(manifest.packs.find((p) => p.id === pack.packId)?.sha256);
  expect(stores.packDownloads).toEqual([]);
  expect(stores.packChunks).toEqual([]);

  // A revision of Meteorology published on the server reaches the device as a delta.
  const bank = structuredClone(fixtures.questions.filter((q) => q.subject === "050"));
  const changed = bank.find((q) => q.editions.includes("2020")) as (typeof bank)[number];
  changed.question = `${changed.question} (revised ${Date.now()})`;
  mkdirSync(join(repoRoot, "tests/artifacts"), { recursive: true });
  const file = join(repoRoot, `tests/artifacts/revision-${E2E_PORT}.json`);
  writeFileSync(file, JSON.stringify(bank));
  const out = execFileSync("node", ["--import", "tsx", "api/src/content/import-cli.ts", file], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: E2E_DATABASE, SEED: "0" },
    encoding: "utf8",
  });
  expect(out).toMatch(/1 changed/);

  // The delta's id: release numbers are shared by every subject, and other specs publish too.
  const revised = (await page.evaluate(() => fetch("/api/content/manifest").then((r) => r.json()))) as {
    packs: { id: string; subject: string; kind: string; base_version: number | null; version: number }[];
  };
  const delta = revised.packs.find(
    (p) => p.subject === "050" && p.kind === "delta" && p.base_version === fullPack.version,
  );
  if (!delta) throw new Error(`the revision published no Meteorology delta from version ${fullPack.version}`);
  const deltaPath = new RegExp(`^/api/content/packs/${delta.id}$`);

  // A stalled connection on the delta: the page is reloaded mid-download and carries on from what it kept.
  proxy.cutNext({ path: deltaPath, afterBytes: 400, times: 1, stall: true });
  const before = proxy.packRequests().length;
  await page.goto("/update");
  // Automatic mode (the default) starts by itself when the app opens; manual waits for 'Update now'.
  await expect(page.getByTestId("update-now").or(page.getByTestId("update-progress"))).toBeVisible();
  if (await page.getByTestId("update-now").isVisible()) {
    await expect(page.getByTestId("updates-available")).toContainText("1 update available");
    await page.getByTestId("update-now").click();
  }
  await expect.poll(() => proxy.packRequests().length).toBeGreaterThan(before);
  // The stalled bytes arrive and are written before the page goes away.
  await expect
    .poll(
      async () =>
        ((await readDeviceStores(page, ["packDownloads"])).packDownloads?.[0] as { received?: number })?.received ?? 0,
    )
    .toBeGreaterThan(0);
  await page.reload();
  proxy.releaseStalled();
  // The run the reload cut short reads as cancelled, so its panel shows; once the list is read,
  // the available updates show beside it until automatic mode starts the run again (or for
  // 'Update now' in manual mode). Either or both may be on the screen here.
  await expect(page.getByTestId("updates-available").or(page.getByTestId("update-progress")).first()).toBeVisible();
  // In manual mode 'Update now' starts it; in automatic mode the list goes as the run starts by
  // itself, which may be between the look and the press.
  const updateNow = page.getByTestId("update-now");
  if (await updateNow.isVisible())
    await updateNow.click({ timeout: 5_000 }).catch(() => expect(page.getByTestId("updates-available")).toBeHidden());
  await expect(page.getByTestId("update-percent")).toHaveText("100%", { timeout: 30_000 });

  const deltas = proxy.packRequests().slice(before);
  expect(deltas.every((r) => r.path.endsWith(`/${delta.id}`))).toBe(true);
  expect(deltas.at(-1)?.range).toMatch(/^bytes=[1-9]\d*-$/);
  const after = (await readDeviceStores(page, ["installedPacks", "questions"])) as {
    installedPacks: Pack[];
    questions: { id: number; version: number; question: string }[];
  };
  expect(after.installedPacks.find((p) => p.subject === "050")?.version).toBe(delta.version);
  const revisedQuestion = after.questions.find((q) => q.id === changed.id);
  expect(revisedQuestion?.question).toBe(changed.question);
  expect(revisedQuestion?.version).toBeGreaterThan(1);

  await page.getByTestId("update-bytes").click();
  await page.screenshot({ path: join(shots, "updater-finished-1280.png"), fullPage: true });
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.screenshot({ path: join(shots, "updater-finished-768.png"), fullPage: true });
  await context.close();
});
