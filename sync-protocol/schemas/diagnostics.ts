import { z } from "zod";
import { CLIENT_ERROR_KINDS, CLIENT_ERROR_LIMITS } from "../rules/client-errors.ts";

/**
 * Bug reports and client error reports (spec accounts §1, §7, §8, §9; issue 16).
 *
 * A bug report: the details the user types, the device's data export with the content tables
 * left out (gzip-compressed on the device), and the device's recent log lines. Any signed-in
 * user sends one; maintenance users list and download them.
 *
 * A client error report: the page's uncaught errors, unhandled rejections and render errors,
 * each with how often it happened; "Error reports limited to 5 items per minute" (§9) holds on
 * the device and again on the server.
 */
export const BUG_REPORT_LIMITS = {
  maxDetailsChars: 10_000,
  /** The compressed device data the report carries. */
  maxExportBytes: 4 * 1024 * 1024,
  /** What the server unpacks at most to check the device data (a compressed bomb stops here). */
  maxExportUnpackedBytes: 64 * 1024 * 1024,
  /** The log lines as JSON text. */
  maxLogChars: 256 * 1024,
  maxLogLines: 1_000,
} as const;

export const BUG_REPORT_MESSAGES = {
  /** The server's text, which the device shows on success (spec §7: "success text"). */
  received: "Thank you. Your bug report has been sent to our support team, who will look into it.",
  /** Spec §8, word for word. */
  failed: "There was an error sending the report, please contact customer support.",
  detailsRequired: "Please describe the problem.",
  detailsTooLong: `The details can be at most ${BUG_REPORT_LIMITS.maxDetailsChars.toLocaleString("en")} characters.`,
  exportRequired: "The device data is missing from the report.",
  exportTooBig: `The device data can be at most ${BUG_REPORT_LIMITS.maxExportBytes / 1024 / 1024} MB compressed.`,
  exportNotDeviceData: "The device data is not a Preflight device data export.",
  logTooLong: `The log can be at most ${(BUG_REPORT_LIMITS.maxLogChars / 1024).toLocaleString("en")} KB.`,
  logNotLines: "The log must be a list of log lines.",
  /** The form's note (spec §1: the database and log files are sent automatically). */
  note: "Your description is sent together with this device's database (your tests, answers and settings; not the downloaded questions and lessons) and its recent log, to help us find the problem.",
  placeholder: "Please give as much information as possible: what you were doing, what you expected and what happened.",
} as const;

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters in text.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const noControl = (s: string) => !CONTROL.test(s);
/** Text of at most `max` characters; a NUL is no text, and PostgreSQL refuses it in a text column. */
const line = (max: number, name: string) =>
  z.string().max(max).refine(noControl, `${name} cannot hold control characters.`);

/** One line of the device's log ring buffer. */
export const logLineSchema = z.object({
  at: z.string().max(40),
  level: z.enum(["info", "warn", "error"]),
  // Log text may hold tabs and line breaks (stacks), never a NUL.
  message: z.string().max(4_000).refine(noControl, "A log line cannot hold control characters."),
});
export type LogLine = z.infer<typeof logLineSchema>;

/** The log field as it travels in the multipart body: JSON text of log lines. */
export const logFieldSchema = z
  .string()
  .max(BUG_REPORT_LIMITS.maxLogChars, BUG_REPORT_MESSAGES.logTooLong)
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: BUG_REPORT_MESSAGES.logNotLines });
      return z.NEVER;
    }
  })
  .pipe(z.array(logLineSchema, BUG_REPORT_MESSAGES.logNotLines).max(BUG_REPORT_LIMITS.maxLogLines));

