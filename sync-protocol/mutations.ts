import type { z } from "zod";
import type { MutationTemplate } from "./mutation-templates.ts";
import { progressResetSchema } from "./schemas/analysis.ts";
import { courseDatesUpdateSchema, preferencesUpdateSchema, profileAccountSchema } from "./schemas/profile.ts";
import {
  flagQuestionSchema,
  questionNoteSchema,
  reviewMarkSchema,
  reviewSchema,
  seenInExamSchema,
  unflagAllSchema,
  zoomSchema,
} from "./schemas/question.ts";
import { questionReportSchema, testCommentSchema } from "./schemas/question-comments.ts";
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
  "POST /api/question/note": questionNoteSchema,
  // A mark for review on a question (issue 19), synced like a note.
  "POST /api/question/review_mark": reviewMarkSchema,
  "POST /questions/{id}/seen-in-exam": seenInExamSchema,
  "POST /api/review": reviewSchema,
  "POST /zoom": zoomSchema,
  "POST /api/lesson/progress": lessonProgressSchema,
  "POST /profile/course-dates": courseDatesUpdateSchema,
  "POST /profile/account": profileAccountSchema,
  "POST /profile/preferences": preferencesUpdateSchema,
  // The spec's GET /analysis/progress/reset/{subject_id}: a write, so queued and sent as POST.
  "POST /analysis/progress/reset/{subject_id}": progressResetSchema,
  // A comment on an exam's question (issue 19): queued behind the answers, sent with the test.
  "POST /test/current/comment": testCommentSchema,
  // A report of an error in a question, for the content team (issue 19).
  "POST /questions/{id}/report-error": questionReportSchema,
  // Exactly the templates of mutation-templates.ts: a missing or an extra one does not compile.
} as const satisfies Record<MutationTemplate, z.ZodType>;

export type { MutationTemplate, ResolvedCall } from "./mutation-templates.ts";
export { callFor, MUTATION_TEMPLATES, PARAM_VALUE, resolveCall } from "./mutation-templates.ts";
export type MutationBody<T extends MutationTemplate> = z.infer<(typeof MUTATIONS)[T]>;
