import { describe, expect, it } from "vitest";
import {
  ALL_EASA,
  ALL_SUBJECTS,
  addKeywords,
  addReferences,
  availableQuestionCount,
  canStartPractice,
  chooseSection,
  chooseSubject,
  chooseSubtopic,
  chooseTopic,
  countMatching,
  DATE_ADDED_LIMIT_DEFAULT,
  defaultPracticeCriteria,
  effectiveCriteria,
  hasQuestionSource,
  indexPracticeBank,
  keywordsDisabled,
  maxQuestionCount,
  NO_HISTORY,
  type PracticeBankQuestion,
  type PracticeCriteria,
  type PracticeHistory,
  type PracticeInclude,
  parseQuestionCount,
  practiceTestSize,
  referencesDisabled,
  removeKeyword,
  SEEN_IN_EXAM_MONTHS_DEFAULT,
  selectPracticeQuestions,
  setDateAddedLimit,
  setMostRecent,
  setNoteSearch,
  setSeenInExam,
  setSeenInExamTime,
  tickAllQuestions,
  typeQuestionCount,
  withHistory,
} from "./practice-filter.ts";
import { pickQuestions } from "./selection.ts";

const NOW = new Date("2026-11-21T09:00:00Z");

/** A small bank: Air Law (010) under two topics, Meteorology (050). */
const BANK: PracticeBankQuestion[] = [
  q(1, "010.01.01.01", "What does the <b>Chicago</b> Convention establish?", "AL-0001", "2024-01-10"),
  q(2, "010.01.01.02", "Which freedom of the air allows overflight?", "AL-0002", "2025-03-01"),
  q(3, "010.01.02", "The Chicago Convention annex on rules of the air is", "AL-0003", "2026-06-15"),
  q(4, "010.02.01.01", "A VFR flight in airspace class D needs", "AL-0104", "2023-05-05"),
  q(5, "050.01.01.01", "Pressure falls with height because", "MET-0005", "2026-10-30"),
  q(6, "050.02.01.01", "A warm front brings pressure that", "MET-0006", "2022-02-02"),
];

function q(id: number, code: string, question: string, reference: string, added: string): PracticeBankQuestion {
  return { id, subject: code.slice(0, 3), syllabus_code: code, question, reference, added };
}

/** Question 1 answered right, 2 wrong then right, 3 wrong twice, 4 left blank in a finished test. */
const HISTORY: PracticeHistory = {
  answers: [
    { questionId: 1, correct: true },
    { questionId: 2, correct: false },
    { questionId: 2, correct: true },
    { questionId: 3, correct: false },
    { questionId: 3, correct: false },
  ],
  finishedTests: [{ question_ids: [1, 2, 3, 4] }],
  reviewed: [1, 4],
  flagged: [5, 2],
  seenInExam: [
    { questionId: 5, date_seen: "2026-09", authority: "de_lba" },
    { questionId: 6, date_seen: "2024-01", authority: "uk_caa" },
    { questionId: 1, date_seen: "2026-11", authority: "uk_caa" },
  ],
  // 3 and 6 have notes; 4's note was cleared (a tombstone), 999 is not in the bank.
  notes: [
    { questionId: 3, text: "Annex 2 = Rules of the Air.\nCheck the CHICAGO list" },
    { questionId: 6, text: "warm front: pressure falls, then steadies" },
    { questionId: 4, text: "" },
    { questionId: 999, text: "a question that left the bank" },
  ],
};

const index = withHistory(indexPracticeBank(BANK), HISTORY);

function criteria(change: (c: PracticeCriteria) => PracticeCriteria = (c) => c): PracticeCriteria {
  return change(chooseSubject(defaultPracticeCriteria(), ALL_SUBJECTS));
}
const include = (value: PracticeInclude) => criteria((c) => ({ ...c, filters: { ...c.filters, include: value } }));
const ids = (c: PracticeCriteria, sort: PracticeCriteria["display"]["sort"] = "sequential") =>
  selectPracticeQuestions(index, { ...c, display: { ...c.display, sort, questions: "all" } }, { seed: 1, now: NOW });

