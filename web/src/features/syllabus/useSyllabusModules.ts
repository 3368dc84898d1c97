/** The syllabus page's data as a live read (the read itself is local/store/syllabus.ts). */
import { useLiveQuery } from "dexie-react-hooks";
import type { UserDb } from "../../local/store/db.ts";
import { readSyllabus, type SyllabusData } from "../../local/store/syllabus.ts";

export type { SyllabusData };

export function useSyllabusModules(db: UserDb): SyllabusData | undefined {
  return useLiveQuery(() => readSyllabus(db), [db]);
}
