/**
 * The bad inputs of the route fuzz (route-fuzz.test.ts), built from a catalogue entry alone:
 * its path params, its query schema's keys and its body schema's fields (and one level below
 * them) each replaced by values an attacker would try (wrong types, huge or NUL-carrying text,
 * unicode, SQL injection, path traversal, ids past a 32-bit column, impossible dates, deep
 * nesting), plus malformed and oversized bodies, other content types, methods the path does not
 * serve, forged session cookies and bad Idempotency-Keys.
 *
 * Every case also says whether the entry's own schemas refuse it, judged the way mountRoute reads
 * the request (Hono's query map, the JSON or form body of the entry's body kind): a refused input
 * must be answered with a 4xx; an input the schemas take (an unknown query key, an injection string
 * in a free-text field) reaches the handler and must merely not fail.
 *
 *   { label: "{id} = %00", method: "GET", path: "/api/user/last-pt-result/%00", refused: true }
 */
import { type RouteEntry, routeKey, routes, unread } from "@preflight/sync-protocol/routes/index";
import { TEST_TYPES } from "@preflight/sync-protocol/rules/constants";
import { z } from "zod";
import { SESSION_COOKIE } from "../auth/session.ts";
import { APP_ORIGIN } from "../test-support/harness.ts";
import { paramNames, pathOf, SAMPLE_VALUES, sampleParams } from "./catalogue-samples.ts";
import { formObject } from "./form-body.ts";
import { multipartObject } from "./multipart-body.ts";

export interface FuzzCase {
  /** What is bad about it, for the failure list: "{id} = %00", "body email = null". */
  label: string;
  method: RouteEntry["method"];
  /** Path and query as they travel. */
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** The entry's schemas refuse this input, so only a 4xx answers it. */
  refused: boolean;
  /** A forged session cookie sent instead of the signed-in one. */
  cookie?: string;
}

const HUGE_PARAM = 10_000;
const HUGE_TEXT = 100_000;
const BIG_BODY = 2 * 1024 * 1024;
const DEPTH = 1_000;

const INJECTIONS = ["1 OR 1=1", "'; DROP TABLE users;--"];
const UNICODE = "Zoë ✈️🛩 \u202eevil ﷽ 𝔘";

/** Path param values as they travel in the URL (already percent-encoded where needed). */
const BAD_PATH_VALUES: [label: string, raw: string][] = [
  ["a quote", "a'b"],
  ["NUL", "%00"],
  ["a newline", "a%0Ab"],
  ["a fraction", "1.5"],
  ["10k digits", "9".repeat(HUGE_PARAM)],
  ["10k letters", "x".repeat(HUGE_PARAM)],
  ["unicode", encodeURIComponent(UNICODE)],
  ["emoji", "%F0%9F%9B%A9"],
  ...INJECTIONS.map((s): [string, string] => ["SQL injection", encodeURIComponent(s)]),
  ["path traversal", "..%2F..%2Fetc%2Fpasswd"],
  ["encoded dots traversal", "%2e%2e%2f%2e%2e%2fpackage.json"],
  ["backslash traversal", "..%5C..%5Cpackage.json"],
  ["a negative number", "-1"],
  ["2^63", "9223372036854775808"],
  ["2^31 (past a 32-bit integer column)", "2147483648"],
  ["broken percent-encoding", "%E0%A4%A"],
  ["LIKE wildcards", "%25_%5C"],
];

/** Query values (text, as every query value is). */
const BAD_QUERY_VALUES: [label: string, value: string][] = [
  ["empty", ""],
  ["not a number", "abc"],
  ["a fraction", "1.5"],
  ["a negative number", "-1"],
  ["2^63", "9223372036854775808"],
  ["2^31", "2147483648"],
  ["an impossible date", "2026-13-45"],
  ["10k chars", "x".repeat(HUGE_PARAM)],
  ["NUL", "a\u0000b"],
  ["unicode", UNICODE],
  ...INJECTIONS.map((s): [string, string] => ["SQL injection", s]),
];

/** `depth` nested lists: [[[…]]]. */
function nested(depth: number): unknown {
  let value: unknown = [];
  for (let i = 1; i < depth; i++) value = [value];
  return value;
}

