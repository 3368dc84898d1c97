/** Online-only calls from the page: JSON in, JSON out, the API's error body turned into ApiCallError. */
import { errorBodySchema, REQUEST_TIMEOUT_MS } from "@preflight/sync-protocol";
import type { z } from "zod";

export class ApiCallError extends Error {
  readonly status: number;
  readonly code: string;
  /** The error body's details (a validation error's `{ fields }` map). */
  readonly details: unknown;
  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

/** Raised when the server cannot be reached at all (offline, timeout, connection lost). */
export class NetworkError extends Error {}

export async function apiCall<T>(
  path: string,
  init: { method?: string; json?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: T; headers: Headers }> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? (init.json === undefined ? "GET" : "POST"),
      credentials: "same-origin",
      headers: { ...(init.json === undefined ? {} : { "Content-Type": "application/json" }), ...init.headers },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (err) {
    throw new NetworkError(String(err));
  }
  if (response.status === 304) return { status: 304, body: undefined as T, headers: response.headers };
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // a text reply (e.g. POST /test/results answers with a url)
  }
  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(body);
    if (parsed.success)
      throw new ApiCallError(
        response.status,
        parsed.data.error.code,
        parsed.data.error.message,
        parsed.data.error.details,
      );
    throw new ApiCallError(response.status, "http_error", `The server answered ${response.status}`);
  }
  return { status: response.status, body: body as T, headers: response.headers };
}

/**
 * An ordinary form post (application/x-www-form-urlencoded; a list is sent as repeated fields),
 * its reply parsed with `schema`; errors as apiCall's (ApiCallError, NetworkError).
 */
export async function postForm<S extends z.ZodType>(
  path: string,
  fields: Record<string, string | readonly string[]>,
  schema: S,
): Promise<z.output<S>> {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields))
    for (const item of typeof value === "string" ? [value] : value) body.append(name, item);
  let response: Response;
  try {
    response = await fetch(path, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (err) {
    throw new NetworkError(String(err));
  }
  const text = await response.text();
  let reply: unknown = text;
  try {
    reply = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: refused below by the schemas
  }
  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(reply);
    if (!parsed.success)
      throw new ApiCallError(response.status, "http_error", `The server answered ${response.status}`);
    const { code, message, details } = parsed.data.error;
    throw new ApiCallError(response.status, code, message, details ?? { fields: parsed.data.errors });
  }
  return schema.parse(reply);
}
