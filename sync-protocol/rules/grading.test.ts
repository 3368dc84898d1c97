import { describe, expect, it } from "vitest";
import type { GivenAnswer } from "../schemas/answer.ts";
import { type GradableQuestion, gradeAnswer } from "./grading.ts";

/** Test questions shaped like the bank's (spec 3: Answer.id, correct, question_cloze_group). */
const multipleChoice: GradableQuestion = {
  type: "multiple_choice",
  answers: [
    { id: 11, correct: false },
    { id: 12, correct: true },
    { id: 13, correct: false },
    { id: 14, correct: false },
  ],
};

const multipleSelect: GradableQuestion & { total_correct: number } = {
  type: "multiple_select",
  total_correct: 2,
  answers: [
    { id: 21, correct: true },
    { id: 22, correct: false },
    { id: 23, correct: true },
    { id: 24, correct: false },
  ],
};

const text: GradableQuestion = {
  type: "text",
  answers: [],
  text_range: { min: 118, max: 122 },
};

/** Two gaps, {{1}} and {{2}}: 31 and 35 are right. */
const cloze: GradableQuestion = {
  type: "cloze",
  answers: [
    { id: 31, correct: true, group: 1 },
    { id: 32, correct: false, group: 1 },
    { id: 33, correct: false, group: 1 },
    { id: 34, correct: false, group: 2 },
    { id: 35, correct: true, group: 2 },
  ],
};

const answered = (correct: boolean) => ({ answered: true, correct });
const notAnswered = (reason: string) => ({ answered: false, reason });

