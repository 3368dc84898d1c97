/**
 * A form's body (the "form" body kind): JSON from the app, or an ordinary form post
 * (application/x-www-form-urlencoded) from a page without script, read into one object that
 * the entry's schema then checks. In a form post every value is text, so the schema says which
 * fields are lists: such a field may be repeated (`name=1&name=2`) or named `name[]`, is a list
 * even when sent once, and a list of numbers holds numbers (an empty list is no field at all).
 */
import type { Context } from "hono";
import { z } from "zod";
import { ApiError } from "../errors.ts";

const FORM_TYPE = /^application\/x-www-form-urlencoded\b/i;
const JSON_TYPE = /^application\/([a-z0-9.+-]*\+)?json\b/i;

/** The body as an object for the schema to check; another content type is a 400. */
export async function readFormBody(c: Context, schema: z.ZodType): Promise<unknown> {
  const type = c.req.header("content-type") ?? "";
  if (JSON_TYPE.test(type)) {
    try {
      return await c.req.json();
    } catch {
      throw new ApiError("bad_request", "Malformed JSON in request body");
    }
  }
  if (FORM_TYPE.test(type)) return formObject(await c.req.text(), schema);
  throw new ApiError("bad_request", "Send the form as JSON or as an ordinary form post.");
}

/** An ordinary form post's text as the object the schema then checks. */
export function formObject(body: string, schema: z.ZodType): Record<string, string | (string | number)[]> {
  return formFields(body, listFields(schema));
}

type ListKind = "text" | "number";

function formFields(body: string, lists: Map<string, ListKind>): Record<string, string | (string | number)[]> {
  const fields: Record<string, string | (string | number)[]> = {};
  for (const [rawName, value] of new URLSearchParams(body)) {
    const named = rawName.endsWith("[]");
    const name = named ? rawName.slice(0, -2) : rawName;
    const current = fields[name];
    const kind = lists.get(name);
    if (kind || named || current !== undefined) {
      // A value that is not a whole number stays text, for the schema to refuse.
      const item = kind === "number" && /^\d+$/.test(value) ? Number(value) : value;
      fields[name] = Array.isArray(current) ? [...current, item] : current === undefined ? [item] : [current, item];
    } else {
      fields[name] = value;
    }
  }
  return fields;
}

/** The fields the schema (an object, refined or not) takes as lists, and of what. */
function listFields(schema: z.ZodType): Map<string, ListKind> {
  const lists = new Map<string, ListKind>();
  if (!(schema instanceof z.ZodObject)) return lists;
  for (const [name, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const inner = unwrap(field);
    if (inner instanceof z.ZodArray)
      lists.set(name, unwrap(inner.element as z.ZodType) instanceof z.ZodNumber ? "number" : "text");
  }
  return lists;
}

/** The schema under a default, optional or nullable. */
function unwrap(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodOptional || schema instanceof z.ZodNullable)
    return unwrap(schema.unwrap() as z.ZodType);
  return schema;
}
