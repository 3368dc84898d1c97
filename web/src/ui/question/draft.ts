import type { ShownQuestion } from "@preflight/sync-protocol/rules/withheld-answers";
import type { GivenAnswer } from "@preflight/sync-protocol/schemas/answer";

/**
 * What the student has on screen for one question before it is saved:
 * chosen answer ids (multiple choice / select), one id or null per gap (cloze), or typed text.
 */
export type Draft =
  | { kind: "ids"; ids: number[] }
  | { kind: "gaps"; gaps: (number | null)[] }
  | { kind: "text"; text: string };

export function gapCount(question: ShownQuestion): number {
  return new Set(question.answers.map((a) => a.group ?? 1)).size;
}

export function emptyDraft(question: ShownQuestion): Draft {
  if (question.type === "text") return { kind: "text", text: "" };
  if (question.type === "cloze") return { kind: "gaps", gaps: Array(gapCount(question)).fill(null) };
  return { kind: "ids", ids: [] };
}

export function draftFromGiven(question: ShownQuestion, given: GivenAnswer | undefined): Draft {
  if (!given) return emptyDraft(question);
  if (!Array.isArray(given)) return { kind: "text", text: given.value === null ? "" : String(given.value) };
  if (question.type === "cloze") {
    const gaps: (number | null)[] = Array(gapCount(question)).fill(null);
    for (const id of given) {
      const group = question.answers.find((a) => a.id === id)?.group;
      if (group) gaps[group - 1] = id;
    }
    return { kind: "gaps", gaps };
  }
  return { kind: "ids", ids: [...given] };
}

/** The answer to save, or null when there is nothing to save (no selection, empty text, open gaps). */
export function givenFromDraft(draft: Draft): GivenAnswer | null {
  switch (draft.kind) {
    case "ids":
      return draft.ids.length ? draft.ids : null;
    case "gaps":
      return draft.gaps.every((g) => g !== null) ? (draft.gaps as number[]) : null;
    case "text": {
      const trimmed = draft.text.trim().replace(",", ".");
      if (trimmed === "") return null;
      const value = Number(trimmed);
      return Number.isFinite(value) ? { value } : null;
    }
  }
}

export function sameGiven(a: GivenAnswer | null | undefined, b: GivenAnswer | null | undefined): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** Letter keys: a toggles the first answer, b the second … */
export function toggleByIndex(question: ShownQuestion, draft: Draft, index: number): Draft {
  if (draft.kind !== "ids") return draft;
  const answer = question.answers[index];
  if (!answer) return draft;
  if (question.type === "multiple_choice")
    return { kind: "ids", ids: draft.ids.includes(answer.id) ? [] : [answer.id] };
  return {
    kind: "ids",
    ids: draft.ids.includes(answer.id) ? draft.ids.filter((id) => id !== answer.id) : [...draft.ids, answer.id],
  };
}
