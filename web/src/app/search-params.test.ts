import { describe, expect, it } from "vitest";
import { z } from "zod";
import { flag, oneOf, pageNumber, seed, text, textOrNumber } from "./search-params.ts";

/** The values a search string can parse to (TanStack Router's JSON-ish parsing), and a few more. */
const VALUES: unknown[] = [
  undefined,
  null,
  "",
  "abc",
  "1",
  "0",
  "-1",
  "2.5",
  "7",
  0,
  1,
  -1,
  2.5,
  42,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  true,
  false,
  [],
  ["1"],
  {},
  { a: 1 },
];

/** What a zod schema gives for a value: its output, or "throws". */
function viaZod(schema: z.ZodType, value: unknown): unknown {
  const result = schema.safeParse(value);
  return result.success ? result.data : "throws";
}

function viaReader(read: (value: unknown) => unknown, value: unknown): unknown {
  try {
    return read(value);
  } catch {
    return "throws";
  }
}

describe("search parameter readers", () => {
  const cases: [string, z.ZodType, (value: unknown) => unknown][] = [
    ["textOrNumber", z.union([z.string(), z.number()]).transform(String).optional().catch(undefined), textOrNumber],
    ["text", z.string().optional().catch(undefined), text],
    [
      "flag",
      z
        .union([z.literal(1), z.literal("1"), z.literal(true)])
        .optional()
        .catch(undefined),
      flag,
    ],
    ["pageNumber", z.coerce.number().int().min(1).optional().catch(undefined), pageNumber],
    ["seed", z.coerce.number().int().nonnegative().optional(), seed],
    [
      "oneOf",
      z.enum(["expired", "replaced", "offline", "password-changed"]).optional(),
      (value) => oneOf(["expired", "replaced", "offline", "password-changed"], value, "reason"),
    ],
  ];
  for (const [name, schema, read] of cases)
    it(`${name} reads every value as the route's zod schema did`, () => {
      for (const value of [...VALUES, "expired", "offline", "other"])
        expect([value, viaReader(read, value)]).toEqual([value, viaZod(schema, value)]);
    });
});
