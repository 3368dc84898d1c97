/**
 * GIVE FEEDBACK (issue 16): a student gives feedback with two screenshots and it is on the
 * server with both; feedback given offline waits on the device and arrives once when the
 * network returns.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deflateSync } from "node:zlib";
import { expect, type Page, test } from "@playwright/test";
import { FEEDBACK_MESSAGES } from "../../sync-protocol/schemas/feedback.ts";
import { readDeviceStores } from "./support/device-store.ts";
import { shootAtSizes } from "./support/screenshots.ts";
import { createStudent, readServerDb, serverUserId } from "./support/server-db.ts";
import { signIn } from "./support/student.ts";

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A small PNG of two colour bands, as a screenshot stand-in. */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const at = y * (width * 3 + 1) + 1 + x * 3;
      const band = y < height / 2 ? 1 : 0.6;
      rows.set([r * band, g * band, b * band], at);
    }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function serverFeedback(userId: string) {
  return readServerDb((db) =>
    db
      .prepare(
        `select f.text, f.page, (select count(*) from feedback_screenshots s where s.feedback_id = f.id) as shots,
                (select group_concat(s.type) from feedback_screenshots s where s.feedback_id = f.id) as types
           from feedback f where f.user_id = ? order by f.created_at`,
      )
      .all(userId),
  ) as { text: string; page: string | null; shots: number; types: string | null }[];
}

async function openFeedback(page: Page) {
  await page.getByTestId("give-feedback").click();
  await expect(page.getByRole("heading", { name: "GIVE FEEDBACK" })).toBeVisible();
}

test("a student gives feedback with two screenshots online, and offline it arrives once back online", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(join(tmpdir(), "feedback-"));
  const shots = [join(dir, "timer.png"), join(dir, "question.png")];
  writeFileSync(shots[0] as string, png(2400, 1200, [30, 90, 200]));
  writeFileSync(shots[1] as string, png(320, 200, [220, 120, 40]));

  const student = await createStudent("feedback");
  const userId = serverUserId(student.email);
  await signIn(page, student.email, student.password);

  // Online: text and two screenshots, scaled down on the device, arrive together.
  await openFeedback(page);
  await page.getByRole("textbox", { name: "Feedback", exact: true }).fill("The timer stopped at 00:42 on question 3.");
  await page.getByTestId("feedback-screenshots-input").setInputFiles(shots);
  await expect(page.getByTestId("feedback-shots").getByRole("img")).toHaveCount(2);
  await shootAtSizes(page, "feedback-modal");
  await page.getByTestId("feedback-send").click();
  await expect(page.getByRole("heading", { name: FEEDBACK_MESSAGES.submitted })).toBeVisible();
  await expect(page.getByTestId("feedback-result")).toHaveText(FEEDBACK_MESSAGES.thanks);
  await shootAtSizes(page, "feedback-submitted");
  await page.getByTestId("feedback-close").click();
  expect(serverFeedback(userId)).toEqual([
    { text: "The timer stopped at 00:42 on question 3.", page: "/dashboard", shots: 2, types: "image/jpeg,image/jpeg" },
  ]);

  // The text is required: nothing is sent without it.
  await openFeedback(page);
  await page.getByTestId("feedback-send").click();
  await expect(page.getByText(FEEDBACK_MESSAGES.textRequired)).toBeVisible();
  await shootAtSizes(page, "feedback-required");
  await page.getByRole("button", { name: "Cancel" }).click();

  // Offline: kept on the device, and said so.
  await context.setOffline(true);
  await openFeedback(page);
  await page.getByRole("textbox", { name: "Feedback", exact: true }).fill("Given on the plane.");
  await page.getByTestId("feedback-screenshots-input").setInputFiles(shots[1] as string);
  await expect(page.getByTestId("feedback-shots").getByRole("img")).toHaveCount(1);
  await page.getByTestId("feedback-send").click();
  await expect(page.getByTestId("feedback-result")).toHaveText(FEEDBACK_MESSAGES.queued);
  await shootAtSizes(page, "feedback-queued");
  await page.getByTestId("feedback-close").click();
  expect((await readDeviceStores(page, ["pendingFeedback"])).pendingFeedback).toHaveLength(1);
  expect(serverFeedback(userId)).toHaveLength(1);

  // Back online: sent once, and gone from the device.
  await context.setOffline(false);
  await expect.poll(() => serverFeedback(userId).length, { timeout: 20_000 }).toBe(2);
  await expect.poll(async () => (await readDeviceStores(page, ["pendingFeedback"])).pendingFeedback?.length).toBe(0);
  // A reload starts the sender again: nothing is left to send twice.
  await page.reload();
  await expect(page.getByTestId("give-feedback")).toBeVisible();
  await page.waitForTimeout(1_500);
  expect(serverFeedback(userId)).toEqual([
    expect.objectContaining({ shots: 2 }),
    { text: "Given on the plane.", page: "/dashboard", shots: 1, types: "image/jpeg" },
  ]);
});
