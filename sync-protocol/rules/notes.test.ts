import { describe, expect, it } from "vitest";
import { questionNoteSchema } from "../schemas/question.ts";
import {
  formatCount,
  hasNote,
  NOTE_CONTROL_MESSAGE,
  NOTE_MAX_CHARS,
  NOTE_TOO_LONG_MESSAGE,
  normalizeNote,
  normalizeNoteSearch,
  notedQuestionMatches,
  noteHasControl,
  noteLength,
  noteMatches,
  noteTooLong,
  noteWriteApplies,
} from "./notes.ts";

describe("a note's text", () => {
  it("is kept as written, line endings as \\n", () => {
    expect(normalizeNote("VMC:\r\n5 km\rclear of cloud ")).toBe("VMC:\n5 km\nclear of cloud ");
    expect(normalizeNote("<b>not html</b> & friends")).toBe("<b>not html</b> & friends");
  });

  it("holds no control characters but tabs and line breaks: the device drops them, the schema refuses them", () => {
    expect(normalizeNote("a\u0000b\u000bc\td\ne\u007f")).toBe("abc\td\ne");
    expect(noteHasControl("a\tb\nc\r\n")).toBe(false);
    expect(noteHasControl("a\u0000")).toBe(true);
    expect(noteHasControl("a\u000b")).toBe(true);
    const refused = questionNoteSchema.safeParse({ question_id: 1, text: "nul\u0000" });
    expect(refused.error?.issues.map((i) => i.message)).toEqual([NOTE_CONTROL_MESSAGE]);
    expect(questionNoteSchema.safeParse({ question_id: 1, text: "tab\there\r\nnext" }).success).toBe(true);
  });

  it("of nothing but white space is no note: writing it clears the note", () => {
    expect(normalizeNote(" \n\t ")).toBe("");
    expect(hasNote({ text: normalizeNote("   ") })).toBe(false);
    expect(hasNote({ text: "x" })).toBe(true);
    expect(hasNote(undefined)).toBe(false);
    expect(hasNote(null)).toBe(false);
  });
});

describe(`the bound: ${NOTE_MAX_CHARS} characters, counted as a text field counts them`, () => {
  it("takes exactly the limit and refuses one more", () => {
    expect(noteTooLong("a".repeat(NOTE_MAX_CHARS))).toBe(false);
    expect(noteTooLong("a".repeat(NOTE_MAX_CHARS + 1))).toBe(true);
  });

  it("counts a line break once whichever way it was typed, and UTF-16 units as maxlength does", () => {
    expect(noteLength("a\r\nb")).toBe(3);
    expect(noteLength("✈️")).toBe("✈️".length);
    expect(noteTooLong(`${"a".repeat(NOTE_MAX_CHARS - 1)}\r\n`)).toBe(false);
  });

  it("is the schema's rule too, with the message the student reads", () => {
    expect(questionNoteSchema.safeParse({ question_id: 1, text: "a".repeat(NOTE_MAX_CHARS) }).success).toBe(true);
    const refused = questionNoteSchema.safeParse({ question_id: 1, text: "a".repeat(NOTE_MAX_CHARS + 1) });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["text", NOTE_TOO_LONG_MESSAGE]]);
    expect(NOTE_TOO_LONG_MESSAGE).toBe("A note can be at most 2,000 characters");
    expect(questionNoteSchema.safeParse({ question_id: 1, text: "" }).success).toBe(true);
    expect(questionNoteSchema.safeParse({ question_id: 1 }).success).toBe(false);
    expect(questionNoteSchema.safeParse({ question_id: 0, text: "x" }).success).toBe(false);
  });

  it("formats counts with thousands separated", () => {
    expect([formatCount(7), formatCount(2000), formatCount(1234567)]).toEqual(["7", "2,000", "1,234,567"]);
  });
});

describe("[SR24] the latest write wins, by when the student wrote it", () => {
  const held = { updatedAt: "2026-11-21T09:00:00.000Z" };

  it("a later write replaces the held note; an older one changes nothing", () => {
    expect(noteWriteApplies("2026-11-21T09:00:00.001Z", held)).toBe(true);
    expect(noteWriteApplies("2026-11-21T08:59:59.999Z", held)).toBe(false);
  });

  it("the first write always applies", () => {
    expect(noteWriteApplies("2020-01-01T00:00:00.000Z", undefined)).toBe(true);
    expect(noteWriteApplies("2020-01-01T00:00:00.000Z", null)).toBe(true);
  });

  it("a write at the same moment applies (arrival order: one device's own writes come in the order written)", () => {
    expect(noteWriteApplies(held.updatedAt, held)).toBe(true);
  });

  it("whatever order writes arrive in, the one written last is held (a clear is a write like any other)", () => {
    const writes = [
      { at: "2026-11-21T09:00:00.000Z", text: "first" },
      { at: "2026-11-21T09:05:00.000Z", text: "" },
      { at: "2026-11-21T09:02:00.000Z", text: "second" },
    ];
    const orders = [
      [0, 1, 2],
      [2, 1, 0],
      [1, 0, 2],
      [2, 0, 1],
    ];
    for (const order of orders) {
      let note: { text: string; updatedAt: string } | undefined;
      for (const i of order) {
        const write = writes[i] as (typeof writes)[number];
        if (noteWriteApplies(write.at, note)) note = { text: write.text, updatedAt: write.at };
      }
      expect(note).toEqual({ text: "", updatedAt: "2026-11-21T09:05:00.000Z" });
    }
  });
});

describe("searching notes", () => {
  it("matches any part of the note in any case, white space collapsed", () => {
    const note = "QNH vs QFE:\n  QFE reads   zero on the runway";
    expect(noteMatches(note, normalizeNoteSearch("qfe READS zero"))).toBe(true);
    expect(noteMatches(note, normalizeNoteSearch("vs qfe: qfe"))).toBe(true);
    expect(noteMatches(note, normalizeNoteSearch("qne"))).toBe(false);
  });

  it("an empty search matches every note that says something, never a missing or cleared one", () => {
    expect(noteMatches("x", "")).toBe(true);
    expect(noteMatches("", "")).toBe(false);
    expect(noteMatches(undefined, "")).toBe(false);
    expect(noteMatches(null, "x")).toBe(false);
  });
});

describe("the notes page's search", () => {
  const question = { question: "What does <b>QNH</b>&nbsp;set on the altimeter show?", reference: "INS-0042" };
  const search = (text: string) => normalizeNoteSearch(text);

  it("finds the note, the question's text without its html, or its reference", () => {
    expect(notedQuestionMatches("field elevation on the ground", question, search("Field elevation"))).toBe(true);
    expect(notedQuestionMatches("x", question, search("qnh set"))).toBe(true);
    expect(notedQuestionMatches("x", question, search("ins-00"))).toBe(true);
    expect(notedQuestionMatches("x", question, search("<b>"))).toBe(false);
    expect(notedQuestionMatches("x", question, search("qfe"))).toBe(false);
  });

  it("a question not on this device is found by its note alone; an empty search finds every note", () => {
    expect(notedQuestionMatches("qnh", undefined, search("QNH"))).toBe(true);
    expect(notedQuestionMatches("qfe", undefined, search("QNH"))).toBe(false);
    expect(notedQuestionMatches("anything", undefined, "")).toBe(true);
  });
});
