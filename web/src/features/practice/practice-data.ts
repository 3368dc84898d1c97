/**
 * Live reads of the device's store for the practice builder: the bank's index for the filter
 * rule (built when the bank was installed and kept, local/content/practice-index.ts), the
 * student's history, the headings, the authorities, and the subjects on the device with the
 * kept summary for the first screen. Everything comes from Dexie, so it works offline.
 */
import {
  ALL_SUBJECTS,
  chosenHeading,
  type PracticeBankIndex,
  type PracticeCriteria,
  type PracticeHistory,
  type PracticeIndex,
  withHistory,
} from "@preflight/sync-protocol/rules/practice-filter";
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useMemo, useState } from "react";
import {
  keepPracticeSummary,
  loadPracticeIndex,
  type PracticeSummary,
  readPracticeIndex,
  readPracticeSummary,
  refreshPracticeIndexOffThread,
  summaryTables,
} from "../../local/content/practice-index.ts";
import { getMeta, type LocalAuthority, type UserDb } from "../../local/store/db.ts";
import { headingCounts, type SubjectEntry } from "../../ui/subject-tree.ts";

/** What the builder's first screen shows: the subjects on the device and the kept summary. */
export interface PracticeOpening {
  subjects: SubjectEntry[];
  /** Questions per subject and in all; null when the device keeps none for this bank. */
  summary: PracticeSummary | null;
}

/**
 * The subjects on the device and the kept summary of the bank (questions per subject), read
 * before the whole index so the subjects and the first count show at once: one live query in
 * one transaction, so the page renders once when they arrive rather than once for each.
 */
export function usePracticeOpening(db: UserDb): PracticeOpening | undefined {
  return useLiveQuery(
    () =>
      db.transaction("r", summaryTables(db), async () => {
        const [subjects, summary] = await Promise.all([
          getMeta<SubjectEntry[]>(db, "subjects"),
          readPracticeSummary(db),
        ]);
        return { subjects: subjects ?? [], summary };
      }),
    [db],
  );
}

/**
 * The bank on this device, indexed for the filter: the index kept on the device (read again only
 * when the bank changes: its key follows the installed packs and the question count), built
 * only when the device has none for this bank (an older device, an interrupted update), in a
 * worker while the page says it is getting the bank ready.
 *
 * Read once `wanted` (see `useIndexWanted`) and the summary has been read (`summary` no longer
 * undefined): the whole index and the history are the largest reads of the page, and the
 * subjects and the first count, which the summary gives, should not wait behind them.
 */
export function usePracticeBank(
  db: UserDb,
  summary: PracticeSummary | null | undefined,
  wanted = true,
): PracticeBankIndex | undefined {
  const summaryRead = summary === null || (summary !== undefined && wanted);
  const kept = useLiveQuery(() => (summaryRead ? readPracticeIndex(db) : undefined), [db, summaryRead]);
  const [built, setBuilt] = useState<{ db: UserDb; bankKey: string; bank: PracticeBankIndex }>();
  const [failed, setFailed] = useState<unknown>();
  const missing = kept && !kept.index ? kept.bankKey : null;
  // An index kept by a version of the app without the summary: the summary is added from it.
  useEffect(() => {
    if (summary === null && kept?.index) void keepPracticeSummary(db, kept.bankKey, kept.index);
  }, [db, kept, summary]);
  useEffect(() => {
    if (missing === null) return;
    let cancelled = false;
    refreshPracticeIndexOffThread(db)
      .then(() => loadPracticeIndex(db))
      .then(
        (bank) => {
          if (!cancelled) setBuilt({ db, bankKey: missing, bank });
        },
        (err: unknown) => {
          if (!cancelled) setFailed(err);
        },
      );
    return () => {
      cancelled = true;
    };
  }, [db, missing]);
  // As a failed live query does: the page's error boundary shows it.
  if (failed) throw failed;
  if (kept?.index) return kept.index;
  return built?.db === db && built.bankKey === missing ? built.bank : undefined;
}

/**
 * What `countMatching` gives, from the summary alone, when the criteria narrow the bank by
 * subject only (no heading, include all, no keyword, reference or seen-in-exam filter; most
 * recent keeps the newest N of them); undefined when they need the whole index.
 */
export function countFromSummary(summary: PracticeSummary, c: PracticeCriteria): number | undefined {
  const f = c.filters;
  if (
    chosenHeading(c) !== null ||
    f.include !== "all" ||
    f.keywords.length > 0 ||
    f.references.length > 0 ||
    f.note_search.trim() !== "" ||
    f.seen_in_exam
  )
    return undefined;
  const n =
    c.subject_id === null || c.subject_id === ALL_SUBJECTS ? summary.total : (summary.subjects.get(c.subject_id) ?? 0);
  return f.most_recent ? Math.min(n, f.date_added_limit) : n;
}

