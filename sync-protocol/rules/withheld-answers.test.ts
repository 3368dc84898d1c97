import { describe, expect, it } from "vitest";
import type { BankQuestion } from "../schemas/content.ts";
import { gradeOnDevice, isWithheld, withheldQuestionSchema, withholdAnswers } from "./withheld-answers.ts";

const base = {
  subject: "010",
  syllabus_code: "010.01",
  question: "Which?",
  explanation: "Because the AIP says so.",
  reference: "010-0001",
  learning_objectives: ["010.01.01.01.01"],
  annex_images: [],
  answer_images: [],
  example: false,
  editions: ["2020" as const],
  score: 1,
  added: "2026-01-01",
};
const choice: BankQuestion = {
  ...base,
  id: 1,
  type: "multiple_choice",
  answers: [
    { id: 11, answer: "A", correct: false },
    { id: 12, answer: "B", correct: true },
  ],
};
const text: BankQuestion = {
  ...base,
  id: 2,
  type: "text",
  answers: [],
  text_range: { min: 2900, max: 3100, exact: 3000, units: "ft" },
};
const cloze: BankQuestion = {
  ...base,
  id: 3,
  type: "cloze",
  question: "{{1}} and {{2}}",
  answers: [
    { id: 31, answer: "x", correct: true, group: 1 },
    { id: 32, answer: "y", correct: false, group: 1 },
    { id: 33, answer: "z", correct: true, group: 2 },
    { id: 34, answer: "w", correct: false, group: 2 },
  ],
};

describe("a question whose answers the school withholds", () => {
  it("keeps nothing that tells which answer is right", () => {
    for (const q of [choice, text, cloze]) {
      const withheld = withholdAnswers(q);
      const wire = JSON.stringify(withheld);
      expect(wire).not.toMatch(/"correct"|"explanation"|"reference"|"exact"|"min"|"max"/);
      expect(withheldQuestionSchema.parse(withheld)).toEqual(withheld);
      expect(isWithheld(withheld)).toBe(true);
      expect(isWithheld(q)).toBe(false);
    }
    expect(withholdAnswers(text).text_range).toEqual({ units: "ft" });
    expect(withholdAnswers(cloze).answers.map((a) => a.group)).toEqual([1, 1, 2, 2]);
  });

  it("is refused on the wire if a correct flag or an explanation comes with it", () => {
    const leaky = { ...withholdAnswers(choice), explanation: "B, obviously" };
    expect(withheldQuestionSchema.safeParse(leaky).success).toBe(false);
    const flagged = withholdAnswers(choice);
    const withFlag = { ...flagged, answers: flagged.answers.map((a) => ({ ...a, correct: true })) };
    expect(withheldQuestionSchema.safeParse(withFlag).success).toBe(false);
  });

  it("is recorded on the device as answered, its correctness left to the server", () => {
    expect(gradeOnDevice(withholdAnswers(choice), [12])).toEqual({ answered: true, correct: null });
    expect(gradeOnDevice(withholdAnswers(text), { value: 3000 })).toEqual({ answered: true, correct: null });
    expect(gradeOnDevice(withholdAnswers(cloze), [31, 33])).toEqual({ answered: true, correct: null });
    // What is not an answer stays not an answer.
    expect(gradeOnDevice(withholdAnswers(choice), []).answered).toBe(false);
    expect(gradeOnDevice(withholdAnswers(cloze), [31]).answered).toBe(false);
    expect(gradeOnDevice(withholdAnswers(text), { value: null }).answered).toBe(false);
    // A bank question is graded on the device as ever.
    expect(gradeOnDevice(choice, [12])).toEqual({ answered: true, correct: true });
  });
});
