/**
 * No state change by a link or another site's page: a write from a foreign origin or a
 * cross-site page is refused with the one error body and changes nothing; the app's own page,
 * and a client that is no browser (no Origin, no Sec-Fetch-Site), write as before; a write's
 * body must say it is JSON.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_ORIGIN, createTestApp, DIALECTS, type TestApp } from "../test-support/harness.ts";
import { BODY_TYPE_MESSAGE, CROSS_ORIGIN_MESSAGE } from "./same-origin.ts";

for (const dialect of DIALECTS) {
  describe(`same-origin writes [${dialect}]`, () => {
    let t: TestApp;
    let cookie: string;
    beforeAll(async () => {
      t = await createTestApp(dialect);
      cookie = await t.login();
    });
    afterAll(() => t.close());

    const zoomTenths = async () =>
      (await t.deps.db.selectFrom("user_settings").select("zoom_tenths").execute()).map((r) => r.zoom_tenths);
    const zoom = (zoom: number, headers: Record<string, string>) =>
      t.request("/zoom", { method: "POST", cookie, json: { zoom }, headers });

    it.each([
      ["a foreign Origin", { Origin: "https://evil.example" }],
      ["Origin null (a sandboxed page)", { Origin: "null" }],
      ["Sec-Fetch-Site: cross-site", { "Sec-Fetch-Site": "cross-site" }],
      ["cross-site even with our Origin", { "Sec-Fetch-Site": "cross-site", Origin: APP_ORIGIN }],
    ])("a POST with %s is refused 403 cross_origin and writes nothing", async (_, headers) => {
      const before = await zoomTenths();
      const res = await zoom(1.5, headers);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: { code: "cross_origin", message: CROSS_ORIGIN_MESSAGE } });
      expect(await zoomTenths()).toEqual(before);
    });

    it.each([
      ["the request's own Origin", { Origin: "http://localhost" }],
      ["APP_URL's Origin", { Origin: APP_ORIGIN }],
      ["Sec-Fetch-Site: same-origin", { "Sec-Fetch-Site": "same-origin", Origin: "http://proxy.internal" }],
      ["no Origin and no Sec-Fetch-Site (not a browser)", {}],
    ])("a POST with %s is accepted", async (_, headers) => {
      const res = await zoom(1.3, headers);
      expect(res.status).toBe(200);
      expect(await zoomTenths()).toContain(13);
    });

    it("a DELETE, PUT or PATCH from a foreign origin is refused before any route is looked up", async () => {
      for (const method of ["DELETE", "PUT", "PATCH"]) {
        const res = await t.request("/zoom", { method, cookie, headers: { Origin: "https://evil.example" } });
        expect(res.status, method).toBe(403);
      }
    });

    it("a JSON body sent as text/plain (what a foreign form can send) is refused 415 and writes nothing", async () => {
      const before = await zoomTenths();
      for (const type of ["text/plain", "multipart/form-data; boundary=x", "application/x-www-form-urlencoded"]) {
        const res = await t.request("/zoom", {
          method: "POST",
          cookie,
          headers: { "Content-Type": type, Origin: APP_ORIGIN },
          body: JSON.stringify({ zoom: 1.7 }),
        });
        expect(res.status, type).toBe(415);
        expect(await res.json()).toEqual({ error: { code: "unsupported_media_type", message: BODY_TYPE_MESSAGE } });
      }
      expect(await zoomTenths()).toEqual(before);
    });

    it("GETs are untouched: reading from another site's link is harmless", async () => {
      const res = await t.request("/api/auth/me", { cookie, headers: { "Sec-Fetch-Site": "cross-site" } });
      expect(res.status).toBe(200);
    });
  });
}
