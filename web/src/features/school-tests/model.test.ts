import { SCHOOL_TEST_LIMITS, SCHOOL_TEST_MESSAGES } from "@preflight/sync-protocol/schemas/school-tests";
import { describe, expect, it } from "vitest";
import {
  checkDraft,
  draftOf,
  type EditorForm,
  formOfTest,
  isoToLocalInput,
  localInputToIso,
  NEW_TEST_FORM,
  testIdOf,
} from "./model.ts";
import { AIR_LAW_EXAM, question } from "./school-tests.mock.ts";

const form = (over: Partial<EditorForm>): EditorForm => ({ ...NEW_TEST_FORM, title: "Air Law mock", ...over });

describe("the draft the editor sends", () => {
  it("from the bank: the subject, the topic (null when empty) and the count", () => {
    expect(draftOf(form({ subject: " 010 ", topic: "", count: "20" })).questions).toEqual({
      kind: "filter",
      subject: "010",
      topic: null,
      count: 20,
    });
    expect(draftOf(form({ subject: "010", topic: "010.01", count: "5" })).questions).toMatchObject({ topic: "010.01" });
  });

  it("picked by hand: the chosen questions' ids in the order chosen", () => {
    const chosen = [question(7), question(3), question(5)];
    expect(draftOf(form({ mode: "list", chosen })).questions).toEqual({ kind: "list", question_ids: [7, 3, 5] });
  });

  it("the rules: untimed is null, times carry the device's offset, an empty reason is null", () => {
    const draft = draftOf(
      form({
        timed: false,
        minutes: "45",
        passPercentage: "80",
        attempts: "2",
        opensAt: "2026-12-01T09:00",
        disabledReason: "  ",
        classIds: ["class-2026-a"],
      }),
    );
    expect(draft).toMatchObject({ time_limit: null, pass_percentage: 80, attempts: 2, disabled_reason: null });
    expect(Date.parse(draft.opens_at as string)).toBe(new Date("2026-12-01T09:00").getTime());
    expect(draft.closes_at).toBeNull();
    expect(draft.class_ids).toEqual(["class-2026-a"]);
    expect(draftOf(form({ timed: true, minutes: "45" })).time_limit).toBe(45);
  });

  it("the password: none is null, a new one is sent, keep leaves it out, remove is null", () => {
    expect(draftOf(form({ password: "none", newPassword: "stale" })).password).toBeNull();
    expect(draftOf(form({ password: "set", newPassword: "airlaw" })).password).toBe("airlaw");
    expect("password" in draftOf(form({ password: "keep" }))).toBe(false);
    expect(draftOf(form({ password: "remove" })).password).toBeNull();
  });
});

describe("the draft checked with the contract's schema", () => {
  const errorsOf = (f: EditorForm) => {
    const checked = checkDraft(f);
    if (checked.ok) throw new Error("expected the draft to be refused");
    return checked.errors;
  };

  it("passes a whole draft, the title trimmed", () => {
    const checked = checkDraft(form({ title: "  Air Law mock ", subject: "010", count: "20" }));
    expect(checked).toMatchObject({ ok: true, draft: { title: "Air Law mock", pass_percentage: 75, attempts: 0 } });
  });

  it("says the schema's messages by the fields they belong to", () => {
    expect(errorsOf(form({ title: " ", subject: "010", count: "20" }))).toEqual({
      title: SCHOOL_TEST_MESSAGES.titleRequired,
    });
    expect(errorsOf(form({ subject: "10", count: "0" }))).toEqual({
      subject: "subject is three digits, e.g. 010",
      count: SCHOOL_TEST_MESSAGES.noQuestions,
    });
    expect(errorsOf(form({ subject: "010", count: "201" })).count).toBe(SCHOOL_TEST_MESSAGES.tooManyQuestions);
    expect(errorsOf(form({ mode: "list", chosen: [] }))).toEqual({ chosen: SCHOOL_TEST_MESSAGES.noQuestions });
    expect(errorsOf(form({ subject: "010", count: "5", password: "set", newPassword: "abc" }))).toEqual({
      password: SCHOOL_TEST_MESSAGES.passwordLength,
    });
    expect(
      errorsOf(form({ subject: "010", count: "5", opensAt: "2026-12-02T09:00", closesAt: "2026-12-01T09:00" })),
    ).toEqual({ closes_at: SCHOOL_TEST_MESSAGES.opensBeforeCloses });
  });

  it("words the rules the schema states without words from the same limits", () => {
    const errors = errorsOf(
      form({ subject: "010", count: "5", timed: true, minutes: "", passPercentage: "0", attempts: "21" }),
    );
    expect(errors).toEqual({
      time_limit: `Enter the time limit in whole minutes, from 1 to ${SCHOOL_TEST_LIMITS.timeLimitMinutes}`,
      pass_percentage: "Enter the pass mark as a whole percentage, from 1 to 100",
      attempts: `Enter the attempts as a whole number, from 0 (no limit) to ${SCHOOL_TEST_LIMITS.attempts}`,
    });
  });
});

describe("a saved test in the editor", () => {
  it("opens its questions as a list (saving does not draw new ones) and keeps its password", () => {
    const f = formOfTest(AIR_LAW_EXAM);
    expect(f).toMatchObject({
      title: "Air Law school exam",
      mode: "list",
      timed: true,
      minutes: "60",
      attempts: "3",
      password: "keep",
      hideAnswers: true,
      classIds: ["class-2026-a"],
    });
    expect(f.chosen.map((q) => q.id)).toEqual([101, 102, 103]);
    expect(Date.parse(localInputToIso(f.opensAt))).toBe(Date.parse("2026-12-01T09:00:00.000Z"));
    expect(formOfTest({ ...AIR_LAW_EXAM, has_password: false }).password).toBe("none");
  });
});

describe("datetime-local values and ISO times", () => {
  it("a local time goes out as ISO 8601 with the offset of that moment, and comes back the same", () => {
    for (const local of ["2026-01-15T08:30", "2026-07-15T23:45", "2026-03-29T12:00"]) {
      const iso = localInputToIso(local);
      expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
      expect(Date.parse(iso)).toBe(new Date(local).getTime());
      expect(isoToLocalInput(iso)).toBe(local);
    }
    expect(localInputToIso("not a time")).toBe("not a time");
    expect(isoToLocalInput("nonsense")).toBe("");
  });
});

describe("a test's id from the address", () => {
  it("a positive whole number, else none", () => {
    expect(testIdOf("12")).toBe(12);
    expect(testIdOf("0")).toBeNull();
    expect(testIdOf("1e3")).toBeNull();
    expect(testIdOf("new")).toBeNull();
  });
});
