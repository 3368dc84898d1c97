/**
 * A multipart body (the "multipart" body kind) read into one object for the entry's schema:
 * a text field as text, a file as `{ bytes }` (its bytes; the type the sender claims is not
 * trusted). A field the schema takes as a list may be repeated or named `name[]`.
 *
 *   feedback=Hi  screenshots[]=<png>  screenshots[]=<jpeg>   → { feedback: "Hi", screenshots: [{ bytes }, { bytes }] }
 */
import type { Context } from "hono";
import { z } from "zod";
import { ApiError } from "../errors.ts";

const MULTIPART_TYPE = /^multipart\/form-data\b/i;

export const MULTIPART_MESSAGE = "Send this form as multipart/form-data.";

export type MultipartValue = string | { bytes: Uint8Array };

/** The body as an object for the schema to check; another content type is a 415, a broken body a 400. */
export async function readMultipartBody(c: Context, schema: z.ZodType): Promise<Record<string, unknown>> {
  if (!MULTIPART_TYPE.test(c.req.header("content-type") ?? ""))
    throw new ApiError("unsupported_media_type", MULTIPART_MESSAGE);
  let form: FormData;
  try {
    form = await c.req.raw.formData();
  } catch {
    throw new ApiError("bad_request", "The multipart body could not be read.");
  }
  const entries: [string, MultipartValue][] = [];
  for (const [name, value] of form.entries()) {
    entries.push([name, typeof value === "string" ? value : { bytes: new Uint8Array(await value.arrayBuffer()) }]);
  }
  return multipartObject(entries, schema);
}

/** The form's fields as the object the schema then checks. */
export function multipartObject(entries: [string, MultipartValue][], schema: z.ZodType): Record<string, unknown> {
  const lists = listFields(schema);
  const fields: Record<string, unknown> = {};
  for (const [rawName, value] of entries) {
    const named = rawName.endsWith("[]");
    const name = named ? rawName.slice(0, -2) : rawName;
    // A prototype key is no field of any schema.
    if (name === "__proto__" || name === "constructor" || name === "prototype") continue;
    const current = fields[name];
    if (lists.has(name) || named || current !== undefined) {
      fields[name] = Array.isArray(current) ? [...current, value] : current === undefined ? [value] : [current, value];
    } else {
      fields[name] = value;
    }
  }
  return fields;
}

function listFields(schema: z.ZodType): Set<string> {
  const lists = new Set<string>();
  if (!(schema instanceof z.ZodObject)) return lists;
  for (const [name, field] of Object.entries(schema.shape as Record<string, z.ZodType>))
    if (unwrap(field) instanceof z.ZodArray) lists.add(name);
  return lists;
}

function unwrap(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodOptional || schema instanceof z.ZodNullable)
    return unwrap(schema.unwrap() as z.ZodType);
  return schema;
}
