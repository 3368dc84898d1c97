import { z } from "zod";

/**
 * The largest id a request may name. Row ids live in 32-bit integer columns (PostgreSQL
 * `integer`), so a larger number names no row; sent to PostgreSQL it is an error, not "not
 * found", so it is refused with the other bad input (the route fuzz found 2^31 giving 500s).
 */
export const MAX_ROW_ID = 2_147_483_647;

/** A row id in a JSON body: a positive whole number no larger than MAX_ROW_ID; `name` starts each message. */
export function rowId(name: string) {
  return z
    .number(`${name} must be a number`)
    .int(`${name} must be a whole number`)
    .positive(`${name} must be positive`)
    .max(MAX_ROW_ID, `${name} is too large to be an id`);
}

/** A row id in a path or query: the same, read from text. */
export function rowIdParam(name: string) {
  return z.coerce
    .number(`${name} must be a number`)
    .int(`${name} must be a whole number`)
    .positive(`${name} must be positive`)
    .max(MAX_ROW_ID, `${name} is too large to be an id`);
}