/** Body field values, each of some type most fields do not take. */
const BAD_FIELD_VALUES: [label: string, value: unknown][] = [
  ["null", null],
  ["true", true],
  ["1.5", 1.5],
  ["-1", -1],
  ["2^63", 2 ** 63],
  ["2^63 as text", "9223372036854775808"],
  ["2^31 (past a 32-bit integer column)", 2 ** 31],
  ["-2^31 - 1", -(2 ** 31) - 1],
  ["2^53 - 1", Number.MAX_SAFE_INTEGER],
  ["1e308", 1e308],
  ["an impossible date", "2026-13-45"],
  ["an impossible month", "2026-00"],
  ["an impossible time", "2026-02-30T25:61:00.000Z"],
  ["LIKE wildcards and a trailing backslash", "%_\\"],
  ["empty text", ""],
  ["100k chars", "x".repeat(HUGE_TEXT)],
  ["NUL", "a\u0000b"],
  ["unicode", UNICODE],
  ["a lone surrogate", "a\ud800b"],
  ...INJECTIONS.map((s): [string, unknown] => ["SQL injection", s]),
  ["a list", ["'; DROP TABLE users;--"]],
  ["an operator object", { $gt: "" }],
  ["1,000 levels deep", nested(DEPTH)],
];

/** A whole body that is not the entry's object: not JSON at all, or JSON of another shape. */
const BAD_JSON_TEXTS: [label: string, text: string][] = [
  ["empty", ""],
  ["malformed {", "{"],
  ["malformed [1,", "[1,"],
  ["a raw NUL", "\u0000"],
  ["a byte-order mark", "\ufeff{}"],
  ["trailing garbage", '{"a":1}x'],
  ["a NUL string", '"\\u0000"'],
  ["a list", "[]"],
  ["a number", "1"],
  ["a string", '"text"'],
  ["null", "null"],
  ["1,000 levels deep", `${'{"a":'.repeat(DEPTH)}1${"}".repeat(DEPTH)}`],
  ["a prototype key", '{"__proto__":{"role":"maintenance"},"constructor":{"prototype":{"role":"maintenance"}}}'],
];

/** Candidate values for a sample body or query: each field takes the first its schema accepts. */
const FIELD_SAMPLES: unknown[] = [
  1,
  "1",
  true,
  null,
  "010",
  "0192f0c4-0000-7000-8000-000000000001",
  "0192f0c4-0000-7000-8000-000000000001:1",
  "fuzz@preflight.test",
  "Fuzz-passphrase-2026!",
  "2026-11-21T09:00:00.000Z",
  "2026-11-21",
  "2026-11",
  "s1-010-v1",
  ...TEST_TYPES,
  [],
  {},
];

/** The fields of an object schema (refined or not), else none. */
export function objectShape(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  return schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : undefined;
}

/** The schema under a default, optional or nullable. */
function unwrap(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodOptional || schema instanceof z.ZodNullable)
    return unwrap(schema.unwrap() as z.ZodType);
  return schema;
}

/** A value the schema takes: a candidate, an enum's first option, or an object or list built of such (else undefined). */
function sampleValue(schema: z.ZodType, candidates: unknown[]): unknown {
  const fits = candidates.find((value) => schema.safeParse(value).success);
  if (fits !== undefined) return fits;
  const inner = unwrap(schema);
  let built: unknown;
  if (inner instanceof z.ZodEnum) built = inner.options[0];
  else if (inner instanceof z.ZodLiteral) built = inner.value;
  else if (inner instanceof z.ZodObject) built = sampleObject(inner.shape as Record<string, z.ZodType>, candidates);
  else if (inner instanceof z.ZodArray) built = [sampleValue(inner.element as z.ZodType, candidates)];
  return built !== undefined && schema.safeParse(built).success ? built : undefined;
}

/**
 * A sample of the object: an optional field (or one with a default) left out, every other a value its schema takes; a
 * field the whole object still refuses (a confirmation that must equal another field) is given
 * each other field's value in turn.
 */
function sampleObject(
  shape: Record<string, z.ZodType>,
  candidates: unknown[],
  whole?: z.ZodType,
): Record<string, unknown> {
  const sample: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(shape)) {
    if (field instanceof z.ZodOptional || field instanceof z.ZodDefault) continue;
    const value = sampleValue(field, candidates);
    if (value !== undefined) sample[name] = value;
  }
  const result = whole?.safeParse(sample);
  if (!whole || !result || result.success) return sample;
  for (const name of new Set(result.error.issues.map((issue) => String(issue.path[0])))) {
    const other = Object.values(sample).find((value) => whole.safeParse({ ...sample, [name]: value }).success);
    if (other !== undefined) sample[name] = other;
  }
  return sample;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * A field's sample with one part bad: each field of an object (`.key = …`), or the first item of
 * a list (`[0] = …`, `[0].key = …`). Nothing for a field of another kind.
 */
