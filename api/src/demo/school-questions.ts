/**
 * A school's own questions for the demo (issue 14): written by the school, in no bank, set only
 * in its Meteorology end-of-course exam, whose answers go to the school. They reach its students
 * without their answers (sync-protocol rules/withheld-answers.ts).
 */
import type { BankQuestion } from "@preflight/sync-protocol/schemas/content";

/** The school the demo syllabi belong to (fixtures/syllabi.json), which sets the demo fixed tests. */
export const DEMO_SYLLABI_SCHOOL_ID = 1;

const common = {
  subject: "050",
  annex_images: [],
  answer_images: [],
  example: false,
  editions: ["pre2020" as const, "2020" as const],
  score: 1,
  added: "2026-09-01",
};

export const DEMO_SCHOOL_QUESTIONS: BankQuestion[] = [
  {
    ...common,
    id: 7_000_001,
    syllabus_code: "050.01.02.02",
    learning_objectives: ["050.01.02.02.03"],
    type: "multiple_choice",
    question: "In the ISA, what is the outside air temperature at FL 100?",
    answers: [
      { id: 700000101, answer: "−5 °C", correct: true },
      { id: 700000102, answer: "+5 °C", correct: false },
      { id: 700000103, answer: "−15 °C", correct: false },
      { id: 700000104, answer: "−20 °C", correct: false },
    ],
    explanation:
      "<p>The ISA starts at +15 °C at mean sea level and cools by 1.98 °C per 1 000 ft (2 °C in round figures): 15 − 2 × 10 = −5 °C at 10 000 ft.</p>",
    reference: "ACADEMY-MET-01",
  },
  {
    ...common,
    id: 7_000_002,
    syllabus_code: "050.01.03.02",
    learning_objectives: ["050.01.03.02.03"],
    type: "text",
    question: "In the ISA, at about what pressure altitude has the pressure fallen to 500 hPa? Answer in feet.",
    answers: [],
    text_range: { min: 17_500, max: 18_500, exact: 18_000, units: "ft" },
    explanation: "<p>500 hPa, half the ISA mean sea level pressure, lies at about 18 000 ft (FL 180).</p>",
    reference: "ACADEMY-MET-02",
  },
];
