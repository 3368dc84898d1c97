/**
 * Bug reports and client error reports (spec accounts §7, §8, §9; sync-protocol/schemas/diagnostics.ts).
 *
 *   POST /maintenance/bug-report  multipart: details, export (the device data, gzip or JSON), log,
 *       page, app_version → { success, message }: the server's text the device shows. Any
 *       signed-in user (students report bugs); the device data is checked to be a device data
 *       export and kept gzip-compressed.
 *   GET /api/maintenance/bug-reports?limit=50           → the newest first
 *   GET /api/maintenance/bug-reports/{id}/device        → the device data (.json.gz)
 *   GET /api/maintenance/bug-reports/{id}/log           → the log lines (.json)
 *   POST /client-errors  { errors: [...] }   → { success, accepted, dropped }: at most 5 stored a
 *       minute per user (and 60 per address); a known id is not stored again; the rest of a
 *       batch over the limit is dropped; a full bucket is a 429 until its minute ends.
 *   GET /api/maintenance/client-errors?limit=50         → the newest first
 */
import { randomUUID } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";
import { routes } from "@preflight/sync-protocol/routes/index";
import {
  BUG_REPORT_LIMITS,
  BUG_REPORT_MESSAGES,
  type BugReportListReply,
  type BugReportReply,
  type ClientErrorListReply,
  type ClientErrorsReply,
  DEVICE_EXPORT_START,
  isGzip,
} from "@preflight/sync-protocol/schemas/diagnostics";
import type { Context } from "hono";
import { Hono } from "hono";
import { LIMITS } from "../../auth/limits.ts";
import { addressBucket, bucket, countFailure, refuseWhileLimited, roomLeft } from "../../auth/limits-store.ts";
import type { AppDeps, AppEnv } from "../../deps.ts";
import { ApiError } from "../../errors.ts";
import { routeMounter } from "../../http/mount-route.ts";
import { fromAppPage } from "../../http/same-origin.ts";

/** The largest bug report body: the device data at its limit, the log, the details and the form's own bytes. */
export const BUG_REPORT_BODY_LIMIT =
  BUG_REPORT_LIMITS.maxExportBytes +
  3 * (BUG_REPORT_LIMITS.maxLogChars + BUG_REPORT_LIMITS.maxDetailsChars) +
  64 * 1024;