function nestedBadValues(field: z.ZodType, sample: unknown): [label: string, value: unknown][] {
  const inner = unwrap(field);
  const out: [string, unknown][] = [];
  const inObject = (
    shape: Record<string, z.ZodType>,
    base: Record<string, unknown>,
    wrap: (v: unknown) => unknown,
    at: string,
  ) => {
    for (const key of Object.keys(shape))
      for (const [label, value] of BAD_FIELD_VALUES)
        out.push([`${at}.${key} = ${label}`, wrap({ ...base, [key]: value })]);
  };
  if (inner instanceof z.ZodObject && isRecord(sample)) inObject(inner.shape, sample, (v) => v, "");
  if (inner instanceof z.ZodArray && Array.isArray(sample) && sample.length > 0) {
    const item = unwrap(inner.element as z.ZodType);
    if (item instanceof z.ZodObject && isRecord(sample[0]))
      inObject(item.shape, sample[0], (v) => [v, ...sample.slice(1)], "[0]");
    else for (const [label, value] of BAD_FIELD_VALUES) out.push([`[0] = ${label}`, [value, ...sample.slice(1)]]);
  }
  return out;
}

/** Whether the entry reads a body at all (a queued write's GET form and "none" kinds do not). */
function readsBody(entry: RouteEntry): boolean {
  return entry.bodyKind !== "none";
}

/** Refused as mountRoute reads a JSON body of this entry. */
function refusesJson(entry: RouteEntry, text: string): boolean {
  if (!readsBody(entry)) return false;
  // A multipart entry reads no JSON at all (415).
  if (entry.bodyKind === "multipart") return true;
  if (entry.bodyKind === "optional-json" && text.trim() === "") return entry.body.safeParse({}).success === false;
  let value: unknown;
  try {
    // Reading a body as text drops a leading byte-order mark (the Fetch standard's UTF-8 decode).
    value = JSON.parse(text.replace(/^\ufeff/, ""));
  } catch {
    return true;
  }
  return !entry.body.safeParse(value).success;
}

/** Hono's query map as the query validator reads it: a repeated key is a list. */
function queryObject(search: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(search.keys())) {
    const all = search.getAll(key);
    out[key] = all.length === 1 ? (all[0] as string) : all;
  }
  return out;
}

