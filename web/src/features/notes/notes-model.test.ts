import { describe, expect, it } from "vitest";
import type { LocalNote } from "../../local/store/db.ts";
import { multipleChoice } from "../../local/test-support.ts";
import {
  filterNotes,
  NO_NOTES_FILTER,
  NOTES_WORDS,
  notesCountText,
  notesEmptyMessage,
  notesSubjectChoices,
} from "./notes-model.ts";
import type { NotedQuestion } from "./queries.ts";

function noted(id: number, subject: string | null, text: string, question = "A question"): NotedQuestion {
  const note: LocalNote = { questionId: id, text, updatedAt: "2026-11-21T09:00:00.000Z" };
  return {
    note,
    question: subject === null ? undefined : { ...multipleChoice(id), subject, question, reference: `REF-${id}` },
  };
}

const NOTES = [
  noted(1, "010", "Annex 2: rules of the air", "The <b>Chicago</b> Convention"),
  noted(2, "050", "ISA: 15 °C, 2 °C per 1000 ft"),
  noted(3, null, "a question no longer on this device"),
];

describe("the My notes page", () => {
  it("searches the note, the question's text without its html and its reference; narrows to a subject", () => {
    const ids = (search: string, subject = "") => filterNotes(NOTES, { search, subject }).map((n) => n.note.questionId);
    expect(ids("")).toEqual([1, 2, 3]);
    expect(ids("RULES of the")).toEqual([1]);
    expect(ids("chicago")).toEqual([1]);
    expect(ids("<b>")).toEqual([]);
    expect(ids("ref-2")).toEqual([2]);
    expect(ids("no longer")).toEqual([3]);
    expect(ids("", "050")).toEqual([2]);
    expect(ids("annex", "050")).toEqual([]);
  });

  it("offers the subjects that hold a noted question, with how many", () => {
    expect(
      notesSubjectChoices(
        [
          { code: "010", title: "Air Law" },
          { code: "022", title: "Instrumentation" },
        ],
        NOTES,
      ),
    ).toEqual([
      { code: "010", title: "Air Law", notes: 1 },
      { code: "050", title: "050", notes: 1 },
    ]);
  });

  it("says when there are no notes at all, and when the search finds none", () => {
    expect(notesEmptyMessage(0, 0)).toBe(NOTES_WORDS.noneYet);
    expect(notesEmptyMessage(3, 0)).toBe("No notes match your search");
    expect(notesEmptyMessage(3, 1)).toBeNull();
    expect(filterNotes([], NO_NOTES_FILTER)).toEqual([]);
  });

  it("counts notes, and of how many when searched", () => {
    expect([notesCountText(1, 1), notesCountText(3, 3), notesCountText(1, 3)]).toEqual([
      "1 note",
      "3 notes",
      "1 of 3 notes",
    ]);
  });
});
