/** A class overview as the server answers it (typed from the contract), for the view's tests. */
import type { ClassOverviewReply, ClassStudent } from "@preflight/sync-protocol/schemas/school";

const student = (over: Partial<ClassStudent> & Pick<ClassStudent, "id" | "firstname" | "lastname">): ClassStudent => ({
  email: `${over.firstname.toLowerCase()}@preflight.test`,
  student_id: null,
  course: { completed: 40, planned: 60, standing: "behind" },
  lessons: { completed: 4, total: 12 },
  progress_tests: { passed: 0, total: 2 },
  mock_exams: { average: null, scores: 0 },
  last_active_at: "2026-11-20T10:00:00.000Z",
  readiness: [
    { subject: "010", kind: "too_few", needed: 12 },
    { subject: "050", kind: "too_few", needed: 20 },
  ],
  ...over,
});

export const CLASS_OVERVIEW: ClassOverviewReply = {
  school: { id: 2, name: "Preflight Flight Academy" },
  class: { id: "class-2026-a", name: "ATPL Integrated 2026-A" },
  as_of: "2026-11-21T09:00:00.000Z",
  subjects: [
    { code: "010", title: "Air Law" },
    { code: "050", title: "Meteorology" },
  ],
  students: [
    student({
      id: "a",
      firstname: "Alex",
      lastname: "Airways",
      student_id: "PFA-2026-004",
      course: { completed: 80, planned: 60, standing: "ahead" },
      mock_exams: { average: 84.5, scores: 6 },
      last_active_at: "2026-11-21T08:00:00.000Z",
      readiness: [
        { subject: "010", kind: "estimate", chance: 0.91, low: 0.8, high: 0.96 },
        { subject: "050", kind: "estimate", chance: 0.62, low: 0.5, high: 0.74 },
      ],
    }),
    student({ id: "b", firstname: "Blair", lastname: "Bearing", mock_exams: { average: 61, scores: 2 } }),
    student({
      id: "c",
      firstname: "Casey",
      lastname: "Cadet",
      course: { completed: 58, planned: 60, standing: "on_plan" },
      mock_exams: { average: 70.3, scores: 4 },
      last_active_at: null,
    }),
  ],
};
