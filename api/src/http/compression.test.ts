/**
 * Replies are compressed: the built app's files go as the brotli or gzip copies the build wrote
 * beside them (immutable when hashed), and JSON replies are gzipped for clients that ask.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { createTestApp, type TestApp } from "../test-support/harness.ts";

const SCRIPT = `export const words = ${JSON.stringify("Preflight ".repeat(500))};`;

describe("compressed replies", () => {
  let t: TestApp;
  let webDist: string;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    t = await createTestApp("sqlite");
    webDist = await mkdtemp(join(tmpdir(), "preflight-web-"));
    await writeFile(join(webDist, "index.html"), "<!doctype html><title>Preflight</title>");
    await mkdir(join(webDist, "assets"));
    const asset = join(webDist, "assets", "index-abc123.js");
    await writeFile(asset, SCRIPT);
    await writeFile(`${asset}.br`, brotliCompressSync(SCRIPT));
    await writeFile(`${asset}.gz`, gzipSync(SCRIPT));
    app = createApp({ ...t.deps, webDist });
  });
  afterAll(async () => {
    await t.close();
    await rm(webDist, { recursive: true, force: true });
  });

  const asset = (acceptEncoding?: string) =>
    app.request("/assets/index-abc123.js", acceptEncoding ? { headers: { "Accept-Encoding": acceptEncoding } } : {});

  it("sends a built asset as its brotli copy to a browser that takes brotli, kept for a year", async () => {
    const res = await asset("gzip, deflate, br");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Encoding")).toBe("br");
    expect(res.headers.get("Vary")).toContain("Accept-Encoding");
    expect(res.headers.get("Content-Type")).toContain("javascript");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await res.arrayBuffer())).toEqual(brotliCompressSync(SCRIPT));
  });

  it("sends the gzip copy to a browser without brotli, and the file itself to one that asks for neither", async () => {
    const gz = await asset("gzip");
    expect(gz.headers.get("Content-Encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(SCRIPT);
    const plain = await asset();
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    expect(await plain.text()).toBe(SCRIPT);
  });

  it("gzips a JSON reply over 1 KiB for a client that asks, and leaves it plain for one that does not", async () => {
    const cookie = await t.login();
    const zipped = await t.request("/api/content/manifest", { cookie, headers: { "Accept-Encoding": "gzip" } });
    expect(zipped.status).toBe(200);
    expect(zipped.headers.get("Content-Encoding")).toBe("gzip");
    const body = gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString();
    expect(JSON.parse(body)).toHaveProperty("packs");
    expect(body.length).toBeGreaterThan(1024);
    const plain = await t.request("/api/content/manifest", { cookie });
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    expect(await plain.text()).toBe(body);
  });
});
