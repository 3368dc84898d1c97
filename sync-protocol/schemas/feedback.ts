import { z } from "zod";

/**
 * Feedback (spec accounts §1, §7, §8; issue 16): a student's text and up to five screenshots,
 * downscaled on the device before upload. The server checks every limit again; an image is
 * known by its first bytes (PNG, JPEG or WebP), not by the type the sender claims.
 */
export const FEEDBACK_LIMITS = {
  maxTextChars: 5_000,
  maxScreenshots: 5,
  maxScreenshotBytes: 2 * 1024 * 1024,
  /** The device scales a screenshot down to this longest side before sending it. */
  maxLongSide: 1600,
} as const;

export const FEEDBACK_MESSAGES = {
  submitted: "Feedback Submitted",
  thanks: "Thank you for your feedback. We read every message and use it to improve Preflight.",
  failed: "Unable to submit feedback. Please try again shortly.",
  queued: "You are offline: your feedback is saved on this device and will be sent when you are back online.",
  textRequired: "Please enter your feedback.",
  textTooLong: `Feedback can be at most ${FEEDBACK_LIMITS.maxTextChars.toLocaleString("en")} characters.`,
  tooManyScreenshots: `Attach at most ${FEEDBACK_LIMITS.maxScreenshots} screenshots.`,
  screenshotTooBig: `Each screenshot can be at most ${FEEDBACK_LIMITS.maxScreenshotBytes / 1024 / 1024} MB.`,
  notAnImage: "Screenshots must be images (PNG, JPEG or WebP).",
  emptyScreenshot: "A screenshot is empty.",
} as const;

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters in text.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

// A NUL is no text, and PostgreSQL refuses it in a text column.
const noControl = (s: string) => !CONTROL.test(s);

export type ScreenshotType = "image/png" | "image/jpeg" | "image/webp";

/** The image type its first bytes show, else undefined. */
export function imageTypeOf(bytes: Uint8Array): ScreenshotType | undefined {
  const at = (i: number) => bytes[i];
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => at(i) === b)) return "image/png";
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return "image/jpeg";
  const ascii = (from: number, text: string) => [...text].every((ch, i) => at(from + i) === ch.charCodeAt(0));
  if (ascii(0, "RIFF") && ascii(8, "WEBP")) return "image/webp";
  return undefined;
}

/** A screenshot as the server reads it from the multipart body: its bytes. */
export const screenshotUploadSchema = z.object({
  bytes: z
    .instanceof(Uint8Array)
    .refine((b) => b.length > 0, FEEDBACK_MESSAGES.emptyScreenshot)
    .refine((b) => b.length <= FEEDBACK_LIMITS.maxScreenshotBytes, FEEDBACK_MESSAGES.screenshotTooBig)
    .refine((b) => b.length === 0 || imageTypeOf(b) !== undefined, FEEDBACK_MESSAGES.notAnImage),
});

/** `POST /feedback` (multipart): `feedback`, `screenshots[]`, and where in the app it was given. */
export const feedbackBodySchema = z.object({
  feedback: z
    .string(FEEDBACK_MESSAGES.textRequired)
    .trim()
    .min(1, FEEDBACK_MESSAGES.textRequired)
    .max(FEEDBACK_LIMITS.maxTextChars, FEEDBACK_MESSAGES.textTooLong)
    // Text, not control characters (tabs and line breaks are text).
    .refine(noControl, "Feedback cannot hold control characters."),
  screenshots: z
    .array(screenshotUploadSchema)
    .max(FEEDBACK_LIMITS.maxScreenshots, FEEDBACK_MESSAGES.tooManyScreenshots)
    .default([]),
  /**
   * The device's id for this feedback: a second send of the same id (a retry after a lost
   * reply) is answered as a success and stored once.
   */
  id: z.uuid("id must be a uuid").optional(),
  /** The app's page the feedback was given on (its path). */
  page: z.string().max(300).refine(noControl, "page cannot hold control characters.").optional(),
  app_version: z.string().max(50).refine(noControl, "app_version cannot hold control characters.").optional(),
});
export type FeedbackBody = z.infer<typeof feedbackBodySchema>;

export const feedbackReplySchema = z.object({ success: z.literal(true), message: z.string() });
export type FeedbackReply = z.infer<typeof feedbackReplySchema>;

/** One piece of feedback as maintenance reads it. */
export const feedbackItemSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  email: z.string(),
  name: z.string(),
  text: z.string(),
  page: z.string().nullable(),
  app_version: z.string().nullable(),
  created_at: z.string(),
  screenshots: z.array(z.object({ id: z.string(), type: z.string(), size: z.number().int() })),
});
export type FeedbackItem = z.infer<typeof feedbackItemSchema>;

/** `GET /api/maintenance/feedback`: the newest first. */
export const feedbackListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const feedbackListReplySchema = z.object({ feedback: z.array(feedbackItemSchema) });
export type FeedbackListReply = z.infer<typeof feedbackListReplySchema>;
