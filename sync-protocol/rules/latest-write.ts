/**
 * A student's own records kept one per question, where the latest intent wins across devices:
 * notes (rules/notes.ts, SR24) and review marks (rules/review-marks.ts, SR26); flags follow it
 * too, with "unflag all" besides (SR18). One rule for every side: the server's effects, and the
 * device's record of what it wrote.
 *
 * A record holds the time of the write that set it (`updatedAt`: the intent's time, ISO 8601
 * with milliseconds as `intentTime` gives, never later than the server's clock). A write made at
 * `at` replaces the held record unless the held one was written later; equal times apply in
 * arrival order, which for one device is the order it wrote them in (OB12 keeps its stamps apart
 * anyway). Strings compare as times because both are normalised the same way. Taking a record
 * away (a note cleared, a mark taken off) is a write like any other: the record stays with its
 * time, so an older write from another device cannot bring it back.
 */
export function latestWriteApplies(at: string, held: { updatedAt: string } | null | undefined): boolean {
  return held === null || held === undefined || at >= held.updatedAt;
}
