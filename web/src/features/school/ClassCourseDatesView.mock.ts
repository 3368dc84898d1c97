/** A class's course dates as the server answers them (typed from the contract), for the editor's tests. */
import type { ClassCourseDatesReply } from "@preflight/sync-protocol/schemas/school-course-dates";

export const CLASS_COURSE_DATES: ClassCourseDatesReply = {
  class: { id: "class-2026-a", name: "ATPL Integrated 2026-A" },
  course: [
    {
      syllabus_id: 3,
      syllabus_name: "ATPL(A) - 2020 syllabus",
      students: 6,
      modules: [
        { module_id: 301, title: "Air Law", start: "2026-09-07", end: "2026-10-30" },
        { module_id: 302, title: "Meteorology", start: "2026-11-02", end: "2026-12-18" },
        { module_id: 303, title: "Navigation", start: null, end: null },
      ],
    },
  ],
};
