/** The dashboard's course progress graph 'My Progress'. */
export { CourseProgressCard } from "./CourseProgressCard.tsx";
