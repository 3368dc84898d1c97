/**
 * The course progress graph 'My Progress' (spec study: "Course progress graph 'My Progress'",
 * entity "Analysis data", calls GET /analysis/course and GET /analysis/course/{module}).
 *
 * Reply, for the whole course or one module:
 *   { summary: { lessons: { completed, total }, progress_tests: { completed, total, score } },
 *     averaged: [ { Type: "Target", Data: [{ date: "2026-11-02", Percent: 25 }, …] },
 *                 { Type: "Completed", Data: [{ date: "2026-11-21", Percent: 10 }, …] } ] }
 * Dates are UTC days (YYYY-MM-DD) in ascending order; Percent is a whole number from 0 to 100.
 */
import { z } from "zod";

/** The two series of the chart, in the order the reply lists them. */
export const COURSE_PROGRESS_SERIES = ["Target", "Completed"] as const;
export type CourseProgressSeriesType = (typeof COURSE_PROGRESS_SERIES)[number];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Spec entity Summary: lessons {completed, total}, progress_tests {completed, total, score}. */
export const courseProgressSummarySchema = z.object({
  lessons: z.object({ completed: z.number().int().min(0), total: z.number().int().min(0) }),
  progress_tests: z.object({
    completed: z.number().int().min(0),
    total: z.number().int().min(0),
    /** The average of each progress test's latest finished attempt, rounded; null before any. */
    score: z.number().int().min(0).max(100).nullable(),
  }),
});
export type CourseProgressSummary = z.infer<typeof courseProgressSummarySchema>;

export const courseProgressPointSchema = z.object({
  date: z.string().regex(DAY, "date must be YYYY-MM-DD"),
  Percent: z.number().int().min(0).max(100),
});
export type CourseProgressPoint = z.infer<typeof courseProgressPointSchema>;

export const courseProgressSeriesSchema = z.object({
  Type: z.enum(COURSE_PROGRESS_SERIES),
  Data: z.array(courseProgressPointSchema),
});
export type CourseProgressSeries = z.infer<typeof courseProgressSeriesSchema>;

/** GET /analysis/course and GET /analysis/course/{module}: summary, averaged (Target, then Completed). */
export const courseProgressReplySchema = z.object({
  summary: courseProgressSummarySchema,
  averaged: z.tuple([
    courseProgressSeriesSchema.extend({ Type: z.literal("Target") }),
    courseProgressSeriesSchema.extend({ Type: z.literal("Completed") }),
  ]),
});
export type CourseProgressReply = z.infer<typeof courseProgressReplySchema>;

/** GET /analysis/course/{module}: the module's id. */
export const courseProgressParamsSchema = z.object({
  module: z.coerce
    .number("module must be a number")
    .int("module must be a whole number")
    .positive("module must be a module id"),
});
