import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "../test-support/harness.ts";

/** Question and lesson images: public files, cached by the browser for a day. */
for (const dialect of DIALECTS) {
  describe(`content images [${dialect}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect);
    });
    afterAll(() => t.close());

    it("[CT7] serves /content/images/<file> without a session, cached for a day; an unknown file is a 404, a name that is no image file name a 400", async () => {
      const res = await t.request("/content/images/010-airspace-vmc.svg");
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Type")).toContain("image/svg+xml");
      expect(res.headers.get("Cache-Control")).toBe("public, max-age=86400");
      expect((await res.text()).length).toBeGreaterThan(0);
      expect((await t.request("/content/images/no-such-image.png")).status).toBe(404);
      expect((await t.request("/content/images/..%2Fpackage.json")).status).toBe(400);
      expect((await t.request("/content/images/notes.txt")).status).toBe(400);
    });
  });
}
