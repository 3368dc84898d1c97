/**
 * The fixed test editor (issue 20), pure: the form for a new test or a saved one. The draft is
 * checked on the device with the contract's schema (model.ts checkDraft) and its messages shown by
 * their fields; a draft that passes goes to `save`, and a refusal of the server is shown as the
 * server words it (by the field it names, where it names one).
 */
import type { SchoolClass } from "@preflight/sync-protocol/schemas/school";
import {
  type FixedTestDraft,
  SCHOOL_TEST_LIMITS,
  type SchoolQuestionsReply,
} from "@preflight/sync-protocol/schemas/school-tests";
import { type ReactNode, useState } from "react";
import { failureText, serverFieldErrors } from "../../local/form-errors.ts";
import { Button } from "../../ui/Button.tsx";
import { Checkbox } from "../../ui/Checkbox.tsx";
import { Choice, Choices } from "../../ui/Choices.tsx";
import { ErrorNotice } from "../../ui/ErrorNotice.tsx";
import { FieldErrorText, FormField, TextField, useFormErrors } from "../../ui/FormField.tsx";
import { Card } from "../../ui/Page.tsx";
import {
  checkDraft,
  type EditorErrors,
  type EditorForm,
  fieldOfPath,
  type PasswordChoice,
  type SetEditorForm,
} from "./model.ts";
import { QuestionPicker, type QuestionSearch, type SubjectHint } from "./QuestionPicker.tsx";

export interface EditorViewProps {
  initial: EditorForm;
  /** Editing a saved test: whether it has a password now. Null for a new test. */
  editing: { hasPassword: boolean } | null;
  classes: readonly SchoolClass[];
  subjects: readonly SubjectHint[];
  search: (query: QuestionSearch) => Promise<SchoolQuestionsReply>;
  /** Sends the draft; resolves once the server has saved it, throws its refusal. */
  save: (draft: FixedTestDraft) => Promise<void>;
  /** The way back to the list (a link). */
  cancel: ReactNode;
  matchDelayMs?: number;
}

/** The device's time zone ("Europe/London"), which the times below are read in. */
function deviceZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "local time";
}

