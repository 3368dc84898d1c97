import { describe, expect, it } from "vitest";
import { headingChoices, headingCounts, subjectChoices, subjectsHeading } from "./subject-tree.ts";

const bank = {
  subject: ["010", "010", "010", "070", "050"],
  code: ["010.01.01.01", "010.01.01.02", "010.02.03", "071.01.02.03", "050.01"],
};
const counts = headingCounts(bank);
const titles = new Map([
  ["010.01", "International law"],
  ["010.01.01", "Chicago Convention"],
]);

describe("the practice builder's tree", () => {
  it("says 'Choose a subject', or 'Choose an exam' when subjects carry an exam licence id", () => {
    expect(subjectsHeading([{ code: "010", title: "Air Law" }])).toBe("Choose a subject");
    expect(subjectsHeading([{ code: "010", title: "Air Law", exam_licence_id: 3 }])).toBe("Choose an exam");
  });
  it("lists 'All subjects' then the subjects holding questions, counted", () => {
    const subjects = [
      { code: "010", title: "Air Law" },
      { code: "050", title: "Meteorology" },
      { code: "090", title: "Communications" },
    ];
    expect(subjectChoices(subjects, counts)).toEqual([
      { id: "all", title: "All subjects", questions: 4 },
      { id: "010", title: "Air Law", questions: 3 },
      { id: "050", title: "Meteorology", questions: 1 },
    ]);
    expect(subjectChoices([{ code: "090", title: "Communications" }], counts)).toEqual([]);
  });
  it("lists topics, subtopics and sections holding questions, titled by the syllabus or by code", () => {
    expect(headingChoices("topics", "010", "010", titles, counts)).toEqual([
      { id: "010.01", title: "International law", questions: 2 },
      { id: "010.02", title: "010.02", questions: 1 },
    ]);
    expect(headingChoices("subtopics", "010.01", "010", titles, counts)).toEqual([
      { id: "010.01.01", title: "Chicago Convention", questions: 2 },
    ]);
    expect(headingChoices("sections", "010.02.03", "010", titles, counts)).toEqual([]);
    expect(headingChoices("sections", "010.01.01", "010", titles, counts).map((c) => c.id)).toEqual([
      "010.01.01.01",
      "010.01.01.02",
    ]);
    // Operational Procedures files 071 headings under 070; a topic-level question has no subtopic.
    expect(headingChoices("topics", "070", "070", titles, counts).map((c) => c.id)).toEqual(["071.01"]);
    expect(headingChoices("subtopics", "050.01", "050", titles, counts)).toEqual([]);
  });
});
