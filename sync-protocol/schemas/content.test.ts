import { describe, expect, it } from "vitest";
import { bankQuestionSchema, subjectOfCode } from "./content.ts";

/** A bank question as the fixtures write it, before its type-specific fields. */
const common = {
  id: 10001,
  subject: "010",
  syllabus_code: "010.01.02.01",
  question: "Which freedom of the air grants a technical landing?",
  explanation: "<p>The second freedom.</p>",
  reference: "010-0001",
  learning_objectives: ["010.01.02.01.01"],
  editions: ["pre2020", "2020"],
  added: "2024-03-07",
};

const multipleChoice = {
  ...common,
  type: "multiple_choice",
  answers: [
    { id: 1, answer: "The first freedom", correct: false },
    { id: 2, answer: "The second freedom", correct: true },
    { id: 3, answer: "Cabotage", correct: false },
  ],
};

const multipleSelect = {
  ...common,
  type: "multiple_select",
  total_correct: 2,
  answers: [
    { id: 1, answer: "Third freedom", correct: true },
    { id: 2, answer: "First freedom", correct: false },
    { id: 3, answer: "Fifth freedom", correct: true },
    { id: 4, answer: "Second freedom", correct: false },
  ],
};

const text = {
  ...common,
  type: "text",
  answers: [],
  text_range: { min: 6, max: 6, exact: 6, units: "months" },
};

const cloze = {
  ...common,
  type: "cloze",
  question: "A flight visibility of at least {{1}} and a vertical distance from cloud of at least {{2}}.",
  answers: [
    { id: 1, answer: "5 km", correct: true, group: 1 },
    { id: 2, answer: "8 km", correct: false, group: 1 },
    { id: 3, answer: "150 m", correct: false, group: 2 },
    { id: 4, answer: "300 m", correct: true, group: 2 },
    { id: 5, answer: "450 m", correct: false, group: 2 },
  ],
};

