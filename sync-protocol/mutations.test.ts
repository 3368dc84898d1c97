import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { callFor, MUTATIONS, type MutationTemplate, resolveCall } from "./mutations.ts";
import { TEST_TYPES } from "./rules/constants.ts";

const TEST_ID = "0192f0c4-5b7e-7a1c-9d2e-3f4a5b6c7d8e";
const TEMPLATES = Object.keys(MUTATIONS) as MutationTemplate[];

/** Path parameters as a device fills them, by name; any other name gets a plain value. */
const SAMPLE_PARAM: Record<string, string> = { test_type: "practice", id: TEST_ID };

/** A template with its parameters filled in, and the parameters used. */
function sample(template: MutationTemplate): { params: Record<string, string>; call: string } {
  const params: Record<string, string> = {};
  const call = template.replace(/\{([a-z_]+)\}/g, (_, name: string) => {
    params[name] = SAMPLE_PARAM[name] ?? "10001";
    return params[name];
  });
  return { params, call };
}

/** What a path parameter may hold: [A-Za-z0-9_-]+. */
const paramValue = fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/);

describe("the mutation catalogue", () => {
  it("[OB5] holds the test-taking calls a device may queue", () => {
    expect(TEMPLATES).toEqual(
      expect.arrayContaining([
        "POST /test/generate/{test_type}",
        "POST /test/current/save",
        "POST /test/current/finish/{id}",
      ]),
    );
  });

  it.each(TEMPLATES)("[OB5] %s is a POST to a path, written as METHOD space /path", (template) => {
    expect(template).toMatch(/^POST \/[a-z0-9_/{}-]+$/);
  });

  it("[OB5] callFor fills the path parameters", () => {
    expect(callFor("POST /test/generate/{test_type}", { test_type: "practice" })).toBe("POST /test/generate/practice");
    expect(callFor("POST /test/current/finish/{id}", { id: TEST_ID })).toBe(`POST /test/current/finish/${TEST_ID}`);
    expect(callFor("POST /test/current/save")).toBe("POST /test/current/save");
  });

  it.each(TEMPLATES)("[OB6] resolveCall reads back what callFor wrote for %s", (template) => {
    const { params, call } = sample(template);
    expect(callFor(template, params)).toBe(call);
    expect(resolveCall(call)).toEqual({ template, method: "POST", path: call.slice("POST ".length), params });
  });

  it.each(TEMPLATES)("[OB6] %s round-trips every parameter value made of letters, digits, _ and -", (template) => {
    const names = Object.keys(sample(template).params);
    fc.assert(
      fc.property(fc.array(paramValue, { minLength: names.length, maxLength: names.length }), (values) => {
        const params = Object.fromEntries(names.map((name, i) => [name, values[i] as string]));
        expect(resolveCall(callFor(template, params))).toMatchObject({ template, params });
      }),
    );
  });

  it("[OB6] extracts the path parameter of a finish call", () => {
    expect(resolveCall(`POST /test/current/finish/${TEST_ID}`)).toEqual({
      template: "POST /test/current/finish/{id}",
      method: "POST",
      path: `/test/current/finish/${TEST_ID}`,
      params: { id: TEST_ID },
    });
  });

  it.each(TEST_TYPES)("[OB6] resolves a generate call for the test type %s", (testType) => {
    expect(resolveCall(`POST /test/generate/${testType}`)).toEqual({
      template: "POST /test/generate/{test_type}",
      method: "POST",
      path: `/test/generate/${testType}`,
      params: { test_type: testType },
    });
  });

  it("[OB6] a call without path parameters resolves with none", () => {
    expect(resolveCall("POST /test/current/save")?.params).toEqual({});
  });

  it("[OB6] a path parameter is not checked against the body here; the effect compares them", () => {
    expect(resolveCall("POST /test/generate/not_a_type")?.template).toBe("POST /test/generate/{test_type}");
  });

  it("[OB5] callFor refuses to build a call with a missing path parameter", () => {
    expect(() => callFor("POST /test/current/finish/{id}")).toThrow(
      "missing path parameter id for POST /test/current/finish/{id}",
    );
    expect(() => callFor("POST /test/generate/{test_type}", { id: TEST_ID })).toThrow(
      "missing path parameter test_type for POST /test/generate/{test_type}",
    );
  });

  it("[OB5] callFor ignores parameters the template does not name", () => {
    expect(callFor("POST /test/current/save", { id: TEST_ID })).toBe("POST /test/current/save");
  });

  it.each([
    ["another method", "GET /test/current/save"],
    ["a lower-case method", "post /test/current/save"],
    ["an unknown path", "POST /test/current/saved"],
    ["an unknown call", "POST /no/such/call"],
    ["a spec call that is not queued", "POST /test/current/next"],
    ["a prefix before the path", "POST /api/test/current/save"],
    ["a trailing slash", "POST /test/current/save/"],
    ["a query string", "POST /test/current/save?x=1"],
    ["the template itself", "POST /test/generate/{test_type}"],
    ["an empty path parameter", "POST /test/current/finish/"],
    ["a path parameter with a slash", `POST /test/current/finish/${TEST_ID}/x`],
    ["a path parameter with a dot", "POST /test/current/finish/a.b"],
    ["a percent-encoded path parameter", "POST /test/current/finish/a%20b"],
    ["a leading space", " POST /test/current/save"],
    ["a trailing space", "POST /test/current/save "],
    ["two spaces between method and path", "POST  /test/current/save"],
    ["a tab between method and path", "POST\t/test/current/save"],
    ["a third word", "POST /test/current/save now"],
    ["a method alone", "POST"],
    ["a path alone", "/test/current/save"],
    ["nothing", ""],
  ])("[OB6] resolveCall rejects %s", (_name, call) => {
    expect(resolveCall(call)).toBeNull();
  });

  it("[OB5] each catalogue schema accepts a body the device queues", () => {
    expect(
      MUTATIONS["POST /test/generate/{test_type}"].safeParse({
        user_test_id: TEST_ID,
        test_type: "practice",
        title: "Practice",
        display_answers: "after_test",
        time_limit: null,
        pass_percentage: null,
        question_ids: [10001, 10002],
        started: "2026-11-21T09:14:03.120Z",
      }).success,
    ).toBe(true);
    expect(
      MUTATIONS["POST /test/current/save"].safeParse({ user_test_id: TEST_ID, question_id: 10001, answers: [1000102] })
        .success,
    ).toBe(true);
    expect(MUTATIONS["POST /test/current/finish/{id}"].parse({})).toEqual({ flush_session: true });
  });

  // resolveCall only reads parameter values made of [A-Za-z0-9_-]. Were callFor to write any
  // other value (a space, a slash, a dot), the stored mutation could never be resolved by the
  // server: it would fail as "Unknown call" and be parked. So callFor throws on such a value.
  it("[OB5] callFor refuses a path parameter that resolveCall could not read back", () => {
    for (const id of ["a b", "a/b", "a.b", ""])
      expect(() => callFor("POST /test/current/finish/{id}", { id })).toThrow();
  });
});
