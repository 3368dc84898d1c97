/**
 * The dashboard's three circles (spec entity Summary): lessons, progress tests passed, average
 * score. The rule lives in sync-protocol, shared with the course progress graph and its server
 * replies (GET /analysis/course).
 */
export {
  courseSummary,
  type ProgressTestResult,
} from "@preflight/sync-protocol/rules/course-progress";
export type { CourseProgressSummary as CourseSummary } from "@preflight/sync-protocol/schemas/analysis-course";
