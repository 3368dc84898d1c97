/** Lesson search (spec study 7: POST /search, GET /search/subjects). */
import { z } from "zod";
import { isSearchable, LESSON_FILTERS, SEARCH_MIN_LENGTH } from "../rules/lesson-search.ts";

const subjectCode = z.string().regex(/^\d{3}$/, "subject must be all or a subject code such as 010");

export const searchRequestSchema = z.strictObject({
  search_term: z
    .string("search_term must be text")
    .max(200, "search_term must be at most 200 characters")
    .refine(isSearchable, `search_term must have at least ${SEARCH_MIN_LENGTH} characters`),
  lessons: z.enum(LESSON_FILTERS, "lessons must be all, started or completed").default("all"),
  subject: z.union([z.literal("all"), subjectCode], "subject must be all or a subject code such as 010").default("all"),
  whole_word: z.boolean("whole_word must be true or false").default(false),
});
export type SearchRequest = z.infer<typeof searchRequestSchema>;

export const searchResultSchema = z.object({
  lesson_id: z.number().int(),
  title: z.string(),
  subject: z.string(),
  page: z.number().int(),
  /** Html: the text around the hit, the hit in <mark>. */
  match: z.string(),
  score: z.number(),
});
export const searchReplySchema = z.object({ results: z.array(searchResultSchema) });
export type SearchReply = z.infer<typeof searchReplySchema>;

export const searchSubjectSchema = z.object({ id: z.string(), code: z.string(), title: z.string() });
export type SearchSubject = z.infer<typeof searchSubjectSchema>;
export const searchSubjectsReplySchema = z.object({ subjects: z.array(searchSubjectSchema) });
export type SearchSubjectsReply = z.infer<typeof searchSubjectsReplySchema>;