/** The student's answers, finished tests, reviews, flags, seen-in-exam reports and notes. */
export async function readPracticeHistory(db: UserDb): Promise<PracticeHistory> {
  const [answers, tests, reviews, flags, seen, notes] = await Promise.all([
    db.answers.toArray(),
    db.userTests.toArray(),
    db.reviews.toArray(),
    db.flags.toArray(),
    db.seenInExam.toArray(),
    db.notes.toArray(),
  ]);
  return {
    // A withheld question's answer (ungraded here) is no part of the practice history.
    answers: answers.flatMap((a) => (a.correct === null ? [] : [{ questionId: a.questionId, correct: a.correct }])),
    finishedTests: tests.filter((t) => t.finished !== null),
    reviewed: reviews.map((r) => r.questionId),
    flagged: flags.filter((f) => f.flagged).map((f) => f.questionId),
    seenInExam: seen.map((s) => ({ questionId: s.questionId, date_seen: s.date_seen, authority: s.authority })),
    notes: notes.map((n) => ({ questionId: n.questionId, text: n.text })),
  };
}

/**
 * Whether the builder reads the whole index now. At once when the page needs it (`needed`: a
 * filter the summary cannot count, a heading list, or no kept summary); otherwise once the
 * first screen has done its work, so the index's read and unpacking do not hold up the subjects
 * being listed or the first tap's count: right after the frame that follows the student's first
 * choice (`touched`), or a moment after the subjects were listed (`shown`) when there is none.
 */
export function useIndexWanted(shown: boolean, needed: boolean, touched: boolean): boolean {
  const [later, setLater] = useState(false);
  useEffect(() => {
    if (!shown || later) return;
    let frame: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const want = () => setLater(true);
    if (!touched) timer = setTimeout(want, INDEX_AFTER_LISTED_MS);
    else if (typeof requestAnimationFrame === "function")
      frame = requestAnimationFrame(() => {
        timer = setTimeout(want, 0);
      });
    else timer = setTimeout(want, 0);
    return () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [shown, touched, later]);
  return needed || later;
}

/** How long after the subjects are listed the index is read when the student has not chosen yet. */
const INDEX_AFTER_LISTED_MS = 1000;

/**
 * The bank with the student's facts per question; undefined while loading (read after the
 * summary, once `wanted`).
 */
export function usePracticeIndex(
  db: UserDb,
  summary: PracticeSummary | null | undefined,
  wanted = true,
): { bank: PracticeBankIndex; index: PracticeIndex } | undefined {
  const bank = usePracticeBank(db, summary, wanted);
  const summaryRead = summary === null || (summary !== undefined && wanted);
  const history = useLiveQuery(() => (summaryRead ? readPracticeHistory(db) : undefined), [db, summaryRead]);
  return useMemo(() => (bank && history ? { bank, index: withHistory(bank, history) } : undefined), [bank, history]);
}

/**
 * Questions per subject and heading code of the bank. Until a heading list is wanted the kept
 * summary's subject counts do (counting the headings of a big bank takes tens of milliseconds);
 * undefined while neither is there.
 */
export function useHeadingCounts(
  bank: PracticeBankIndex | undefined,
  summary: PracticeSummary | null | undefined,
  headingsWanted: boolean,
): Map<string, number> | undefined {
  const fromBank = headingsWanted || !summary;
  const counted = useMemo(() => (bank && fromBank ? headingCounts(bank) : undefined), [bank, fromBank]);
  return counted ?? (headingsWanted ? undefined : summary?.subjects);
}

/** Heading titles of one subject, by code. */
export function useHeadingTitles(db: UserDb, subject: string | null): Map<string, string> | undefined {
  return useLiveQuery(async () => {
    if (!subject) return new Map<string, string>();
    const nodes = await db.syllabusNodes.where("subject").equals(subject).toArray();
    return new Map(nodes.map((n) => [n.code, n.title]));
  }, [db, subject]);
}

/** Authorities in their groups, in the server's order. */
export function useAuthorityGroups(db: UserDb): { group: string; authorities: LocalAuthority[] }[] {
  const rows = useLiveQuery(() => db.authorities.orderBy("position").toArray(), [db]) ?? [];
  return useMemo(() => {
    const groups: { group: string; authorities: LocalAuthority[] }[] = [];
    for (const a of rows) {
      const last = groups[groups.length - 1];
      if (last && last.group === a.group) last.authorities.push(a);
      else groups.push({ group: a.group, authorities: [a] });
    }
    return groups;
  }, [rows]);
}