describe("gradeAnswer", () => {
  describe("multiple choice: an array with one answer id", () => {
    it("is correct when the one chosen answer is the correct one", () => {
      expect(gradeAnswer(multipleChoice, [12])).toEqual(answered(true));
    });

    it("is answered but wrong when the chosen answer is a wrong one", () => {
      for (const id of [11, 13, 14]) expect(gradeAnswer(multipleChoice, [id])).toEqual(answered(false));
    });

    it("is not answered when more than one answer is chosen, even if one of them is correct", () => {
      expect(gradeAnswer(multipleChoice, [12, 13])).toEqual(notAnswered("choose exactly one answer"));
    });
  });

  describe("multiple select: an array of answer ids, total_correct of them right", () => {
    it("is correct when exactly the total_correct correct answers are chosen, in any order", () => {
      expect(gradeAnswer(multipleSelect, [21, 23])).toEqual(answered(true));
      expect(gradeAnswer(multipleSelect, [23, 21])).toEqual(answered(true));
    });

    it("is answered but wrong with fewer than total_correct answers chosen (spec: the student may move on)", () => {
      expect(gradeAnswer(multipleSelect, [21])).toEqual(answered(false));
    });

    it("is wrong when a wrong answer is chosen beside the correct ones", () => {
      expect(gradeAnswer(multipleSelect, [21, 22, 23])).toEqual(answered(false));
    });

    it("is wrong when total_correct answers are chosen but one of them is wrong", () => {
      expect(gradeAnswer(multipleSelect, [21, 22])).toEqual(answered(false));
    });

    it("is wrong when every option is chosen", () => {
      expect(gradeAnswer(multipleSelect, [21, 22, 23, 24])).toEqual(answered(false));
    });
  });

  describe("text: an object with value, correct when the value lies between min and max", () => {
    it("is correct inside the range and at both ends, which are inclusive", () => {
      for (const value of [118, 120, 121.5, 122]) expect(gradeAnswer(text, { value })).toEqual(answered(true));
    });

    it("is answered but wrong just outside the range on either side", () => {
      for (const value of [117.99, 122.01, 0, -120]) expect(gradeAnswer(text, { value })).toEqual(answered(false));
    });

    it("grades zero as a value, not as an empty answer", () => {
      const aroundZero: GradableQuestion = { type: "text", answers: [], text_range: { min: -1, max: 1 } };
      expect(gradeAnswer(aroundZero, { value: 0 })).toEqual(answered(true));
    });

    it("a one-value range is correct only at that value", () => {
      const exact: GradableQuestion = { type: "text", answers: [], text_range: { min: 6, max: 6 } };
      expect(gradeAnswer(exact, { value: 6 })).toEqual(answered(true));
      expect(gradeAnswer(exact, { value: 7 })).toEqual(answered(false));
    });

    it("a question without text_range cannot be graded, so the answer does not count", () => {
      const broken: GradableQuestion = { type: "text", answers: [] };
      expect(gradeAnswer(broken, { value: 120 })).toEqual(notAnswered("question has no range"));
    });
  });

  describe("cloze: an array of chosen answer ids, one per group; groups are numbered from 1", () => {
    it("is correct when the correct option of every gap is chosen, in any order", () => {
      expect(gradeAnswer(cloze, [31, 35])).toEqual(answered(true));
      expect(gradeAnswer(cloze, [35, 31])).toEqual(answered(true));
    });

    it("is answered but wrong when any gap holds a wrong option", () => {
      expect(gradeAnswer(cloze, [32, 35])).toEqual(answered(false));
      expect(gradeAnswer(cloze, [31, 34])).toEqual(answered(false));
      expect(gradeAnswer(cloze, [33, 34])).toEqual(answered(false));
    });

    it("every gap must be chosen: a gap left open means not answered", () => {
      expect(gradeAnswer(cloze, [31])).toEqual(notAnswered("every gap must be chosen"));
      expect(gradeAnswer(cloze, [35])).toEqual(notAnswered("every gap must be chosen"));
    });

    it("takes one choice per gap: two options of the same gap means not answered", () => {
      expect(gradeAnswer(cloze, [31, 32])).toEqual(notAnswered("one choice per gap"));
      expect(gradeAnswer(cloze, [31, 32, 35])).toEqual(notAnswered("one choice per gap"));
    });
  });

  describe("[OB8][SR16] an empty answer is not an answer (spec: saving with no selection does nothing)", () => {
    it.each([
      ["multiple choice", multipleChoice],
      ["multiple select", multipleSelect],
      ["cloze", cloze],
    ])("%s with no selection is not answered", (_name, question) => {
      expect(gradeAnswer(question, [])).toEqual(notAnswered("no selection"));
    });

    it("a text answer that is null is not answered (spec: not saved and not counted)", () => {
      expect(gradeAnswer(text, { value: null })).toEqual(notAnswered("no value entered"));
    });
  });

  describe("[OB8][SR16] a given answer that does not fit the question is not an answer", () => {
    it.each([
      ["multiple choice", multipleChoice, [99]],
      ["multiple select", multipleSelect, [21, 99]],
      ["cloze", cloze, [31, 99]],
    ])("%s with an answer id the question does not have", (_name, question, given) => {
      expect(gradeAnswer(question, given)).toEqual(notAnswered("unknown answer id"));
    });

    it("an id of another question's answers is unknown too", () => {
      expect(gradeAnswer(multipleChoice, [21])).toEqual(notAnswered("unknown answer id"));
    });

    it.each([
      ["multiple choice", multipleChoice, [12, 12]],
      ["multiple select", multipleSelect, [21, 23, 23]],
      ["cloze", cloze, [31, 35, 31]],
    ])("%s with a repeated answer id", (_name, question, given) => {
      expect(gradeAnswer(question, given)).toEqual(notAnswered("an answer id repeats"));
    });

    it("a repeated correct id cannot make a multiple select look complete", () => {
      expect(gradeAnswer(multipleSelect, [21, 21])).toEqual(notAnswered("an answer id repeats"));
    });

    it.each([
      ["multiple choice", multipleChoice],
      ["multiple select", multipleSelect],
      ["cloze", cloze],
    ])("%s given a text value", (_name, question) => {
      expect(gradeAnswer(question, { value: 12 })).toEqual(notAnswered("this question takes answer ids"));
      expect(gradeAnswer(question, { value: null })).toEqual(notAnswered("this question takes answer ids"));
    });

    it.each<[string, GivenAnswer]>([
      ["an array of ids", [118]],
      ["an empty array", []],
    ])("text given %s", (_name, given) => {
      expect(gradeAnswer(text, given)).toEqual(notAnswered("a text question takes a value"));
    });
  });
});