/** The device data as it is kept (gzip) and its size unpacked; a 400 when it is no device data export. */
export function packDeviceExport(bytes: Uint8Array): { gz: Buffer; unpacked: number } {
  let plain: Buffer;
  try {
    plain = isGzip(bytes)
      ? gunzipSync(bytes, { maxOutputLength: BUG_REPORT_LIMITS.maxExportUnpackedBytes })
      : Buffer.from(bytes);
  } catch {
    throw new ApiError("bad_request", BUG_REPORT_MESSAGES.exportNotDeviceData);
  }
  if (!plain.subarray(0, DEVICE_EXPORT_START.length).equals(Buffer.from(DEVICE_EXPORT_START)))
    throw new ApiError("bad_request", BUG_REPORT_MESSAGES.exportNotDeviceData);
  return { gz: isGzip(bytes) ? Buffer.from(bytes) : gzipSync(plain), unpacked: plain.length };
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: keeping control characters out of stored header text.
const CONTROL = /[\u0000-\u001f\u007f]/g;
function userAgent(c: Context<AppEnv>): string | null {
  const agent = c.req.header("user-agent")?.replace(CONTROL, " ").slice(0, 300);
  return agent ? agent : null;
}

export function diagnosticsRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const mount = routeMounter(app, deps);

  mount(
    routes.bugReport,
    async (c, { body }) => {
      const { gz, unpacked } = packDeviceExport(body.export.bytes);
      await deps.db
        .insertInto("bug_reports")
        .values({
          id: randomUUID(),
          user_id: c.var.user.id,
          details: body.details,
          page: body.page ?? null,
          app_version: body.app_version ?? null,
          user_agent: userAgent(c),
          export_gz: gz,
          export_bytes: gz.length,
          export_unpacked_bytes: unpacked,
          log: JSON.stringify(body.log),
          log_lines: body.log.length,
          created_at: deps.clock.now().toISOString(),
        })
        .execute();
      const reply: BugReportReply = { success: true, message: BUG_REPORT_MESSAGES.received };
      return c.json(reply);
    },
    { before: [fromAppPage()] },
  );

  mount(routes.maintenanceBugReports, async (c, { query }) => {
    const rows = await deps.db
      .selectFrom("bug_reports")
      .innerJoin("users", "users.id", "bug_reports.user_id")
      .select([
        "bug_reports.id",
        "bug_reports.user_id",
        "bug_reports.details",
        "bug_reports.page",
        "bug_reports.app_version",
        "bug_reports.user_agent",
        "bug_reports.export_bytes",
        "bug_reports.export_unpacked_bytes",
        "bug_reports.log_lines",
        "bug_reports.created_at",
        "users.email",
        "users.firstname",
        "users.lastname",
        "users.role",
      ])
      .orderBy("bug_reports.created_at", "desc")
      .orderBy("bug_reports.id")
      .limit(query.limit)
      .execute();
    const reply: BugReportListReply = {
      bug_reports: rows.map((r) => ({
        id: r.id,
        user_id: r.user_id,
        email: r.email,
        name: [r.firstname, r.lastname].filter(Boolean).join(" "),
        role: r.role,
        details: r.details,
        page: r.page,
        app_version: r.app_version,
        user_agent: r.user_agent,
        export_bytes: Number(r.export_bytes),
        export_unpacked_bytes: Number(r.export_unpacked_bytes),
        log_lines: Number(r.log_lines),
        created_at: r.created_at,
      })),
    };
    return c.json(reply);
  });

  const report = async (id: string) => {
    const row = await deps.db
      .selectFrom("bug_reports")
      .select(["export_gz", "log"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) throw new ApiError("not_found", "No such bug report");
    return row;
  };
  mount(routes.maintenanceBugReportDevice, async (c, { params }) => {
    const bytes = new Uint8Array((await report(params.id)).export_gz);
    return c.body(bytes, 200, {
      "Content-Type": "application/gzip",
      "Content-Length": String(bytes.length),
      "Content-Disposition": `attachment; filename="bug-report-${params.id}-device.json.gz"`,
    });
  });
  mount(routes.maintenanceBugReportLog, async (c, { params }) =>
    c.body((await report(params.id)).log, 200, {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="bug-report-${params.id}-log.json"`,
    }),
  );

  mount(routes.clientErrors, async (c, { body }) => {
    const user = bucket(LIMITS.clientErrorsUser, c.var.user.id);
    const address = addressBucket(LIMITS.clientErrorsAddress, deps, c);
    const now = deps.clock.now();
    const known = new Set(
      (
        await deps.db
          .selectFrom("client_errors")
          .select("id")
          .where(
            "id",
            "in",
            body.errors.map((e) => e.id),
          )
          .execute()
      ).map((r) => r.id),
    );
    const fresh = body.errors.filter((e, i) => !known.has(e.id) && body.errors.findIndex((o) => o.id === e.id) === i);
    // A resend of errors already stored costs nothing; new ones need room in the buckets.
    if (fresh.length === 0) return c.json({ success: true, accepted: body.errors.length, dropped: 0 });
    const room = Math.min(
      await roomLeft(deps, user, now),
      address ? await roomLeft(deps, address, now) : Number.POSITIVE_INFINITY,
    );
    if (room === 0) await refuseWhileLimited(deps, c, user, address);
    const stored = fresh.slice(0, room);
    const agent = userAgent(c);
    await deps.db
      .insertInto("client_errors")
      .values(
        stored.map((e) => ({
          id: e.id,
          user_id: c.var.user.id,
          kind: e.kind,
          message: e.message,
          stack: e.stack,
          page: e.page,
          count: e.count,
          occurred_at: e.at,
          app_version: e.app_version,
          user_agent: agent,
          received_at: now.toISOString(),
        })),
      )
      .onConflict((oc) => oc.column("id").doNothing())
      .execute();
    for (const _ of stored) await countFailure(deps, user, address);
    const dropped = fresh.length - stored.length;
    const reply: ClientErrorsReply = { success: true, accepted: body.errors.length - dropped, dropped };
    return c.json(reply);
  });

  mount(routes.maintenanceClientErrors, async (c, { query }) => {
    const rows = await deps.db
      .selectFrom("client_errors")
      .innerJoin("users", "users.id", "client_errors.user_id")
      .selectAll("client_errors")
      .select("users.email")
      .orderBy("client_errors.received_at", "desc")
      .orderBy("client_errors.id")
      .limit(query.limit)
      .execute();
    const reply: ClientErrorListReply = {
      client_errors: rows.map((r) => ({
        id: r.id,
        kind: r.kind as ClientErrorListReply["client_errors"][number]["kind"],
        message: r.message,
        stack: r.stack,
        page: r.page,
        count: Number(r.count),
        at: r.occurred_at,
        app_version: r.app_version,
        user_id: r.user_id,
        email: r.email,
        user_agent: r.user_agent,
        received_at: r.received_at,
      })),
    };
    return c.json(reply);
  });

  return app;
}
