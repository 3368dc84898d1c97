/** The school's fixed tests as the server answers them (typed from the contract), for the views' tests. */
import type { SchoolClass } from "@preflight/sync-protocol/schemas/school";
import type {
  SchoolAttempt,
  SchoolFixedTest,
  SchoolFixedTestsReply,
  SchoolQuestion,
  SchoolTestResultsReply,
} from "@preflight/sync-protocol/schemas/school-tests";

export const CLASSES: SchoolClass[] = [
  { id: "class-2026-a", name: "ATPL Integrated 2026-A", students: 12 },
  { id: "class-2026-b", name: "ATPL Modular 2026-B", students: 1 },
];

export const question = (id: number, over: Partial<SchoolQuestion> = {}): SchoolQuestion => ({
  id,
  subject: "010",
  syllabus_code: "010.01.02",
  reference: `AL-${id}`,
  text: `Question ${id} about air law`,
  ...over,
});

export const AIR_LAW_EXAM: SchoolFixedTest = {
  id: 12,
  title: "Air Law school exam",
  questions: [question(101), question(102), question(103, { syllabus_code: "010.02.01" })],
  time_limit: 60,
  pass_percentage: 75,
  attempts: 3,
  has_password: true,
  hide_results: false,
  hide_answers: true,
  opens_at: "2026-12-01T09:00:00.000Z",
  closes_at: null,
  disabled_reason: null,
  class_ids: ["class-2026-a"],
  attempts_taken: 4,
  updated_at: "2026-11-20T10:00:00.000Z",
};

const { questions: _questions, ...listed } = AIR_LAW_EXAM;

export const TESTS: SchoolFixedTestsReply = {
  school: { id: 2, name: "Preflight Flight Academy" },
  tests: [
    { ...listed, question_count: 3 },
    {
      ...listed,
      id: 13,
      title: "Principles of Flight exam",
      time_limit: null,
      attempts: 0,
      has_password: false,
      hide_answers: false,
      hide_results: true,
      opens_at: null,
      disabled_reason: "Postponed until the simulator is back",
      class_ids: [],
      attempts_taken: 0,
      question_count: 40,
    },
  ],
};

const student = (id: string, firstname: string, lastname: string): SchoolAttempt["student"] => ({
  id,
  firstname,
  lastname,
  email: `${firstname.toLowerCase()}@preflight.test`,
  student_id: null,
  class_name: "ATPL Integrated 2026-A",
});

export const RESULTS: SchoolTestResultsReply = {
  school: TESTS.school,
  test: listed,
  attempts: [
    {
      user_test_id: "t-ada",
      student: student("0196a1b2-0000-7000-8000-00000000000a", "Ada", "Airways"),
      started: "2026-12-02T09:00:00.000Z",
      finished_at: "2026-12-02T09:41:05.000Z",
      score: 2,
      total_score: 3,
      percentage: 66.7,
      pass: false,
      time_taken: 2465,
      hidden_from_student: true,
      answers: [
        { position: 1, question_id: 101, given: "B", correct: true },
        { position: 2, question_id: 102, given: "A, C", correct: false },
        { position: 3, question_id: 103, given: null, correct: null },
      ],
    },
    {
      user_test_id: "t-bo",
      student: student("0196a1b2-0000-7000-8000-00000000000b", "Bo", "Bearing"),
      started: "2026-12-02T10:00:00.000Z",
      finished_at: null,
      score: null,
      total_score: 3,
      percentage: null,
      pass: null,
      time_taken: null,
      hidden_from_student: false,
      answers: [],
    },
  ],
  questions: [
    { ...question(101), position: 1, attempts: 4, right: 4, wrong: 0, unanswered: 0 },
    { ...question(102), position: 2, attempts: 4, right: 1, wrong: 2, unanswered: 1 },
    { ...question(103), position: 3, attempts: 4, right: 2, wrong: 1, unanswered: 1 },
  ],
  not_started: [
    { id: "c", firstname: "Casey", lastname: "Cadet" },
    { id: "d", firstname: "Drew", lastname: "Altitude" },
  ],
};