/** gzip's first two bytes. */
export function isGzip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** How a device data export (dexie-export-import's JSON) begins. */
export const DEVICE_EXPORT_START = '{"formatName":"dexie"';

/**
 * `POST /maintenance/bug-report` (multipart): `details`, `export` (a file: the device data
 * export, gzip-compressed or plain JSON), `log` (JSON text of log lines), and where and on what
 * version of the app it was sent.
 */
export const bugReportBodySchema = z.object({
  details: z
    .string(BUG_REPORT_MESSAGES.detailsRequired)
    .trim()
    .min(1, BUG_REPORT_MESSAGES.detailsRequired)
    .max(BUG_REPORT_LIMITS.maxDetailsChars, BUG_REPORT_MESSAGES.detailsTooLong)
    .refine(noControl, "The details cannot hold control characters."),
  export: z.object(
    {
      bytes: z
        .instanceof(Uint8Array)
        .refine((b) => b.length > 0, BUG_REPORT_MESSAGES.exportRequired)
        .refine((b) => b.length <= BUG_REPORT_LIMITS.maxExportBytes, BUG_REPORT_MESSAGES.exportTooBig),
    },
    BUG_REPORT_MESSAGES.exportRequired,
  ),
  log: logFieldSchema.default([]),
  page: line(300, "page").optional(),
  app_version: line(50, "app_version").optional(),
});
export type BugReportBody = z.infer<typeof bugReportBodySchema>;

export const bugReportReplySchema = z.object({ success: z.literal(true), message: z.string() });
export type BugReportReply = z.infer<typeof bugReportReplySchema>;

/** One bug report as maintenance reads it (the device data and log are downloads). */
export const bugReportItemSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.string(),
  details: z.string(),
  page: z.string().nullable(),
  app_version: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** The compressed device data's size, and its size unpacked. */
  export_bytes: z.number().int(),
  export_unpacked_bytes: z.number().int(),
  log_lines: z.number().int(),
  created_at: z.string(),
});
export type BugReportItem = z.infer<typeof bugReportItemSchema>;

export const listQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const bugReportListReplySchema = z.object({ bug_reports: z.array(bugReportItemSchema) });
export type BugReportListReply = z.infer<typeof bugReportListReplySchema>;

// --- Client error reports ---

// The limits and kinds live in rules/client-errors.ts (no zod: the page's error reporter loads
// with the first page); re-exported here for everything that imports them from the schemas.
export { CLIENT_ERROR_KINDS, CLIENT_ERROR_LIMITS, type ClientErrorKind } from "../rules/client-errors.ts";

export const clientErrorSchema = z.object({
  /** The device's id: a resend of the same error is stored once. */
  id: z.uuid("id must be a uuid"),
  kind: z.enum(CLIENT_ERROR_KINDS),
  message: line(CLIENT_ERROR_LIMITS.maxMessageChars, "message"),
  stack: z
    .string()
    .max(CLIENT_ERROR_LIMITS.maxStackChars)
    .refine((s) => !s.includes("\u0000"), "stack cannot hold NUL.")
    .nullable()
    .default(null),
  page: line(300, "page").nullable().default(null),
  /** How many times it happened on the device before it was sent (duplicates counted). */
  count: z.number().int().min(1).max(1_000_000),
  /** When it first happened, on the device's clock. */
  at: z.iso.datetime(),
  app_version: line(50, "app_version").nullable().default(null),
});
export type ClientError = z.infer<typeof clientErrorSchema>;

/** `POST /client-errors`: a batch of at most `perMinute` errors. */
export const clientErrorsBodySchema = z.object({
  errors: z.array(clientErrorSchema).min(1).max(CLIENT_ERROR_LIMITS.perMinute),
});
export type ClientErrorsBody = z.infer<typeof clientErrorsBodySchema>;

/** `accepted`: stored now (or already stored); `dropped`: over the limit, not stored. */
export const clientErrorsReplySchema = z.object({
  success: z.literal(true),
  accepted: z.number().int(),
  dropped: z.number().int(),
});
export type ClientErrorsReply = z.infer<typeof clientErrorsReplySchema>;

export const clientErrorItemSchema = clientErrorSchema.extend({
  stack: z.string().nullable(),
  page: z.string().nullable(),
  app_version: z.string().nullable(),
  user_id: z.string(),
  email: z.string(),
  user_agent: z.string().nullable(),
  received_at: z.string(),
});
export type ClientErrorItem = z.infer<typeof clientErrorItemSchema>;

export const clientErrorListReplySchema = z.object({ client_errors: z.array(clientErrorItemSchema) });
export type ClientErrorListReply = z.infer<typeof clientErrorListReplySchema>;