function safeDecode(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Every method and path the catalogue serves, e.g. "POST /zoom". */
const served = new Set((Object.values(routes) as RouteEntry[]).map(routeKey));

/** The headers of a request from the app's own page: the fuzz must reach validation, not the origin check. */
const FROM_APP = { Origin: APP_ORIGIN, "Sec-Fetch-Site": "same-origin" };
const JSON_HEADERS = { ...FROM_APP, "Content-Type": "application/json" };

/**
 * Every bad input of one entry. `known`: values of records that exist (a test in progress, one of
 * its questions), tried first for the samples the bad values replace, so more cases get past the
 * lookups to the code that uses the values.
 */
export function fuzzCases(entry: RouteEntry, known: (string | number)[] = []): FuzzCase[] {
  const cases: FuzzCase[] = [];
  const samples = [...known, ...FIELD_SAMPLES];
  const params = sampleParams(entry, [...known.map(String), ...SAMPLE_VALUES]);
  const basePath = pathOf(entry, params);
  const querySchema = entry.query === unread ? undefined : entry.query;
  const queryShape = querySchema ? (objectShape(querySchema) ?? {}) : {};
  const baseQuery = sampleObject(
    queryShape,
    samples.filter((v) => typeof v === "string"),
  );
  const bodyShape = readsBody(entry) ? objectShape(entry.body) : undefined;
  const baseBody = bodyShape ? sampleObject(bodyShape, samples, entry.body) : {};
  const write = entry.method !== "GET";
  const baseBodyText = JSON.stringify(baseBody);
  const withBody = (text: string, headers: Record<string, string> = JSON_HEADERS) =>
    write ? { headers, body: text } : { headers: FROM_APP };
  const queryRefused = (search: URLSearchParams) =>
    querySchema !== undefined && !querySchema.safeParse(queryObject(search)).success;
  const baseSearch = new URLSearchParams(baseQuery as Record<string, string>);
  const withQuery = (path: string, search: URLSearchParams) => (search.size ? `${path}?${search}` : path);
  const baseRefused = queryRefused(baseSearch) || (write && refusesJson(entry, baseBodyText));

  // Path params: each replaced by every bad value, the rest kept at their samples.
  for (const name of paramNames(entry)) {
    for (const [label, raw] of BAD_PATH_VALUES) {
      const refused = !entry.params.safeParse({ ...params, [name]: safeDecode(raw) }).success;
      cases.push({
        label: `{${name}} = ${label}`,
        method: entry.method,
        path: withQuery(pathOf(entry, { ...params, [name]: raw }, [name]), baseSearch),
        ...withBody(baseBodyText),
        refused: refused || baseRefused,
      });
    }
  }

  // Query: each key of the schema given every bad value, and as a list; then a key no schema names.
  const queryCase = (label: string, search: URLSearchParams) =>
    cases.push({
      label: `query ${label}`,
      method: entry.method,
      path: withQuery(basePath, search),
      ...withBody(baseBodyText),
      refused: queryRefused(search) || (write && refusesJson(entry, baseBodyText)),
    });
  for (const key of Object.keys(queryShape)) {
    for (const [label, value] of BAD_QUERY_VALUES) {
      const search = new URLSearchParams(baseSearch);
      search.set(key, value);
      queryCase(`${key} = ${label}`, search);
    }
    const repeated = new URLSearchParams(baseSearch);
    repeated.delete(key);
    repeated.append(key, "1");
    repeated.append(key, "'; DROP TABLE users;--");
    queryCase(`${key} repeated`, repeated);
  }
  const unknown = new URLSearchParams(baseSearch);
  unknown.set("fuzz_unknown", "'; DROP TABLE users;--\u0000");
  queryCase("an unknown key", unknown);

  // A method the path does not serve: no route (404).
  for (const method of ["PUT", "PATCH", "DELETE"] as const) {
    if (served.has(`${method} ${entry.path}`)) continue;
    cases.push({
      label: `method ${method}`,
      method,
      path: basePath,
      headers: JSON_HEADERS,
      body: baseBodyText,
      refused: true,
    });
  }

  // A forged session cookie: signed out, whatever else is sent.
  if (entry.auth !== "none") {
    for (const [label, value] of [
      ["SQL injection", encodeURIComponent("' OR 1=1;--")],
      ["10k chars", "x".repeat(HUGE_PARAM)],
      ["NUL", "%00"],
    ]) {
      cases.push({
        label: `session cookie = ${label}`,
        method: entry.method,
        path: withQuery(basePath, baseSearch),
        ...withBody(baseBodyText),
        refused: true,
        cookie: `${SESSION_COOKIE}=${value}`,
      });
    }
  }

  if (!write) return cases;

  // Bodies: the whole body malformed or of another shape, then each field bad in turn.
  const bodyCase = (label: string, text: string, refused = refusesJson(entry, text)) =>
    cases.push({
      label: `body ${label}`,
      method: entry.method,
      path: withQuery(basePath, baseSearch),
      headers: JSON_HEADERS,
      body: text,
      refused: refused || queryRefused(baseSearch),
    });
  for (const [label, text] of BAD_JSON_TEXTS) bodyCase(label, text);
  const firstText = Object.entries(bodyShape ?? {}).find(([, field]) => field.safeParse("x").success)?.[0];
  bodyCase("of 2 MB", JSON.stringify({ ...baseBody, [firstText ?? "padding"]: "x".repeat(BIG_BODY) }));
  for (const [name, field] of Object.entries(bodyShape ?? {})) {
    for (const [label, value] of BAD_FIELD_VALUES)
      bodyCase(`${name} = ${label}`, JSON.stringify({ ...baseBody, [name]: value }));
    // One level down: each field of an object, or of a list's first item, bad in turn.
    for (const [path, value] of nestedBadValues(field, baseBody[name]))
      bodyCase(`${name}${path}`, JSON.stringify({ ...baseBody, [name]: value }));
  }

  // A queued write served online takes an Idempotency-Key, which must be a uuid.
  if (entry.mutation !== undefined) {
    for (const [label, key] of [
      ["SQL injection", "'; DROP TABLE users;--"],
      ["10k chars", "x".repeat(HUGE_PARAM)],
    ]) {
      cases.push({
        label: `Idempotency-Key = ${label}`,
        method: entry.method,
        path: basePath,
        headers: { ...JSON_HEADERS, "Idempotency-Key": key as string },
        body: baseBodyText,
        refused: true,
      });
    }
  }

  // Other content types: refused before any handler reads them (415), or by a form's reader (400).
  const otherType = (label: string, type: string, text: string) =>
    cases.push({
      label: `content type ${label}`,
      method: entry.method,
      path: withQuery(basePath, baseSearch),
      headers: { ...FROM_APP, "Content-Type": type },
      body: text,
      refused: true,
    });
  otherType("text/plain", "text/plain", baseBodyText);
  if (entry.bodyKind !== "multipart")
    otherType(
      "multipart",
      "multipart/form-data; boundary=fuzz",
      `--fuzz\r\nContent-Disposition: form-data; name="a"\r\n\r\n'; DROP TABLE users;--\r\n--fuzz--\r\n`,
    );
  otherType("XML", "application/xml", "<a>1</a>");

  if (entry.bodyKind === "multipart") cases.push(...multipartCases(entry, basePath, bodyShape ?? {}, baseBody));

  // The joining forms also take an ordinary form post: the same bad values as form fields.
  if (entry.bodyKind === "form") {
    const formType = { ...FROM_APP, "Content-Type": "application/x-www-form-urlencoded" };
    const formCase = (label: string, text: string) =>
      cases.push({
        label: `form ${label}`,
        method: entry.method,
        path: basePath,
        headers: formType,
        body: text,
        refused: !entry.body.safeParse(formObject(text, entry.body)).success,
      });
    const baseFields = Object.entries(baseBody).map(([k, v]): [string, string] => [k, String(v)]);
    formCase("broken percent-encoding", "a=%E0%A4%A&b=%");
    for (const name of Object.keys(bodyShape ?? {})) {
      const others = baseFields.filter(([k]) => k !== name);
      for (const [label, value] of BAD_QUERY_VALUES) {
        formCase(`${name} = ${label}`, new URLSearchParams([...others, [name, value]]).toString());
      }
      formCase(`${name} = 100k chars`, new URLSearchParams([...others, [name, "x".repeat(HUGE_TEXT)]]).toString());
      formCase(`${name} = 1,000 [`, new URLSearchParams([...others, [name, "[".repeat(DEPTH)]]).toString());
      formCase(
        `${name}[] as a list`,
        new URLSearchParams([...others, [`${name}[]`, "1"], [`${name}[]`, "x"]]).toString(),
      );
    }
  }
  return cases;
}

const BOUNDARY = "fuzzboundary";

/** A multipart body of text fields and (text-only) files, as it travels. */
function multipartText(fields: [name: string, value: string, file?: boolean][]): string {
  const parts = fields.map(
    ([name, value, file]) =>
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${file ? '; filename="f.png"\r\nContent-Type: image/png' : ""}\r\n\r\n${value}\r\n`,
  );
  return `${parts.join("")}--${BOUNDARY}--\r\n`;
}

/**
 * A multipart entry's bad inputs: each text field given every bad value, a field as a file, a
 * file that is no image, too many files, and a body that is no multipart at all. Judged by the
 * schema on the object mountRoute would read (multipart-body.ts).
 */
function multipartCases(
  entry: RouteEntry,
  path: string,
  shape: Record<string, z.ZodType>,
  base: Record<string, unknown>,
): FuzzCase[] {
  const headers = { ...FROM_APP, "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` };
  const textFields = Object.entries(base).filter((e): e is [string, string] => typeof e[1] === "string");
  const encoder = new TextEncoder();
  const cases: FuzzCase[] = [];
  const add = (label: string, fields: [string, string, boolean?][], refused?: boolean) => {
    const object = multipartObject(
      fields.map(([name, value, file]) => [name, file ? { bytes: encoder.encode(value) } : value]),
      entry.body,
    );
    cases.push({
      label: `multipart ${label}`,
      method: entry.method,
      path,
      headers,
      body: multipartText(fields),
      refused: refused ?? !entry.body.safeParse(object).success,
    });
  };
  for (const name of Object.keys(shape)) {
    const others = textFields.filter(([k]) => k !== name);
    for (const [label, value] of BAD_QUERY_VALUES) add(`${name} = ${label}`, [...others, [name, value]]);
    add(`${name} = 100k chars`, [...others, [name, "x".repeat(HUGE_TEXT)]]);
    add(`${name} as a file`, [...others, [name, "not an image", true]]);
    add(`${name}[] as a list`, [...others, [`${name}[]`, "1"], [`${name}[]`, "x"]]);
  }
  add("a prototype key", [...textFields, ["__proto__", "x"], ["constructor", "y"]]);
  add("no boundary end", textFields, true);
  const last = cases.at(-1) as FuzzCase;
  last.body = (last.body as string).slice(0, -12);
  cases.push({
    label: "multipart without a boundary",
    method: entry.method,
    path,
    headers: { ...FROM_APP, "Content-Type": "multipart/form-data" },
    body: "x",
    refused: true,
  });
  return cases;
}