export function EditorView({
  initial,
  editing,
  classes,
  subjects,
  search,
  save,
  cancel,
  matchDelayMs,
}: EditorViewProps) {
  const [form, setForm] = useState<EditorForm>(initial);
  const { formRef, errors, showErrors, clearError } = useFormErrors();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (change: Partial<EditorForm>, field?: string) => {
    setForm((was) => ({ ...was, ...change }));
    if (field) clearError(field);
  };

  const submit = async () => {
    setRefusal(null);
    const checked = checkDraft(form);
    if (!checked.ok) {
      showErrors(checked.errors);
      return;
    }
    showErrors({});
    setBusy(true);
    try {
      await save(checked.draft);
    } catch (err) {
      const byField: EditorErrors = {};
      for (const [path, message] of Object.entries(serverFieldErrors(err)))
        byField[fieldOfPath(path.split("."))] ??= message;
      setRefusal(failureText(err, { offline: "This device is offline: the test can be saved once you are online." }));
      showErrors(byField);
    } finally {
      setBusy(false);
    }
  };

  const failure = (err: unknown) =>
    failureText(err, { offline: "This device is offline: questions can be searched once you are online." });

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      className="space-y-6"
      data-testid="fixed-test-editor"
    >
      <Card title="Test">
        <TextField
          label="Title"
          name="title"
          value={form.title}
          onChange={(title) => set({ title }, "title")}
          error={errors.title}
          maxLength={SCHOOL_TEST_LIMITS.titleLength}
          aria-required
          data-testid="test-title"
        />
      </Card>

      <Card title="Questions">
        {editing && form.mode === "list" ? (
          <p className="mb-4 text-sm text-slate-600">
            The test's questions are listed below. Choosing "From the bank" draws new ones when you save.
          </p>
        ) : null}
        <QuestionPicker
          form={form}
          set={set}
          errors={errors}
          subjects={subjects}
          search={search}
          failure={failure}
          matchDelayMs={matchDelayMs}
        />
      </Card>

      <Card title="Rules">
        <div className="space-y-5">
          <TimeLimit form={form} set={set} error={errors.time_limit} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Pass mark (%)"
              name="pass_percentage"
              type="number"
              inputMode="numeric"
              min={1}
              max={100}
              value={form.passPercentage}
              onChange={(passPercentage) => set({ passPercentage }, "pass_percentage")}
              error={errors.pass_percentage}
              description="A score at or above it passes"
              aria-required
              data-testid="test-pass"
            />
            <TextField
              label="Attempts per student"
              name="attempts"
              type="number"
              inputMode="numeric"
              min={0}
              max={SCHOOL_TEST_LIMITS.attempts}
              value={form.attempts}
              onChange={(attempts) => set({ attempts }, "attempts")}
              error={errors.attempts}
              description="0 for no limit"
              aria-required
              data-testid="test-attempts"
            />
          </div>
          <Password form={form} set={set} editing={editing} error={errors.password} />
          <div>
            <Checkbox
              checked={form.hideResults}
              onChange={(hideResults) => set({ hideResults })}
              testId="test-hide-results"
            >
              Hide results from students
              <span className="block text-slate-600">Students do not see their score; the school does.</span>
            </Checkbox>
            <Checkbox
              checked={form.hideAnswers}
              onChange={(hideAnswers) => set({ hideAnswers })}
              testId="test-hide-answers"
            >
              Hide answers
              <span className="block text-slate-600">Results and answers go to the school only</span>
            </Checkbox>
          </div>
        </div>
      </Card>

      <Card title="When students may start it">
        <div className="space-y-4">
          <p className="text-sm text-slate-600">
            Times are this device's ({deviceZone()}). Leave a time empty for no bound.
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <DateTimeField
              label="Opens at"
              name="opens_at"
              value={form.opensAt}
              onChange={(opensAt) => set({ opensAt }, "opens_at")}
              error={errors.opens_at}
              testId="test-opens"
            />
            <DateTimeField
              label="Closes at"
              name="closes_at"
              value={form.closesAt}
              onChange={(closesAt) => set({ closesAt }, "closes_at")}
              error={errors.closes_at}
              testId="test-closes"
            />
          </div>
          <TextField
            label="Disabled reason (optional)"
            name="disabled_reason"
            value={form.disabledReason}
            onChange={(disabledReason) => set({ disabledReason }, "disabled_reason")}
            error={errors.disabled_reason}
            description="Students see it and cannot start the test while it is set. Leave it empty to let them start it."
            maxLength={SCHOOL_TEST_LIMITS.reasonLength}
            data-testid="test-disabled-reason"
          />
        </div>
      </Card>

      <Card title="Classes">
        <Classes classes={classes} chosen={form.classIds} onChange={(classIds) => set({ classIds }, "class_ids")} />
        {errors.class_ids ? <FieldErrorText>{errors.class_ids}</FieldErrorText> : null}
      </Card>

      {Object.keys(errors).length > 0 && !refusal ? (
        <ErrorNotice testId="editor-check">Check the fields marked above.</ErrorNotice>
      ) : null}
      {refusal ? <ErrorNotice testId="editor-refused">{refusal}</ErrorNotice> : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {cancel}
        <Button type="submit" disabled={busy} testId="test-save">
          {busy ? "Saving…" : editing ? "Save changes" : "Create test"}
        </Button>
      </div>
    </form>
  );
}

/** A date and time in the device's zone (a datetime-local value, "" for none). */
function DateTimeField(props: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  testId: string;
}) {
  return (
    <FormField label={props.label} error={props.error}>
      {(control) => (
        <input
          {...control}
          type="datetime-local"
          name={props.name}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
          data-testid={props.testId}
        />
      )}
    </FormField>
  );
}