describe("practice criteria defaults (spec study 9)", () => {
  it("sorts at random, shows answers after the test, 20 questions, Most recent 200, seen in exam 12 months, any authority", () => {
    const c = defaultPracticeCriteria();
    expect(c.display).toEqual({ sort: "random", answers: "after_test", questions: 20 });
    expect(c.filters).toMatchObject({
      include: "all",
      most_recent: false,
      date_added_limit: 200,
      seen_in_exam: false,
      seen_in_exam_time: 12,
      authority: ALL_EASA,
    });
    expect(DATE_ADDED_LIMIT_DEFAULT).toBe(200);
    expect(SEEN_IN_EXAM_MONTHS_DEFAULT).toBe(12);
  });
});

describe("the tree: choosing clears what lies under it (spec study 4)", () => {
  const deep = chooseSection(
    chooseSubtopic(chooseTopic(chooseSubject(defaultPracticeCriteria(), "010"), "010.01"), "010.01.01"),
    "010.01.01.01",
  );

  it("choosing a subject clears topic, subtopic and section", () => {
    expect(chooseSubject(deep, "050")).toMatchObject({
      subject_id: "050",
      question_topic_id: null,
      question_subtopic_id: null,
      question_section_id: null,
    });
  });
  it("choosing a topic clears subtopic and section", () => {
    expect(chooseTopic(deep, "010.02")).toMatchObject({
      subject_id: "010",
      question_topic_id: "010.02",
      question_subtopic_id: null,
      question_section_id: null,
    });
  });
  it("choosing a subtopic clears the section", () => {
    expect(chooseSubtopic(deep, "010.01.02")).toMatchObject({
      question_topic_id: "010.01",
      question_subtopic_id: "010.01.02",
      question_section_id: null,
    });
  });
  it("matches the questions at or under the deepest heading chosen", () => {
    expect(ids(chooseSubject(defaultPracticeCriteria(), "010"))).toEqual([1, 2, 3, 4]);
    expect(ids(chooseTopic(chooseSubject(defaultPracticeCriteria(), "010"), "010.01"))).toEqual([1, 2, 3]);
    expect(
      ids(chooseSubtopic(chooseTopic(chooseSubject(defaultPracticeCriteria(), "010"), "010.01"), "010.01.01")),
    ).toEqual([1, 2]);
    expect(ids(deep)).toEqual([1]);
    // A heading is matched whole: 010.01.0 is no prefix of 010.01.01.
    expect(ids(chooseTopic(chooseSubject(defaultPracticeCriteria(), "010"), "010.0"))).toEqual([]);
  });
  it("'all subjects' matches the whole bank", () => {
    expect(ids(criteria())).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe("include filters, against the student's history", () => {
  it.each<[PracticeInclude, number[]]>([
    ["all", [1, 2, 3, 4, 5, 6]],
    // never answered: 4 was only left blank
    ["unanswered", [4, 5, 6]],
    // never shown in a results review
    ["unreviewed", [2, 3, 5, 6]],
    // answered wrong at least once
    ["wrong_before", [2, 3]],
    // met (answered or left blank in a finished test) and never right
    ["never_correct", [3, 4]],
    // answered, and every answer wrong
    ["always_incorrect", [3]],
    // flagged now
    ["flagged", [2, 5]],
    // a note that says something (4's was cleared)
    ["noted", [3, 6]],
  ])("%s → %j", (value, expected) => {
    expect(ids(include(value))).toEqual(expected);
  });

  it("with no history: everything is unanswered and unreviewed, nothing was wrong", () => {
    const fresh = withHistory(indexPracticeBank(BANK), NO_HISTORY);
    const count = (value: PracticeInclude) =>
      countMatching(fresh, { ...include(value), display: { ...include(value).display, questions: "all" } }, NOW);
    expect([count("unanswered"), count("unreviewed"), count("wrong_before"), count("never_correct")]).toEqual([
      6, 6, 0, 0,
    ]);
  });

  it("a note of nothing but white space is no note", () => {
    const blank = withHistory(indexPracticeBank(BANK), { ...NO_HISTORY, notes: [{ questionId: 1, text: " \n\t " }] });
    expect(countMatching(blank, include("noted"), NOW)).toBe(0);
  });

  it("ignores history of questions the bank no longer holds", () => {
    const other = withHistory(indexPracticeBank(BANK), {
      ...NO_HISTORY,
      flagged: [999],
      answers: [{ questionId: 999, correct: false }],
    });
    expect(countMatching(other, include("flagged"), NOW)).toBe(0);
    expect(countMatching(other, include("wrong_before"), NOW)).toBe(0);
  });
});

describe("keywords and references", () => {
  const withKeywords = (text: string) => addKeywords(criteria(), text);
  const withReferences = (text: string) => addReferences(criteria(), text);

  it("every keyword must appear in the text without its html, in any case, part of a word counting", () => {
    expect(ids(withKeywords("chicago"))).toEqual([1, 3]);
    expect(ids(withKeywords("Chicago annex"))).toEqual([3]);
    expect(ids(withKeywords("press"))).toEqual([5, 6]);
    // "<b>" is html, not text
    expect(ids(withKeywords("b>"))).toEqual([]);
  });
  it("a reference matches the start of the question's reference; several match any", () => {
    expect(ids(withReferences("al-000"))).toEqual([1, 2, 3]);
    expect(ids(withReferences("AL-0104 MET-0006"))).toEqual([4, 6]);
    expect(ids(withReferences("0001"))).toEqual([]);
  });
  it("keywords or references alone are a source: no subject needed", () => {
    const c = addKeywords(defaultPracticeCriteria(), "pressure");
    expect(ids(c)).toEqual([5, 6]);
  });
  it("split on spaces into tags, dropping repeats", () => {
    expect(addKeywords(criteria(), "  wind  shear wind WIND ").filters.keywords).toEqual(["wind", "shear"]);
    expect(addKeywords(withKeywords("wind"), "gust").filters.keywords).toEqual(["wind", "gust"]);
    expect(removeKeyword(withKeywords("wind gust"), "wind").filters.keywords).toEqual(["gust"]);
  });
  it("keywords are disabled while references exist, and references while keywords exist", () => {
    const refs = withReferences("AL-0001");
    expect(keywordsDisabled(refs)).toBe(true);
    expect(addKeywords(refs, "wind").filters.keywords).toEqual([]);
    const words = withKeywords("wind");
    expect(referencesDisabled(words)).toBe(true);
    expect(addReferences(words, "AL").filters.references).toEqual([]);
    expect(keywordsDisabled(removeKeyword(words, "wind"))).toBe(false);
    expect(referencesDisabled(removeKeyword(words, "wind"))).toBe(false);
  });
});

describe("my notes containing (rules/notes.ts noteMatches)", () => {
  const searching = (text: string, c = criteria()) => setNoteSearch(c, text);

  it("keeps the questions whose note holds the text, in any case and spacing, part of a word counting", () => {
    expect(ids(searching("chicago"))).toEqual([3]);
    expect(ids(searching("  Rules   of the AIR. check "))).toEqual([3]);
    expect(ids(searching("pressure fall"))).toEqual([6]);
    // The question's own text is not the note: question 5 says "Pressure falls" but has no note.
    expect(ids(searching("falls with height"))).toEqual([]);
    // A cleared note holds nothing.
    expect(ids(searching("a"))).toEqual([3, 6]);
  });

  it("spaces alone search nothing; the search combines with the subject and the include filter", () => {
    expect(ids(searching("   "))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(ids(searching("e", chooseSubject(defaultPracticeCriteria(), "010")))).toEqual([3]);
    const wrongBefore = { ...criteria(), filters: { ...criteria().filters, include: "wrong_before" as const } };
    expect(ids(searching("e", wrongBefore))).toEqual([3]);
    expect(countMatching(index, searching("e", include("noted")), NOW)).toBe(2);
  });

  it("is a source like keywords: without a subject it searches every subject", () => {
    const none = defaultPracticeCriteria();
    expect(hasQuestionSource(none)).toBe(false);
    expect(hasQuestionSource(setNoteSearch(none, "  "))).toBe(false);
    expect(hasQuestionSource(setNoteSearch(none, "front"))).toBe(true);
    expect(ids(setNoteSearch(none, "front"))).toEqual([6]);
    expect(canStartPractice(tickAllQuestions(setNoteSearch(none, "front"), true), 1)).toBe(true);
  });
});

describe("Most recent: the newest N by date added", () => {
  it("keeps only the newest N matches", () => {
    const c = setDateAddedLimit(setMostRecent(criteria(), true), 100);
    expect(c.filters.date_added_limit).toBe(100);
    expect(ids(c)).toEqual([1, 2, 3, 4, 5, 6]); // fewer than 100 match
    // With a smaller bank limit the rule is the same: a direct limit of 2 keeps 5 and 3.
    const two = { ...c, filters: { ...c.filters, date_added_limit: 2 } };
    expect(ids(two)).toEqual([3, 5]);
    const airLaw = { ...two, subject_id: "010" };
    expect(ids(airLaw)).toEqual([2, 3]);
  });
  it("the slider runs 100 to 300 and moves only with Most recent on", () => {
    expect(setDateAddedLimit(criteria(), 150).filters.date_added_limit).toBe(200);
    const on = setMostRecent(criteria(), true);
    expect(setDateAddedLimit(on, 50).filters.date_added_limit).toBe(100);
    expect(setDateAddedLimit(on, 999).filters.date_added_limit).toBe(300);
    expect(setDateAddedLimit(on, 250).filters.date_added_limit).toBe(250);
  });
});

describe("seen in exam within N months, by authority", () => {
  const seen = (months: number, authority = ALL_EASA) => {
    const c = setSeenInExamTime(setSeenInExam(criteria(), true), months);
    return ids({ ...c, filters: { ...c.filters, authority } });
  };
  it("counts the current month and the N before it; all_easa means any authority", () => {
    expect(seen(1)).toEqual([1]); // 2026-11 and 2026-10
    expect(seen(2)).toEqual([1, 5]); // 2026-09 is two months back
    expect(seen(120)).toEqual([1, 5, 6]);
  });
  it("by one authority", () => {
    expect(seen(120, "uk_caa")).toEqual([1, 6]);
    expect(seen(120, "de_lba")).toEqual([5]);
    expect(seen(120, "fr_dgac")).toEqual([]);
  });
  it("the slider runs 1 to 120 months and moves only with its checkbox", () => {
    expect(setSeenInExamTime(criteria(), 3).filters.seen_in_exam_time).toBe(12);
    const on = setSeenInExam(criteria(), true);
    expect(setSeenInExamTime(on, 0).filters.seen_in_exam_time).toBe(1);
    expect(setSeenInExamTime(on, 500).filters.seen_in_exam_time).toBe(120);
  });
});

describe("sort", () => {
  const all = criteria();
  it("date_asc and date_desc by date added; sequential in syllabus order", () => {
    expect(ids(all, "date_asc")).toEqual([6, 4, 1, 2, 3, 5]);
    expect(ids(all, "date_desc")).toEqual([5, 3, 2, 1, 4, 6]);
    expect(ids(all, "sequential")).toEqual([1, 2, 3, 4, 5, 6]);
  });
  it("random is seeded, and with no filter is the same test as pickQuestions over the bank", () => {
    const c = { ...all, display: { ...all.display, sort: "random" as const, questions: 4 } };
    const a = selectPracticeQuestions(index, c, { seed: 7, now: NOW });
    expect(selectPracticeQuestions(index, c, { seed: 7, now: NOW })).toEqual(a);
    expect(a).toEqual(pickQuestions([1, 2, 3, 4, 5, 6], 4, 7));
  });
});

describe("question count (spec study 5)", () => {
  it("is a whole number from 1 to 30000; negative or non-numeric clears it; larger is capped", () => {
    expect(parseQuestionCount("25", 30_000)).toBe(25);
    expect(parseQuestionCount(" 7 ", 30_000)).toBe(7);
    expect(parseQuestionCount("40000", 30_000)).toBe(30_000);
    for (const bad of ["", "-3", "abc", "0", "2.5", "1e3"]) expect(parseQuestionCount(bad, 30_000)).toBeNull();
  });
  it("with Most recent on, the max is the date-added limit and a larger count is capped", () => {
    const c = typeQuestionCount(criteria(), "500");
    expect(c.display.questions).toBe(500);
    const on = setMostRecent(c, true);
    expect(maxQuestionCount(on)).toBe(200);
    expect(on.display.questions).toBe(200);
    expect(setDateAddedLimit(on, 120).display.questions).toBe(120);
    expect(typeQuestionCount(setDateAddedLimit(on, 120), "250").display.questions).toBe(120);
    expect(maxQuestionCount(setMostRecent(on, false))).toBe(30_000);
  });
  it("the count a student can really get is the max, or the matching questions when fewer match", () => {
    expect(availableQuestionCount(criteria(), 347)).toBe(347);
    expect(availableQuestionCount(criteria(), 40_000)).toBe(30_000);
    expect(availableQuestionCount(setMostRecent(criteria(), true), 347)).toBe(200);
    expect(availableQuestionCount(criteria(), undefined)).toBe(30_000);
    expect(availableQuestionCount(criteria(), 0)).toBe(30_000);
  });
  it("ticking 'all questions' clears the number; typing a number unticks it", () => {
    const all = tickAllQuestions(typeQuestionCount(criteria(), "20"), true);
    expect(all.display.questions).toBe("all");
    expect(typeQuestionCount(all, "15").display.questions).toBe(15);
    expect(tickAllQuestions(all, false).display.questions).toBeNull();
  });
  it("the test takes the first N sorted matches, or all", () => {
    const c = typeQuestionCount(criteria(), "3");
    expect(practiceTestSize(c, 6)).toBe(3);
    expect(practiceTestSize(c, 2)).toBe(2);
    expect(practiceTestSize(tickAllQuestions(c, true), 6)).toBe(6);
    expect(
      selectPracticeQuestions(index, { ...c, display: { ...c.display, sort: "date_desc" } }, { seed: 1, now: NOW }),
    ).toEqual([5, 3, 2]);
  });
});

describe("Start", () => {
  it("needs a subject (or keywords or references), a count (or all) and a matching question", () => {
    const none = defaultPracticeCriteria();
    expect(canStartPractice(typeQuestionCount(none, "10"), 6)).toBe(false);
    expect(canStartPractice(criteria(), 6)).toBe(true);
    expect(canStartPractice(typeQuestionCount(criteria(), ""), 6)).toBe(false);
    expect(canStartPractice(typeQuestionCount(criteria(), "10"), 6)).toBe(true);
    expect(canStartPractice(tickAllQuestions(addKeywords(none, "wind"), true), 1)).toBe(true);
    expect(canStartPractice(typeQuestionCount(criteria(), "10"), 0)).toBe(false);
  });
});

describe("offline (spec: hides date added, seen in exam, authority and the date sorts)", () => {
  it("drops Most recent, seen in exam and the date sorts; online keeps them", () => {
    const c = setSeenInExam(
      setMostRecent({ ...criteria(), display: { ...criteria().display, sort: "date_desc" } }, true),
      true,
    );
    const offline = effectiveCriteria(c, false);
    expect(offline.filters).toMatchObject({ most_recent: false, seen_in_exam: false, authority: ALL_EASA });
    expect(offline.display.sort).toBe("random");
    expect(effectiveCriteria(c, true)).toBe(c);
    const sequential = { ...c, display: { ...c.display, sort: "sequential" as const } };
    expect(effectiveCriteria(sequential, false).display.sort).toBe("sequential");
  });
});

describe("speed: 30,000 questions", () => {
  it("counts a filter change in a few milliseconds", () => {
    const big: PracticeBankQuestion[] = Array.from({ length: 30_000 }, (_, i) =>
      q(
        100_000 + i,
        `0${10 + (i % 8) * 10}.0${1 + (i % 7)}.0${1 + (i % 5)}.0${1 + (i % 3)}`,
        `Question ${i} about pressure, altitude and the <i>wind</i> number ${i % 97}`,
        `REF-${i}`,
        `20${19 + (i % 7)}-0${1 + (i % 9)}-1${i % 10}`,
      ),
    );
    const answers = big.slice(0, 3000).map((b, i) => ({ questionId: b.id, correct: i % 3 === 0 }));
    const bigIndex = withHistory(indexPracticeBank(big), { ...NO_HISTORY, answers });
    const changes: PracticeCriteria[] = [
      include("wrong_before"),
      addKeywords(include("wrong_before"), "pressure wind"),
      chooseTopic(chooseSubject(addKeywords(include("all"), "altitude"), "030"), "030.03"),
      addReferences(criteria(), "REF-1"),
      setMostRecent(include("unanswered"), true),
    ];
    for (const c of changes) countMatching(bigIndex, c, NOW); // warm up
    const started = Date.now();
    const rounds = 10;
    for (let r = 0; r < rounds; r++) for (const c of changes) countMatching(bigIndex, c, NOW);
    const perChange = (Date.now() - started) / (rounds * changes.length);
    expect(perChange).toBeLessThan(25);
  });
});
