/**
 * Local stored choices of the syllabus page (spec: sort, current_module, current_subject;
 * defaults module, 0, 0), kept in this browser's storage per student.
 */
import { useCallback, useState } from "react";
import { localStore } from "../../platform.ts";

export type SyllabusSort = "module" | "subject";

export interface SyllabusChoices {
  sort: SyllabusSort;
  /** A module id, or 0 for the first. */
  current_module: number;
  /** A subject code, or 0 for the first. */
  current_subject: string | 0;
}

export const DEFAULT_CHOICES: SyllabusChoices = { sort: "module", current_module: 0, current_subject: 0 };

export function choicesKey(userId: string): string {
  return `preflight:syllabus:${userId}`;
}

export function readChoices(storage: Pick<Storage, "getItem"> | undefined, userId: string): SyllabusChoices {
  try {
    const raw = JSON.parse(storage?.getItem(choicesKey(userId)) ?? "null") as Partial<SyllabusChoices> | null;
    if (!raw || typeof raw !== "object") return DEFAULT_CHOICES;
    return {
      sort: raw.sort === "subject" ? "subject" : "module",
      current_module: typeof raw.current_module === "number" ? raw.current_module : 0,
      current_subject: typeof raw.current_subject === "string" ? raw.current_subject : 0,
    };
  } catch {
    return DEFAULT_CHOICES;
  }
}

export function useSyllabusChoices(userId: string): [SyllabusChoices, (patch: Partial<SyllabusChoices>) => void] {
  const [choices, setChoices] = useState(() => readChoices(localStore() ?? undefined, userId));
  const update = useCallback(
    (patch: Partial<SyllabusChoices>) =>
      setChoices((current) => {
        const next = { ...current, ...patch };
        try {
          localStore()?.setItem(choicesKey(userId), JSON.stringify(next));
        } catch {
          // Storage full or blocked: the choice still holds for this visit.
        }
        return next;
      }),
    [userId],
  );
  return [choices, update];
}
