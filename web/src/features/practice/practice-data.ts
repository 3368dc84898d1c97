/**
 * Live reads of the device's store for the practice builder: the bank's index for the filter
 * rule (built when the bank was installed and kept, local/content/practice-index.ts), the
 * student's history, the headings, and the authorities (the subjects on the
 * device, which the exam chooser reads too, are useSubjects in app/live-queries.ts). Everything
 * comes from Dexie, so it works offline.
 */
import {
  type PracticeBankIndex,
  type PracticeHistory,
  type PracticeIndex,
  withHistory,
} from "@preflight/sync-protocol/rules/practice-filter";
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useMemo, useState } from "react";
import {
  loadPracticeIndex,
  readPracticeIndex,
  refreshPracticeIndexOffThread,
} from "../../local/content/practice-index.ts";
import type { LocalAuthority, UserDb } from "../../local/store/db.ts";
import { headingCounts } from "../../ui/subject-tree.ts";

/**
 * The bank on this device, indexed for the filter: the index kept on the device (read again only
 * when the bank changes: its key follows the installed packs and the question count), built
 * only when the device has none for this bank (an older device, an interrupted update), in a
 * worker while the page says it is getting the bank ready.
 */
export function usePracticeBank(db: UserDb): PracticeBankIndex | undefined {
  const kept = useLiveQuery(() => readPracticeIndex(db), [db]);
  const [built, setBuilt] = useState<{ db: UserDb; bankKey: string; bank: PracticeBankIndex }>();
  const [failed, setFailed] = useState<unknown>();
  const missing = kept && !kept.index ? kept.bankKey : null;
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

/** The student's answers, finished tests, reviews, flags and seen-in-exam reports. */
export async function readPracticeHistory(db: UserDb): Promise<PracticeHistory> {
  const [answers, tests, reviews, flags, seen] = await Promise.all([
    db.answers.toArray(),
    db.userTests.toArray(),
    db.reviews.toArray(),
    db.flags.toArray(),
    db.seenInExam.toArray(),
  ]);
  return {
    // A withheld question's answer (ungraded here) is no part of the practice history.
    answers: answers.flatMap((a) => (a.correct === null ? [] : [{ questionId: a.questionId, correct: a.correct }])),
    finishedTests: tests.filter((t) => t.finished !== null),
    reviewed: reviews.map((r) => r.questionId),
    flagged: flags.filter((f) => f.flagged).map((f) => f.questionId),
    seenInExam: seen.map((s) => ({ questionId: s.questionId, date_seen: s.date_seen, authority: s.authority })),
  };
}

/** The bank with the student's facts per question; undefined while loading. */
export function usePracticeIndex(db: UserDb): { bank: PracticeBankIndex; index: PracticeIndex } | undefined {
  const bank = usePracticeBank(db);
  const history = useLiveQuery(() => readPracticeHistory(db), [db]);
  return useMemo(() => (bank && history ? { bank, index: withHistory(bank, history) } : undefined), [bank, history]);
}

/** Questions per subject and heading code of the bank. */
export function useHeadingCounts(bank: PracticeBankIndex | undefined): Map<string, number> {
  return useMemo(() => (bank ? headingCounts(bank) : new Map()), [bank]);
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
