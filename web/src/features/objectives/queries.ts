/**
 * The learning-objectives page's live read (local/store/objectives.ts): a new answer, test or
 * reset redraws it. A device that keeps no objectives index for its bank (an older device, an
 * interrupted update) builds it once, off the page's thread, with the practice builder's index:
 * the live read then runs again by itself, since it read the table the index is written to.
 */
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useState } from "react";
import { refreshPracticeIndexOffThread } from "../../local/content/practice-index.ts";
import type { UserDb } from "../../local/store/db.ts";
import { type ObjectiveCoverageRead, readObjectiveCoverage } from "../../local/store/objectives.ts";

export function useObjectiveCoverage(db: UserDb, subject: string): ObjectiveCoverageRead | undefined {
  const read = useLiveQuery(() => readObjectiveCoverage(db, subject), [db, subject]);
  const [failed, setFailed] = useState<unknown>();
  const missing = read?.state === "no-index" ? read.bankKey : null;
  useEffect(() => {
    if (missing === null) return;
    refreshPracticeIndexOffThread(db).catch(setFailed);
  }, [db, missing]);
  // As a failed live query does: the page's error boundary shows it.
  if (failed) throw failed;
  return read;
}
