import { QUESTION_NUMBER_PAD } from "./constants.ts";

/** 'Question 001 / 040' style numbers. */
export function padQuestionNumber(n: number): string {
  return String(n).padStart(QUESTION_NUMBER_PAD, "0");
}

/** hh:mm:ss for a number of seconds; negative values carry a leading minus. */
export function formatHms(totalSeconds: number): string {
  const sign = totalSeconds < 0 ? "-" : "";
  const s = Math.floor(Math.abs(totalSeconds));
  const hh = String(Math.floor(s / 3600)).padStart(2, "0");
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, "0");
  const ss = String(s % 60).padStart(2, "0");
  return `${sign}${hh}:${mm}:${ss}`;
}

/** Answer letters run from a upward. */
export function answerLetter(index: number): string {
  return String.fromCharCode(97 + index);
}

export function letterIndex(key: string): number | null {
  if (key.length !== 1) return null;
  const code = key.toLowerCase().charCodeAt(0);
  return code >= 97 && code <= 122 ? code - 97 : null;
}

/** The last-sync stamp of the spec: DD/MM/YYYY @ HH:mm, in the device's local time. */
export function formatSyncStamp(date: Date): string {
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(date.getDate())}/${two(date.getMonth() + 1)}/${date.getFullYear()} @ ${two(date.getHours())}:${two(date.getMinutes())}`;
}

const TEST_TYPE_TITLES: Record<string, string> = {
  quiz: "Quiz",
  progress_test: "Progress test",
  progress_test_attempt: "Progress test",
  exam: "Exam",
  untimed: "Untimed exam",
  timed: "Timed exam",
  practice: "Practice",
};

/** The heading a test type shows on the question screen and in lists. */
export function testTypeTitle(type: string): string {
  return TEST_TYPE_TITLES[type] ?? type;
}

/** Dates as the product shows them everywhere: DD/MM/YYYY, in the device's local time. */
export function formatDate(date: Date): string {
  return formatSyncStamp(date).slice(0, 10);
}

/** "1 time", "3 times". */
export function countTimes(n: number): string {
  return `${n} ${n === 1 ? "time" : "times"}`;
}

/** Spec accounts 5 and 9: a licence key is 16 letters and digits, shown in 4-4-4-4 groups. */
export const LICENCE_KEY_LENGTH = 16;
const LICENCE_KEY_GROUP = 4;

/**
 * The licence key as it is typed (spec accounts 5): upper-cased, anything but letters and digits
 * dropped, cut at 16 characters, a dash between each group of four ("abcd1234e" → "ABCD-1234-E").
 */
export function formatLicenceKey(typed: string): string {
  const characters = typed
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "")
    .slice(0, LICENCE_KEY_LENGTH);
  return (characters.match(new RegExp(`.{1,${LICENCE_KEY_GROUP}}`, "g")) ?? []).join("-");
}

/** The key's 16 characters without dashes (the server keeps keys so), or null for any other shape. */
export function licenceKeyValue(key: string): string | null {
  const trimmed = key.trim().toUpperCase();
  if (!/^[A-Z0-9]{4}(-?[A-Z0-9]{4}){3}$/.test(trimmed)) return null;
  return trimmed.replace(/-/g, "");
}