/** The messages a question is refused with, in order. */
function issues(question: unknown): string[] {
  const result = bankQuestionSchema.safeParse(question);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe("bankQuestionSchema", () => {
  describe("[CT1] accepts a valid question of each type", () => {
    it.each([
      ["multiple_choice", multipleChoice],
      ["multiple_select", multipleSelect],
      ["text", text],
      ["cloze", cloze],
    ])("%s", (_type, question) => {
      expect(issues(question)).toEqual([]);
    });

    it("fills the defaults: no images, not an example, score 1", () => {
      expect(bankQuestionSchema.parse(multipleChoice)).toMatchObject({
        annex_images: [],
        answer_images: [],
        example: false,
        score: 1,
      });
    });

    it("takes annex images as images/<name>.<ext>, not animated unless said", () => {
      const parsed = bankQuestionSchema.parse({
        ...multipleChoice,
        annex_images: [{ file: "images/010-papi.svg" }, { file: "images/wind.gif", is_animated: true }],
      });
      expect(parsed.annex_images).toEqual([
        { file: "images/010-papi.svg", is_animated: false },
        { file: "images/wind.gif", is_animated: true },
      ]);
      expect(issues({ ...multipleChoice, annex_images: [{ file: "../secret.png" }] })).toEqual(["images/<name>.<ext>"]);
    });
  });

  describe("[CT1] refuses malformed codes and fields with a message that says the format", () => {
    it.each([
      ["a syllabus code", { syllabus_code: "010.1" }, "a syllabus code looks like 010.01.02.03"],
      ["a syllabus code too deep", { syllabus_code: "010.01.02.01.01" }, "a syllabus code looks like 010.01.02.03"],
      [
        "a learning objective code",
        { learning_objectives: ["010.01.02.01"] },
        "a learning objective code looks like 010.01.02.03.04",
      ],
      ["an added date", { added: "07/03/2024" }, "a date is YYYY-MM-DD"],
    ])("%s", (_name, change, message) => {
      expect(issues({ ...multipleChoice, ...change })).toEqual([message]);
    });

    it("a subject code", () => {
      // The codes below it are then checked against the malformed subject too.
      expect(issues({ ...multipleChoice, subject: "10" })).toEqual([
        "a subject code is three digits, e.g. 010",
        "syllabus_code 010.01.02.01 is not in subject 10",
        "learning objective 010.01.02.01.01 is not in subject 10",
      ]);
    });

    it("accepts syllabus codes from level 2 to level 4", () => {
      for (const syllabus_code of ["010.01", "010.01.02", "010.01.02.01"])
        expect(issues({ ...multipleChoice, syllabus_code })).toEqual([]);
    });

    it("needs at least one learning objective and one edition", () => {
      expect(issues({ ...multipleChoice, learning_objectives: [] })).toHaveLength(1);
      expect(issues({ ...multipleChoice, editions: [] })).toHaveLength(1);
    });
  });

  describe("[CT2] every code of a question lies in its subject", () => {
    it("refuses a syllabus code of another subject", () => {
      expect(issues({ ...multipleChoice, syllabus_code: "021.01.02" })).toEqual([
        "syllabus_code 021.01.02 is not in subject 010",
      ]);
    });

    it("refuses a learning objective of another subject", () => {
      expect(issues({ ...multipleChoice, learning_objectives: ["010.01.02.01.01", "022.01.01.01.01"] })).toEqual([
        "learning objective 022.01.01.01.01 is not in subject 010",
      ]);
    });

    it("files Operational Procedures headings 071 and 072 under subject 070", () => {
      expect(
        issues({
          ...multipleChoice,
          subject: "070",
          syllabus_code: "071.01.02",
          learning_objectives: ["071.01.02.01.01", "072.01.01.01.02", "070.01.01.01.01"],
        }),
      ).toEqual([]);
    });

    it("has no subject 071: its headings belong to 070", () => {
      expect(
        issues({
          ...multipleChoice,
          subject: "071",
          syllabus_code: "071.01",
          learning_objectives: ["071.01.01.01.01"],
        }),
      ).toEqual([
        "syllabus_code 071.01 is not in subject 071",
        "learning objective 071.01.01.01.01 is not in subject 071",
      ]);
    });
  });

  describe("[CT3] answer options", () => {
    it("refuses repeated answer ids", () => {
      const answers = [
        { id: 1, answer: "a", correct: false },
        { id: 1, answer: "b", correct: true },
      ];
      expect(issues({ ...multipleChoice, answers })).toEqual(["answer ids repeat"]);
    });
  });

  describe("[CT3] multiple choice", () => {
    it("needs at least two answers", () => {
      expect(issues({ ...multipleChoice, answers: [{ id: 1, answer: "a", correct: true }] })).toEqual([
        "multiple choice needs at least two answers",
      ]);
    });

    it("has exactly one correct answer, not two", () => {
      const answers = multipleChoice.answers.map((a) => ({ ...a, correct: a.id !== 3 }));
      expect(issues({ ...multipleChoice, answers })).toEqual(["multiple choice has exactly one correct answer"]);
    });

    it("has exactly one correct answer, not none", () => {
      const answers = multipleChoice.answers.map((a) => ({ ...a, correct: false }));
      expect(issues({ ...multipleChoice, answers })).toEqual(["multiple choice has exactly one correct answer"]);
    });
  });

  describe("[CT3] multiple select", () => {
    it("needs at least three answers", () => {
      expect(issues({ ...multipleSelect, answers: multipleSelect.answers.filter((a) => a.correct) })).toEqual([
        "multiple select needs at least three answers",
      ]);
    });

    it("has at least two correct answers", () => {
      const answers = multipleSelect.answers.map((a) => ({ ...a, correct: a.id === 1 }));
      expect(issues({ ...multipleSelect, answers, total_correct: 1 })).toEqual([
        "multiple select has at least two correct answers",
      ]);
    });

    it("says in total_correct how many answers are correct", () => {
      expect(issues({ ...multipleSelect, total_correct: 3 })).toEqual([
        "total_correct must equal the number of correct answers",
      ]);
      const { total_correct: _, ...withoutTotal } = multipleSelect;
      expect(issues(withoutTotal)).toEqual(["total_correct must equal the number of correct answers"]);
    });
  });

  describe("[CT3] text (numeric range with units)", () => {
    it("needs text_range", () => {
      const { text_range: _, ...withoutRange } = text;
      expect(issues(withoutRange)).toEqual(["a text question needs text_range"]);
    });

    it("has no answer options", () => {
      expect(issues({ ...text, answers: [{ id: 1, answer: "6", correct: true }] })).toEqual([
        "a text question has no answer options",
      ]);
    });

    it("keeps the exact value between min and max", () => {
      expect(issues({ ...text, text_range: { min: 5, max: 7, exact: 8, units: "months" } })).toEqual([
        "exact must lie between min and max",
      ]);
      expect(issues({ ...text, text_range: { min: 7, max: 5, exact: 6, units: "months" } })).toEqual([
        "exact must lie between min and max",
      ]);
      expect(issues({ ...text, text_range: { min: 5, max: 7, exact: 5, units: "months" } })).toEqual([]);
    });
  });

  describe("[CT3] cloze: gaps {{1}}, {{2}} ... each with its options in the matching group", () => {
    it("needs gaps", () => {
      expect(issues({ ...cloze, question: "No gaps here.", answers: [] })).toEqual([
        "a cloze question needs gaps {{1}}, {{2}} ...",
      ]);
    });

    it("numbers its gaps 1, 2, 3 ... in order", () => {
      expect(issues({ ...cloze, question: "First {{2}}, then {{1}}." })).toEqual([
        "cloze gaps are numbered 1, 2, 3 ... in order",
        "cloze gaps are numbered 1, 2, 3 ... in order",
      ]);
      const skipping = cloze.answers.map((a) => (a.group === 2 ? { ...a, group: 3 } : a));
      expect(issues({ ...cloze, question: "First {{1}}, then {{3}}.", answers: skipping })).toEqual([
        "cloze gaps are numbered 1, 2, 3 ... in order",
      ]);
    });

    it("gives every gap at least two options", () => {
      expect(issues({ ...cloze, answers: cloze.answers.filter((a) => a.id !== 2) })).toEqual([
        "gap 1 needs at least two options",
      ]);
    });

    it("gives every gap exactly one correct option", () => {
      const twoRight = cloze.answers.map((a) => (a.id === 2 ? { ...a, correct: true } : a));
      expect(issues({ ...cloze, answers: twoRight })).toEqual(["gap 1 needs exactly one correct option"]);
      const noneRight = cloze.answers.map((a) => (a.id === 4 ? { ...a, correct: false } : a));
      expect(issues({ ...cloze, answers: noneRight })).toEqual(["gap 2 needs exactly one correct option"]);
    });

    it("puts every option in the group of an existing gap", () => {
      const ungrouped = cloze.answers.map((a) => (a.id === 5 ? { id: 5, answer: "450 m", correct: false } : a));
      expect(issues({ ...cloze, answers: ungrouped })).toEqual(["every cloze option names an existing gap in group"]);
      const strayGroup = [...cloze.answers, { id: 6, answer: "1 000 m", correct: false, group: 3 }];
      expect(issues({ ...cloze, answers: strayGroup })).toEqual(["every cloze option names an existing gap in group"]);
    });

    it("numbers groups from 1", () => {
      const result = bankQuestionSchema.safeParse({
        ...cloze,
        answers: [...cloze.answers, { id: 6, answer: "x", correct: false, group: 0 }],
      });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(["answers", 5, "group"]);
    });
  });
});

describe("[CT2] subjectOfCode", () => {
  it("maps Operational Procedures headings 071 and 072 to subject 070", () => {
    expect(subjectOfCode("071")).toBe("070");
    expect(subjectOfCode("071.01.02")).toBe("070");
    expect(subjectOfCode("072.01.01.01.02")).toBe("070");
  });

  it("reads every other code's subject from its first three digits", () => {
    expect(subjectOfCode("070.01")).toBe("070");
    expect(subjectOfCode("010.01.02.01.01")).toBe("010");
    expect(subjectOfCode("062")).toBe("062");
    expect(subjectOfCode("073.01")).toBe("073");
    expect(subjectOfCode("081.02.03")).toBe("081");
  });
});
