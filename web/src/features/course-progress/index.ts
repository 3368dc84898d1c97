/** The dashboard's course progress graph 'My Progress', and its read of the course (shared with the circles). */
export { CourseProgressCard } from "./CourseProgressCard.tsx";
export { useCourseProgress } from "./queries.ts";
