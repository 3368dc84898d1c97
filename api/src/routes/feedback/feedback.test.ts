/**
 * Feedback (issue 16): a signed-in student's text and screenshots arrive whole or not at all;
 * every bad input is a 4xx with a message; maintenance users list it and download the images.
 */

import { errorBodySchema } from "@preflight/sync-protocol/schemas/errors";
import { FEEDBACK_LIMITS, FEEDBACK_MESSAGES, feedbackListReplySchema } from "@preflight/sync-protocol/schemas/feedback";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_ORIGIN, createTestApp, DIALECTS, type TestApp } from "../../test-support/harness.ts";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70]);
const WEBP = new Uint8Array([...new TextEncoder().encode("RIFF"), 4, 0, 0, 0, ...new TextEncoder().encode("WEBPVP8 ")]);
type Body = NonNullable<RequestInit["body"]>;
const FROM_APP = { Origin: APP_ORIGIN, "Sec-Fetch-Site": "same-origin" };

function form(text: string | undefined, shots: (Uint8Array | string)[] = [], extra: Record<string, string> = {}) {
  const data = new FormData();
  if (text !== undefined) data.set("feedback", text);
  for (const shot of shots)
    data.append("screenshots[]", new Blob([shot as Uint8Array<ArrayBuffer>], { type: "image/png" }), "shot.png");
  for (const [k, v] of Object.entries(extra)) data.set(k, v);
  return data;
}

