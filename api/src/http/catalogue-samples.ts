/**
 * Paths of catalogue entries for the suites that walk the catalogue (catalogue.test.ts,
 * route-fuzz.test.ts): each entry's path params, a sample value each param's schema accepts,
 * and the path built from them.
 */
import { type RouteEntry, routeKey } from "@preflight/sync-protocol/routes/index";
import { TEST_TYPES } from "@preflight/sync-protocol/rules/constants";

/** Values a path param may take somewhere in the catalogue: each param's sample is the first its schema accepts. */
export const SAMPLE_VALUES = [
  "1",
  "010",
  "0192f0c4-0000-7000-8000-000000000001",
  "s1-010-v1",
  "010-airspace-vmc.svg",
  ...TEST_TYPES,
];

/** The names of the entry's path params, in path order. */
export const paramNames = (entry: RouteEntry) => [...entry.path.matchAll(/\{([a-z_]+)\}/g)].map((m) => m[1] as string);

/** The entry's params, each the first of `values` its schema accepts (throws when none fits). */
export function sampleParams(entry: RouteEntry, values: string[] = SAMPLE_VALUES): Record<string, string> {
  const params: Record<string, string> = {};
  for (const name of paramNames(entry)) {
    const fits = values.find((value) => {
      const result = entry.params.safeParse({ ...params, [name]: value });
      return result.success || !result.error.issues.some((issue) => issue.path[0] === name);
    });
    if (fits === undefined) throw new Error(`No sample value fits {${name}} of ${routeKey(entry)}`);
    params[name] = fits;
  }
  return params;
}

/** The entry's path with these params, each as it travels in a URL (those named in `raw` as given). */
export function pathOf(entry: RouteEntry, params: Record<string, string>, raw: string[] = []): string {
  return entry.path.replace(/\{([a-z_]+)\}/g, (_, name: string) => {
    const value = params[name] as string;
    return raw.includes(name) ? value : encodeURIComponent(value);
  });
}
