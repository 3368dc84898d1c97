import { routes } from "@preflight/sync-protocol/routes/index";
import { Hono } from "hono";
import { buildManifest } from "../content/manifest.ts";
import type { AppDeps, AppEnv } from "../deps.ts";
import { ApiError } from "../errors.ts";
import { conditionalJson } from "../http/conditional-json.ts";
import { routeMounter } from "../http/mount-route.ts";

/** A single `bytes=start-` or `bytes=start-end` range, the form a resuming download sends. */
function parseRange(header: string, size: number): { start: number; end: number } {
  const match = /^bytes=(\d+)-(\d*)$/.exec(header.trim());
  if (!match) throw new ApiError("range_not_satisfiable", `Unsupported Range header: ${header}`);
  const start = Number(match[1]);
  const end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  if (start >= size || end < start)
    throw new ApiError("range_not_satisfiable", `Range ${header} is outside the pack's ${size} bytes`);
  return { start, end };
}

/** The manifest of published content and the packs themselves, resumable by Range. */
export function contentPackRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const mount = routeMounter(app, deps);

  mount(routes.contentManifest, async (c) => {
    const syllabusId = c.var.user.syllabus_id;
    if (syllabusId === null) throw new ApiError("not_found", "You do not have a syllabus");
    // Every app start checks the manifest: unchanged, it costs a 304 and no body on a slow
    // connection. The same for every student of the syllabus, so not private.
    c.header("Cache-Control", "no-cache");
    return conditionalJson(c, await buildManifest(deps.db, syllabusId, deps.imagesDir));
  });

  mount(routes.contentPack, async (c, { params: { id } }) => {
    const syllabusId = c.var.user.syllabus_id;
    const pack = await deps.db
      .selectFrom("content_packs")
      .select(["bytes", "size", "sha256", "syllabus_id"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!pack || pack.syllabus_id !== syllabusId) throw new ApiError("not_found", `No content pack ${id}`);
    // Packs never change once published: the hash is their identity.
    c.header("ETag", `"${pack.sha256}"`);
    c.header("Cache-Control", "private, max-age=31536000, immutable");
    c.header("Accept-Ranges", "bytes");
    c.header("Content-Type", "application/gzip");
    const bytes = new Uint8Array(pack.bytes);
    const rangeHeader = c.req.header("Range");
    if (!rangeHeader) return c.body(bytes, 200, { "Content-Length": String(pack.size) });
    const range = parseRange(rangeHeader, pack.size);
    const slice = bytes.subarray(range.start, range.end + 1);
    return c.body(slice, 206, {
      "Content-Range": `bytes ${range.start}-${range.end}/${pack.size}`,
      "Content-Length": String(slice.length),
    });
  });

  return app;
}
