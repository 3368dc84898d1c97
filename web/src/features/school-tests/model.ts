/**
 * The fixed test editor's form, pure (issue 20): the form's fields as the instructor fills them
 * (text, as inputs hold it), the draft they make, and the draft checked with the contract's own
 * schema (fixedTestDraftSchema) before it is sent, its messages by the field they belong to.
 *
 * Example: a form "From the bank" with subject "010", topic "" and count "20" makes the draft
 * `{ questions: { kind: "filter", subject: "010", topic: null, count: 20 }, … }`; editing a test
 * with "Keep the current password" leaves `password` out, which the server reads as "keep".
 */
import { PASS_PERCENTAGE_DEFAULT } from "@preflight/sync-protocol/rules/constants";
import {
  type FixedTestDraft,
  fixedTestDraftSchema,
  SCHOOL_TEST_LIMITS,
  type SchoolFixedTest,
  type SchoolQuestion,
} from "@preflight/sync-protocol/schemas/school-tests";
import type { z } from "zod";

/** How the questions are chosen: at random from the bank, or by hand. */
export type QuestionMode = "filter" | "list";

/**
 * The password: a new test has none or a new one; editing one that has a password keeps it,
 * sets a new one or removes it (the instructor never sees the current one).
 */
export type PasswordChoice = "none" | "set" | "keep" | "remove";

export interface EditorForm {
  title: string;
  mode: QuestionMode;
  /** From the bank: the subject's code, a heading code under it (or ""), how many. */
  subject: string;
  topic: string;
  count: string;
  /** By hand: the questions ticked, in the order chosen. */
  chosen: SchoolQuestion[];
  timed: boolean;
  minutes: string;
  passPercentage: string;
  /** "0" for no limit. */
  attempts: string;
  password: PasswordChoice;
  newPassword: string;
  hideResults: boolean;
  hideAnswers: boolean;
  /** datetime-local values (the device's time), "" for no bound. */
  opensAt: string;
  closesAt: string;
  disabledReason: string;
  classIds: string[];
}

/** Changes the form; `field` names the server's field whose error the change clears. */
export type SetEditorForm = (change: Partial<EditorForm>, field?: string) => void;

export const NEW_TEST_FORM: EditorForm = {
  title: "",
  mode: "filter",
  subject: "",
  topic: "",
  count: "",
  chosen: [],
  timed: false,
  minutes: "",
  passPercentage: String(PASS_PERCENTAGE_DEFAULT),
  attempts: "0",
  password: "none",
  newPassword: "",
  hideResults: false,
  hideAnswers: false,
  opensAt: "",
  closesAt: "",
  disabledReason: "",
  classIds: [],
};

/**
 * A saved test as the editor opens it: its questions as a list picked by hand (saving the
 * filter again would draw new questions), its password kept.
 */
export function formOfTest(test: SchoolFixedTest): EditorForm {
  return {
    title: test.title,
    mode: "list",
    subject: "",
    topic: "",
    count: "",
    chosen: test.questions,
    timed: test.time_limit !== null,
    minutes: test.time_limit === null ? "" : String(test.time_limit),
    passPercentage: String(test.pass_percentage),
    attempts: String(test.attempts),
    password: test.has_password ? "keep" : "none",
    newPassword: "",
    hideResults: test.hide_results,
    hideAnswers: test.hide_answers,
    opensAt: test.opens_at ? isoToLocalInput(test.opens_at) : "",
    closesAt: test.closes_at ? isoToLocalInput(test.closes_at) : "",
    disabledReason: test.disabled_reason ?? "",
    classIds: test.class_ids,
  };
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, "0");

/**
 * A datetime-local value ("2026-12-01T09:00", the device's time) as ISO 8601 with the device's
 * offset at that moment ("2026-12-01T09:00:00+01:00"); an unreadable value is left as it is, for
 * the schema to refuse.
 */
export function localInputToIso(value: string): string {
  const at = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) || Number.isNaN(at.getTime())) return value;
  const offset = -at.getTimezoneOffset();
  const zone = `${offset < 0 ? "-" : "+"}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}${zone}`;
}