function TimeLimit({ form, set, error }: { form: EditorForm; set: SetEditorForm; error: string | undefined }) {
  return (
    <div className="space-y-3">
      <Choices
        legend="Time limit"
        value={form.timed ? "timed" : "untimed"}
        onChange={(value) => set({ timed: value === "timed" }, "time_limit")}
      >
        <Choice value="untimed" testId="test-untimed">
          Untimed
        </Choice>
        <Choice value="timed" testId="test-timed">
          Timed
        </Choice>
      </Choices>
      {form.timed ? (
        <TextField
          label="Minutes"
          name="time_limit"
          type="number"
          inputMode="numeric"
          min={1}
          max={SCHOOL_TEST_LIMITS.timeLimitMinutes}
          value={form.minutes}
          onChange={(minutes) => set({ minutes }, "time_limit")}
          error={error}
          aria-required
          inputClassName="max-w-40"
          data-testid="test-minutes"
        />
      ) : null}
    </div>
  );
}

const PASSWORD_CHOICES: Record<"new" | "has" | "none", { value: PasswordChoice; label: string }[]> = {
  new: [
    { value: "none", label: "No password" },
    { value: "set", label: "Set a password" },
  ],
  has: [
    { value: "keep", label: "Keep the current password" },
    { value: "set", label: "Set a new password" },
    { value: "remove", label: "Remove the password" },
  ],
  none: [
    { value: "none", label: "No password" },
    { value: "set", label: "Set a password" },
  ],
};

function Password({
  form,
  set,
  editing,
  error,
}: {
  form: EditorForm;
  set: SetEditorForm;
  editing: { hasPassword: boolean } | null;
  error: string | undefined;
}) {
  const choices = PASSWORD_CHOICES[editing === null ? "new" : editing.hasPassword ? "has" : "none"];
  return (
    <div className="space-y-3">
      <Choices
        legend="Password"
        value={form.password}
        onChange={(value) => set({ password: value as PasswordChoice }, "password")}
      >
        {choices.map((c) => (
          <Choice key={c.value} value={c.value} testId={`password-${c.value}`}>
            {c.label}
          </Choice>
        ))}
      </Choices>
      {form.password === "set" ? (
        <TextField
          label={editing?.hasPassword ? "New password" : "Test password"}
          name="test_password"
          type="password"
          autoComplete="new-password"
          value={form.newPassword}
          onChange={(newPassword) => set({ newPassword }, "password")}
          error={error}
          description={`Students enter it before they start. ${SCHOOL_TEST_LIMITS.passwordMin} to ${SCHOOL_TEST_LIMITS.passwordMax} characters; it is not shown again.`}
          aria-required
          data-testid="test-password"
        />
      ) : error ? (
        <FieldErrorText>{error}</FieldErrorText>
      ) : null}
    </div>
  );
}

function Classes({
  classes,
  chosen,
  onChange,
}: {
  classes: readonly SchoolClass[];
  chosen: readonly string[];
  onChange: (ids: string[]) => void;
}) {
  if (classes.length === 0)
    return <p className="text-sm text-slate-600">Your school has no classes yet: the test reaches no student.</p>;
  return (
    <fieldset>
      <legend className="mb-1 text-sm text-slate-600">Students of the ticked classes see the test.</legend>
      <ul className="grid gap-x-4 sm:grid-cols-2" data-testid="test-classes">
        {classes.map((c) => (
          <li key={c.id}>
            <Checkbox
              checked={chosen.includes(c.id)}
              onChange={(on) => onChange(on ? [...chosen, c.id] : chosen.filter((id) => id !== c.id))}
              testId="test-class"
            >
              {c.name}
              <span className="text-slate-600"> · {c.students === 1 ? "1 student" : `${c.students} students`}</span>
            </Checkbox>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