describe.each(DIALECTS)("feedback (%s)", (dialect) => {
  let t: TestApp;
  let student: string;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    student = await t.login();
    admin = await t.login("admin@preflight.test");
  });
  afterAll(() => t.close());

  const send = (body: Body, cookie = student, headers: Record<string, string> = FROM_APP) =>
    t.request("/feedback", { method: "POST", cookie, headers, body });
  const counts = async () => ({
    feedback: Number(
      (
        await t.deps.db
          .selectFrom("feedback")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    screenshots: Number(
      (
        await t.deps.db
          .selectFrom("feedback_screenshots")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  });
  const refusal = async (res: Response) => errorBodySchema.parse(await res.json()).error;

  it("keeps a student's text and screenshots, and maintenance lists them and downloads each image", async () => {
    const res = await send(form("  The timer froze.  ", [PNG, JPEG, WEBP], { page: "/test/1", app_version: "1.2.3" }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: FEEDBACK_MESSAGES.submitted });

    const list = await t.request("/api/maintenance/feedback", { cookie: admin });
    expect(list.status).toBe(200);
    const { feedback } = feedbackListReplySchema.parse(await list.json());
    const mine = feedback.find((f) => f.text === "The timer froze.");
    expect(mine).toMatchObject({ page: "/test/1", app_version: "1.2.3", email: "student@preflight.test" });
    expect(mine?.screenshots.map((s) => s.type)).toEqual(["image/png", "image/jpeg", "image/webp"]);

    const shot = await t.request(`/api/maintenance/feedback/screenshot/${mine?.screenshots[0]?.id}`, { cookie: admin });
    expect(shot.status).toBe(200);
    expect(shot.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await shot.arrayBuffer())).toEqual(PNG);
  });

  it("takes feedback without screenshots, and screenshots named without []", async () => {
    expect((await send(form("Just text"))).status).toBe(200);
    const data = form("Two plain");
    data.append("screenshots", new Blob([PNG]), "a.png");
    data.append("screenshots", new Blob([PNG]), "b.png");
    expect((await send(data)).status).toBe(200);
  });

  it("stores a resent feedback (the device's id) once; another student's id is a conflict", async () => {
    const id = "0192f0c4-0000-7000-8000-00000000feed";
    const before = await counts();
    expect((await send(form("Sent twice", [PNG], { id }))).status).toBe(200);
    expect((await send(form("Sent twice", [PNG], { id }))).status).toBe(200);
    expect(await counts()).toEqual({ feedback: before.feedback + 1, screenshots: before.screenshots + 1 });
    const other = await t.login("class@preflight.test");
    const res = await send(form("Same id", [], { id }), other);
    expect(res.status).toBe(409);
    expect((await send(form("bad id", [], { id: "x" }))).status).toBe(400);
  });

  it("refuses every bad input with a 4xx and a message, and writes nothing", async () => {
    const before = await counts();
    const tooBig = new Uint8Array(FEEDBACK_LIMITS.maxScreenshotBytes + 1);
    tooBig.set(PNG);
    const cases: [string, Body, number, string | undefined][] = [
      ["no text", form(undefined, [PNG]), 400, FEEDBACK_MESSAGES.textRequired],
      ["blank text", form("   \n "), 400, FEEDBACK_MESSAGES.textRequired],
      ["text too long", form("x".repeat(FEEDBACK_LIMITS.maxTextChars + 1)), 400, FEEDBACK_MESSAGES.textTooLong],
      ["six screenshots", form("six", Array(6).fill(PNG)), 400, FEEDBACK_MESSAGES.tooManyScreenshots],
      ["a text file", form("text", [PNG, "not an image"]), 400, FEEDBACK_MESSAGES.notAnImage],
      ["a GIF", form("gif", [new TextEncoder().encode("GIF89a....")]), 400, FEEDBACK_MESSAGES.notAnImage],
      ["an empty file", form("empty", [new Uint8Array()]), 400, FEEDBACK_MESSAGES.emptyScreenshot],
      ["a screenshot over 2 MB", form("big", [tooBig]), 400, FEEDBACK_MESSAGES.screenshotTooBig],
      ["a control character", form("a\u0000b"), 400, undefined],
      [
        "the text as a file",
        (() => {
          const d = new FormData();
          d.set("feedback", new Blob(["hi"]), "f.txt");
          return d;
        })(),
        400,
        undefined,
      ],
    ];
    for (const [label, body, status, message] of cases) {
      const res = await send(body);
      expect(res.status, label).toBe(status);
      const error = await refusal(res);
      if (message) expect(JSON.stringify(error), label).toContain(message);
    }
    const json = await t.request("/feedback", {
      method: "POST",
      cookie: student,
      headers: FROM_APP,
      json: { feedback: "x" },
    });
    expect(json.status).toBe(415);
    const broken = await send("--x\r\nbroken", student, {
      ...FROM_APP,
      "Content-Type": "multipart/form-data; boundary=y",
    });
    expect(broken.status).toBe(400);
    const huge = await send(form("huge", Array(6).fill(new Uint8Array(2 * 1024 * 1024))));
    expect(huge.status).toBe(413);
    expect(await counts()).toEqual(before);
  });

  it("is for signed-in students from the app's page; the list and images are for maintenance users", async () => {
    const before = await counts();
    expect((await send(form("signed out"), "")).status).toBe(401);
    expect((await send(form("from admin"), admin)).status).toBe(403);
    // Multipart is a type any site's page can post, so the app's origin must be shown.
    expect((await send(form("no origin"), student, {})).status).toBe(403);
    expect((await send(form("evil"), student, { Origin: "https://evil.example" })).status).toBe(403);
    expect(await counts()).toEqual(before);

    expect((await t.request("/api/maintenance/feedback", { cookie: student })).status).toBe(403);
    expect((await t.request("/api/maintenance/feedback")).status).toBe(401);
    const shot = await t.deps.db.selectFrom("feedback_screenshots").select("id").executeTakeFirstOrThrow();
    expect((await t.request(`/api/maintenance/feedback/screenshot/${shot.id}`, { cookie: student })).status).toBe(403);
    expect(
      (await t.request("/api/maintenance/feedback/screenshot/0192f0c4-0000-7000-8000-000000000001", { cookie: admin }))
        .status,
    ).toBe(404);
    expect((await t.request("/api/maintenance/feedback?limit=0", { cookie: admin })).status).toBe(400);
  });
});