/** An ISO time as a datetime-local value in the device's time ("2026-12-01T09:00"). */
export function isoToLocalInput(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "";
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** A number box's value: "" and anything not a number are NaN, for the schema to refuse. */
const numberOf = (text: string): number => (text.trim() === "" ? Number.NaN : Number(text));

/** What the form sends, before it is checked (the schema's input). */
export function draftOf(form: EditorForm): z.input<typeof fixedTestDraftSchema> {
  const password =
    form.password === "set" ? { password: form.newPassword } : form.password === "keep" ? {} : { password: null };
  return {
    title: form.title,
    questions:
      form.mode === "filter"
        ? {
            kind: "filter",
            subject: form.subject.trim(),
            topic: form.topic.trim() || null,
            count: numberOf(form.count),
          }
        : { kind: "list", question_ids: form.chosen.map((q) => q.id) },
    time_limit: form.timed ? numberOf(form.minutes) : null,
    pass_percentage: numberOf(form.passPercentage),
    attempts: numberOf(form.attempts),
    ...password,
    hide_results: form.hideResults,
    hide_answers: form.hideAnswers,
    opens_at: form.opensAt ? localInputToIso(form.opensAt) : null,
    closes_at: form.closesAt ? localInputToIso(form.closesAt) : null,
    disabled_reason: form.disabledReason.trim() || null,
    class_ids: form.classIds,
  };
}

/** The form's fields that show a message. */
export type EditorField =
  | "title"
  | "subject"
  | "topic"
  | "count"
  | "chosen"
  | "questions"
  | "time_limit"
  | "pass_percentage"
  | "attempts"
  | "password"
  | "opens_at"
  | "closes_at"
  | "disabled_reason"
  | "class_ids"
  | "form";

export type EditorErrors = Partial<Record<EditorField, string>>;

const L = SCHOOL_TEST_LIMITS;

/**
 * The fields whose rule the schema states without words for a person (its message is the API's:
 * "Too small: expected number to be >=1"): the form says those in its own terms, from the same
 * limits. Every other message is the schema's own (SCHOOL_TEST_MESSAGES).
 */
const FORM_WORDING: Partial<Record<EditorField, string>> = {
  time_limit: `Enter the time limit in whole minutes, from 1 to ${L.timeLimitMinutes}`,
  pass_percentage: "Enter the pass mark as a whole percentage, from 1 to 100",
  attempts: `Enter the attempts as a whole number, from 0 (no limit) to ${L.attempts}`,
  disabled_reason: `The reason must be at most ${L.reasonLength} characters`,
  opens_at: "Enter a date and a time",
  closes_at: "Enter a date and a time",
};

/** The field a message of the draft belongs to, from its path in the draft. */
export function fieldOfPath(path: readonly PropertyKey[]): EditorField {
  const [first, second] = path.map(String);
  if (first === "questions") {
    if (second === "subject" || second === "topic" || second === "count") return second;
    if (second === "question_ids") return "chosen";
    return "questions";
  }
  const known: EditorField[] = [
    "title",
    "time_limit",
    "pass_percentage",
    "attempts",
    "password",
    "opens_at",
    "closes_at",
    "disabled_reason",
    "class_ids",
  ];
  return known.find((f) => f === first) ?? "form";
}

export type CheckedDraft = { ok: true; draft: FixedTestDraft } | { ok: false; errors: EditorErrors };

/** The form checked with the contract's schema: the draft to send, or each field's first message. */
export function checkDraft(form: EditorForm): CheckedDraft {
  const parsed = fixedTestDraftSchema.safeParse(draftOf(form));
  if (parsed.success) return { ok: true, draft: parsed.data };
  const errors: EditorErrors = {};
  for (const issue of parsed.error.issues) {
    const field = fieldOfPath(issue.path);
    const own = FORM_WORDING[field];
    // A refinement (the window's order) keeps the schema's words.
    errors[field] ??= own && issue.code !== "custom" ? own : issue.message;
  }
  return { ok: false, errors };
}

/** A test's id from the page's address ("12" → 12); null for anything that names no test. */
export function testIdOf(param: string): number | null {
  const id = Number(param);
  return /^\d+$/.test(param) && Number.isSafeInteger(id) && id > 0 ? id : null;
}
