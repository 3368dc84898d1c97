/**
 * The queued writes' calls without their schemas (mutations.ts has the catalogue with them and
 * re-exports this): resolving a stored call to its template and building one, for the modules
 * the first page loads (the outbox's enqueue, the pending reads), which must not bring every
 * write's zod schema along. mutations.ts checks that both name the same templates.
 */

/** Every template of the catalogue (MUTATIONS in mutations.ts), in its order. */
export const MUTATION_TEMPLATES = [
  "POST /test/generate/{test_type}",
  "POST /test/current/save",
  "POST /test/current/finish/{id}",
  "POST /api/question/flag",
  "POST /api/question/unflag_all",
  "POST /api/question/note",
  "POST /api/question/review_mark",
  "POST /questions/{id}/seen-in-exam",
  "POST /api/review",
  "POST /zoom",
  "POST /api/lesson/progress",
  "POST /profile/course-dates",
  "POST /profile/account",
  "POST /profile/preferences",
  "POST /analysis/progress/reset/{subject_id}",
  "POST /test/current/comment",
  "POST /questions/{id}/report-error",
] as const;

export type MutationTemplate = (typeof MUTATION_TEMPLATES)[number];

export interface ResolvedCall {
  template: MutationTemplate;
  method: string;
  path: string;
  params: Record<string, string>;
}

const PARAM = /\{([a-z_]+)\}/g;
/** The characters a queued call's path parameter may hold. */
export const PARAM_VALUE = /^[A-Za-z0-9_-]+$/;
const compiled = MUTATION_TEMPLATES.map((template) => {
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
