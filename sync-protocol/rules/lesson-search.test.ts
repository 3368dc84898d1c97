import { describe, expect, it } from "vitest";
import {
  findMatches,
  isSearchable,
  lessonText,
  matchPage,
  matchSnippet,
  normaliseSearchTerm,
  rankResults,
  type SearchablePage,
  searchableLesson,
  searchPages,
  searchWords,
} from "./lesson-search.ts";

const page = (lesson_id: number, pageNo: number, text: string, title = `Lesson ${lesson_id}`): SearchablePage => ({
  lesson_id,
  title,
  subject: "010",
  page: pageNo,
  text,
});

describe("lesson search rule", () => {
  it("normalises the term: trimmed, inner whitespace collapsed; runs only with more than 2 characters", () => {
    expect(normaliseSearchTerm("  right \n of\tway ")).toBe("right of way");
    expect(isSearchable("ab")).toBe(false);
    expect(isSearchable("  ab  ")).toBe(false);
    expect(isSearchable("a b")).toBe(true);
    expect(isSearchable("abc")).toBe(true);
  });

  it("reads a page as text: tags dropped, entities decoded, whitespace collapsed", () => {
    expect(lessonText("<h2>Air&nbsp;law</h2><p>15&deg;C &ndash; 6.5&#176;C per&#x20;km &lt;ok&gt; &unknown;</p>")).toBe(
      "Air law 15°C – 6.5°C per km <ok> &unknown;",
    );
    expect(lessonText("<p>a</p><script>alert('x')</script><style>p{}</style><p>b</p>")).toBe("a b");
  });

  it("matches from the start of a word, ignoring case; whole word also needs the word's end", () => {
    const text = "Pressure altitude and the pressure gradient; depression.";
    expect(findMatches(text, { term: "press", wholeWord: false }).map((m) => m.index)).toEqual([0, 26]);
    expect(findMatches(text, { term: "press", wholeWord: true })).toEqual([]);
    expect(findMatches(text, { term: "PRESSURE", wholeWord: true }).map((m) => m.index)).toEqual([0, 26]);
    // Not inside a word.
    expect(findMatches(text, { term: "ssure", wholeWord: false })).toEqual([]);
  });

  it("treats a term of several words as a phrase, any whitespace fitting its spaces", () => {
    const text = "The aircraft that has the right\nof   way maintains heading.";
    expect(findMatches(text, { term: "right of way", wholeWord: true })).toEqual([{ index: 26, length: 14 }]);
    expect(findMatches(text, { term: "way right", wholeWord: false })).toEqual([]);
  });

  it("takes the term's special characters literally", () => {
    expect(findMatches("Doc 4444 (PANS-ATM) and SERA.5001", { term: "(pans-atm)", wholeWord: true })).toHaveLength(1);
    expect(findMatches("SERA.5001 and SERAx5001", { term: "sera.5001", wholeWord: false })).toHaveLength(1);
  });

  it("splits words as the rule does: letters and digits, symbols and punctuation apart", () => {
    expect(searchWords("15°C at 3 050 m, SERA.5001 (ICAO)")).toEqual([
      "15",
      "C",
      "at",
      "3",
      "050",
      "m",
      "SERA",
      "5001",
      "ICAO",
    ]);
  });

  it("shows the text around the hit, cut at word ends, escaped, the hit in <mark>", () => {
    const text = `${"alpha ".repeat(20)}the <Chicago> Convention ${"omega ".repeat(20)}`.trim();
    const [hit] = findMatches(text, { term: "chicago", wholeWord: true });
    const snippet = matchSnippet(text, hit as { index: number; length: number }, 20);
    expect(snippet).toBe("…alpha alpha the &lt;<mark>Chicago</mark>&gt; Convention omega…");
  });

  it("scores hits on the page plus three per hit in the title; ranks best first, then lesson, then page", () => {
    const pages = [
      page(2, 1, "ICAO once."),
      page(1, 2, "ICAO and ICAO again."),
      page(3, 1, "ICAO once.", "ICAO Annexes"),
      page(1, 1, "Nothing here."),
      page(4, 3, "ICAO once."),
    ];
    const results = searchPages(pages, { term: "icao", wholeWord: true });
    expect(results.map((r) => [r.lesson_id, r.page, r.score])).toEqual([
      [3, 1, 4],
      [1, 2, 2],
      [2, 1, 1],
      [4, 3, 1],
    ]);
    expect(rankResults([...results].reverse())).toEqual(results);
  });

  it("gives no result for a term of 2 characters or a page without it", () => {
    expect(matchPage(page(1, 1, "VMC minima"), { term: "vm", wholeWord: false })).toBeNull();
    expect(matchPage(page(1, 1, "VMC minima"), { term: "IMC", wholeWord: false })).toBeNull();
    expect(matchPage(page(1, 1, "VMC minima"), { term: "vmc", wholeWord: false })).toMatchObject({
      match: "<mark>VMC</mark> minima",
      score: 1,
    });
  });

  it("numbers a lesson's pages from 1", () => {
    const pages = searchableLesson({ id: 7, title: "T", subject: "050", pages: ["<p>one</p>", "<p>two</p>"] });
    expect(pages.map((p) => [p.page, p.text])).toEqual([
      [1, "one"],
      [2, "two"],
    ]);
  });
});
