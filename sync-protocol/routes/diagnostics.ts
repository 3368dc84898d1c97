import { z } from "zod";
import {
  bugReportBodySchema,
  bugReportListReplySchema,
  bugReportReplySchema,
  clientErrorListReplySchema,
  clientErrorsBodySchema,
  clientErrorsReplySchema,
  listQuerySchema,
} from "../schemas/diagnostics.ts";
import { route } from "./route.ts";

/**
 * Bug reports and client error reports (spec accounts §7; issue 16): any signed-in user sends
 * them (students report bugs too); maintenance users list and download them.
 */
export const diagnosticsRoutes = {
  bugReport: route({
    method: "POST",
    path: "/maintenance/bug-report",
    auth: "session",
    body: bugReportBodySchema,
    bodyKind: "multipart",
    reply: bugReportReplySchema,
  }),
  maintenanceBugReports: route({
    method: "GET",
    path: "/api/maintenance/bug-reports",
    auth: "maintenance",
    query: listQuerySchema,
    reply: bugReportListReplySchema,
  }),
  /** A report's device data: the gzip-compressed export. */
  maintenanceBugReportDevice: route({
    method: "GET",
    path: "/api/maintenance/bug-reports/{id}/device",
    auth: "maintenance",
    params: z.object({ id: z.uuid("id must be a uuid") }),
    reply: z.unknown(),
    replyKind: "binary",
  }),
  /** A report's log lines (JSON). */
  maintenanceBugReportLog: route({
    method: "GET",
    path: "/api/maintenance/bug-reports/{id}/log",
    auth: "maintenance",
    params: z.object({ id: z.uuid("id must be a uuid") }),
    reply: z.unknown(),
    replyKind: "binary",
  }),
  clientErrors: route({
    method: "POST",
    path: "/client-errors",
    auth: "session",
    body: clientErrorsBodySchema,
    reply: clientErrorsReplySchema,
  }),
  maintenanceClientErrors: route({
    method: "GET",
    path: "/api/maintenance/client-errors",
    auth: "maintenance",
    query: listQuerySchema,
    reply: clientErrorListReplySchema,
  }),
};
