import type { z } from "zod";
import { progressResetSchema } from "./schemas/analysis.ts";
import { courseDatesUpdateSchema, preferencesUpdateSchema, profileAccountSchema } from "./schemas/profile.ts";
import { flagQuestionSchema, reviewSchema, seenInExamSchema, unflagAllSchema, zoomSchema } from "./schemas/question.ts";
import { lessonProgressSchema } from "./schemas/syllabus.ts";
import { finishTestSchema, generateTestSchema, saveAnswerSchema } from "./schemas/test.ts";

/**
 * The catalogue of queued writes: each spec call a device may make offline, with the schema
 * of its body. A stored mutation names the concrete call, e.g.
 *   { call: "POST /test/current/finish/0192f0c4-…", body: { flush_session: true } }
 * and both sides resolve it against these templates.
 */
export const MUTATIONS = {
  "POST /test/generate/{test_type}": generateTestSchema,
  "POST /test/current/save": saveAnswerSchema,
  "POST /test/current/finish/{id}": finishTestSchema,
  "POST /api/question/flag": flagQuestionSchema,
  "POST /api/question/unflag_all": unflagAllSchema,
  "POST /questions/{id}/seen-in-exam": seenInExamSchema,
  "POST /api/review": reviewSchema,
  "POST /zoom": zoomSchema,
  "POST /api/lesson/progress": lessonProgressSchema,
  "POST /profile/course-dates": courseDatesUpdateSchema,
  "POST /profile/account": profileAccountSchema,
  "POST /profile/preferences": preferencesUpdateSchema,
  // The spec's GET /analysis/progress/reset/{subject_id}: a write, so queued and sent as POST.
  "POST /analysis/progress/reset/{subject_id}": progressResetSchema,
} as const satisfies Record<string, z.ZodType>;

export type MutationTemplate = keyof typeof MUTATIONS;
export type MutationBody<T extends MutationTemplate> = z.infer<(typeof MUTATIONS)[T]>;

export interface ResolvedCall {
  template: MutationTemplate;
  method: string;
  path: string;
  params: Record<string, string>;
}

const PARAM = /\{([a-z_]+)\}/g;
/** The characters a queued call's path parameter may hold. */
export const PARAM_VALUE = /^[A-Za-z0-9_-]+$/;
const compiled = (Object.keys(MUTATIONS) as MutationTemplate[]).map((template) => {
  const [method, pathTemplate] = template.split(" ") as [string, string];
  const names = [...pathTemplate.matchAll(PARAM)].map((m) => m[1] as string);
  const pattern = new RegExp(
    `^${pathTemplate.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(PARAM, `(${PARAM_VALUE.source.slice(1, -1)})`)}$`,
  );
  return { template, method, pattern, names };
});

/** Finds the catalogue entry for a concrete call such as "POST /test/current/finish/abc". */
export function resolveCall(call: string): ResolvedCall | null {
  const [method, path, extra] = call.split(" ");
  if (!method || !path || extra !== undefined) return null;
  for (const entry of compiled) {
    if (entry.method !== method) continue;
    const match = entry.pattern.exec(path);
    if (!match) continue;
    const params: Record<string, string> = {};
    entry.names.forEach((name, i) => {
      params[name] = match[i + 1] as string;
    });
    return { template: entry.template, method, path, params };
  }
  return null;
}

/** Builds the concrete call for a template and its path parameters. */
export function callFor(template: MutationTemplate, params: Record<string, string> = {}): string {
  return template.replace(PARAM, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${template}`);
    // The same characters resolveCall reads back, so a queued call can always be resolved.
    if (!PARAM_VALUE.test(value)) throw new Error(`path parameter ${name} must match ${PARAM_VALUE}: ${value}`);
    return value;
  });
}
