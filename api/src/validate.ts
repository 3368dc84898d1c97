import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { z } from "zod";
import { validationError } from "./errors.ts";

/** zValidator with the API's error body: bad input is a 400 that says what is wrong. */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) throw validationError(result.error as unknown as z.ZodError);
  });
}
