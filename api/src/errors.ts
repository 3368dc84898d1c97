import { ERROR_CODES, type ErrorBody, type ErrorCode } from "@preflight/sync-protocol/schemas/errors";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";
import { logError } from "./http/log-line.ts";

/** The one error class of the API: a code from the protocol's table, a message, details. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly details: unknown;
  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.code = code;
    this.details = details;
  }
  get status(): ContentfulStatusCode {
    return ERROR_CODES[this.code] as ContentfulStatusCode;
  }
  /** A validation failure also carries the spec's "errors object" (field → messages) beside `error`. */
  toBody(): ErrorBody {
    const body: ErrorBody = { error: { code: this.code, message: this.message, details: this.details } };
    const fields = fieldMessages(this.details);
    return fields ? { ...body, errors: fields } : body;
  }
}

function fieldMessages(details: unknown): Record<string, string[]> | undefined {
  if (typeof details !== "object" || details === null || !("fields" in details)) return undefined;
  const fields = (details as { fields: unknown }).fields;
  if (typeof fields !== "object" || fields === null) return undefined;
  const entries = Object.entries(fields).filter(
    (entry): entry is [string, string[]] => Array.isArray(entry[1]) && entry[1].every((m) => typeof m === "string"),
  );
  return entries.length ? Object.fromEntries(entries) : undefined;
}

/** A zod failure as one readable sentence plus the field map (spec: messages per field). */
export function validationError(error: z.ZodError): ApiError {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_";
    const list = fields[key] ?? [];
    list.push(issue.message);
    fields[key] = list;
  }
  const message = Object.entries(fields)
    .map(([field, messages]) => (field === "_" ? messages.join("; ") : `${field}: ${messages.join("; ")}`))
    .join("\n");
  return new ApiError("bad_request", message || "Invalid request", { fields });
}

/** Maps every thrown thing to the one error body; nothing unexpected leaks as a stack. */
export function onError(err: Error, c: Context): Response {
  if (err instanceof ApiError) return c.json(err.toBody(), err.status);
  if (err instanceof HTTPException) {
    const status = err.status;
    const code: ErrorCode = status === 413 ? "payload_too_large" : status === 401 ? "unauthenticated" : "bad_request";
    const message = status === 400 && /JSON/i.test(err.message) ? "Malformed JSON in request body" : err.message;
    return c.json({ error: { code, message: message || "Bad request" } }, status as ContentfulStatusCode);
  }
  logError(`${c.req.method} ${c.req.path} failed:`, err);
  return c.json({ error: { code: "internal", message: "The application encountered an error" } }, 500);
}
