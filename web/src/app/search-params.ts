/**
 * The routes' search parameters, read without zod: the route definitions load with the route
 * tree, on every first page, and zod's schemas were a sixth of the sign-in page's script. Each
 * reader keeps the rule the route's zod schema had (search-params.test.ts checks them against
 * it): a value that cannot be read is dropped (`catch`), except the seed, which fails the route
 * as the schema did.
 */

type Search = Record<string, unknown>;

/** The keys that may be undefined become optional ones, as zod's `.optional()` keys are. */
type Optional<T> = { [K in keyof T as undefined extends T[K] ? K : never]?: Exclude<T[K], undefined> } & {
  [K in keyof T as undefined extends T[K] ? never : K]: T[K];
};

/** Only the keys with a value: an absent parameter stays absent. */
function defined<T extends Search>(search: T): Optional<T> {
  for (const key of Object.keys(search)) if (search[key] === undefined) delete search[key];
  return search as Optional<T>;
}

/** z.union([z.string(), z.number()]).transform(String).optional().catch(undefined) */
export function textOrNumber(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return undefined;
}

/** z.string().optional().catch(undefined) */
export function text(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** z.union([z.literal(1), z.literal("1"), z.literal(true)]).optional().catch(undefined) */
export function flag(value: unknown): 1 | "1" | true | undefined {
  return value === 1 || value === "1" || value === true ? value : undefined;
}

/** z.coerce.number().int().min(1).optional().catch(undefined) */
export function pageNumber(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : undefined;
}

/** z.coerce.number().int().nonnegative().optional(): a seed that is not one fails the route. */
export function seed(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) throw new Error(`seed: expected a whole number from 0, got ${value}`);
  return number;
}

/** ?seed=N on the test choosers. */
export function seedSearch(search: Search): { seed?: number } {
  return defined({ seed: seed(search.seed) });
}

/** z.enum(values).optional(): another value fails the route. */
export function oneOf<const T extends string>(values: readonly T[], value: unknown, name: string): T | undefined {
  if (value === undefined) return undefined;
  const found = values.find((v) => v === value);
  if (found === undefined) throw new Error(`${name}: expected one of ${values.join(", ")}`);
  return found;
}

export { defined as definedSearch };
