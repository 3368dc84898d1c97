/**
 * The Personal Details card (spec accounts 2, 4, 5): view mode; Edit → inputs; Update checks the
 * draft with the shared rules and hands the writes to `onUpdate`; Cancel puts back the values
 * the device holds. Change Password is a sub-mode with its own Cancel. Pure: all data and the
 * writes come in as props.
 */
import { ACCOUNT_MESSAGES, PROFILE_MESSAGES } from "@preflight/sync-protocol/rules/account-messages";
import type { SyllabusChoice } from "@preflight/sync-protocol/schemas/accounts";
import type { PulledProfile } from "@preflight/sync-protocol/schemas/pull";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { Button } from "../../ui/Button.tsx";
import { FieldErrorText, focusFirstInvalid, TextField } from "../../ui/FormField.tsx";
import { LABEL_CLASS } from "../../ui/field-look.ts";
import { SelectField } from "../../ui/SelectField.tsx";
import { Card, Detail } from "./fields.tsx";
import { type DetailsDraft, draftOf, emailChanged, type FormErrors, planUpdate, type UpdatePlan } from "./form.ts";

export const UPDATE_MODES = { 0: "Automatic", 1: "Manual" } as const;
export const WAITING_FOR_CONFIRMATION = "waiting for confirmation";

export interface PersonalDetailsProps {
  profile: PulledProfile;
  /** A new address waiting for its confirmation link. */
  pendingEmail: string | null;
  /** The installed app's account number (licence activation asks for it); most accounts have none. */
  accountNumber?: string | null;
  /** The exam the student studies for, as the device names it. */
  syllabusTitle: string | null;
  /** The exams the student may switch to (the profile's `syllabi`). */
  syllabi: SyllabusChoice[];
  classStudent: boolean;
  offlineAccount: boolean;
  online: boolean;
  /** Writes what the Update asks for; true when it went through (the card leaves edit mode). */
  onUpdate: (plan: UpdatePlan) => Promise<boolean>;
  /** The Syllabus Choices help button, beside the exam selector. */
  syllabusHelp?: ReactNode;
}

type Mode = "view" | "edit";

export function PersonalDetailsCard(props: PersonalDetailsProps) {
  const { profile, pendingEmail, accountNumber, syllabusTitle, offlineAccount } = props;
  const [mode, setMode] = useState<Mode>("view");
  const editButton = useRef<HTMLSpanElement>(null);
  const leave = () => {
    setMode("view");
    // Back to where the student was: the Edit button.
    requestAnimationFrame(() => editButton.current?.querySelector("button")?.focus());
  };

  return (
    <Card
      title="Personal Details"
      testId="personal-details"
      actions={
        mode === "view" && !offlineAccount ? (
          // The span (no box of its own) finds the button again when the form closes.
          <span ref={editButton} className="contents">
            <Button variant="secondary" onPress={() => setMode("edit")} testId="profile-edit">
              Edit
            </Button>
          </span>
        ) : null
      }
    >
      {offlineAccount ? (
        <p className="mb-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="offline-account">
          {ACCOUNT_MESSAGES.offlineAccount}
        </p>
      ) : null}
      {mode === "view" ? (
        <dl className="divide-y divide-slate-100">
          <Detail label="First name" testId="profile-firstname">
            {profile.firstname}
          </Detail>
          <Detail label="Last name" testId="profile-lastname">
            {profile.lastname}
          </Detail>
          <Detail label="E-mail" testId="profile-email">
            {profile.email}
            {pendingEmail ? (
              <span className="mt-1 block font-normal text-slate-600" data-testid="profile-pending-email">
                New address {pendingEmail}: {WAITING_FOR_CONFIRMATION}
              </span>
            ) : null}
          </Detail>
          {profile.syllabus_id !== null ? (
            <Detail label="Exam" testId="profile-exam">
              {syllabusTitle ?? "—"}
            </Detail>
          ) : null}
          <Detail label="Update mode" testId="profile-update-mode">
            {UPDATE_MODES[profile.manual_update]}
          </Detail>
          {accountNumber ? (
            <Detail label="Account number" testId="profile-account-number">
              <span className="font-mono tracking-wide">{accountNumber}</span>
              <span className="mt-1 block font-normal text-slate-600">
                Enter it with your licence key to activate the installed app.
              </span>
            </Detail>
          ) : null}
        </dl>
      ) : (
        <DetailsForm {...props} onLeave={leave} />
      )}
    </Card>
  );
}

/** The first message of a field (the form shows one per field, as the account forms do). */
const first = (messages: string[] | undefined) => messages?.[0];

function DetailsForm({
  profile,
  syllabusTitle,
  syllabi,
  classStudent,
  online,
  onUpdate,
  syllabusHelp,
  onLeave,
}: PersonalDetailsProps & { onLeave: () => void }) {
  const [draft, setDraft] = useState<DetailsDraft>(() => draftOf(profile));
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    form.current?.querySelector<HTMLInputElement>("input")?.focus();
  }, []);

  const examEditable = !classStudent && syllabi.length > 0;
  const changingEmail = emailChanged(draft, profile);
  const set = <K extends keyof DetailsDraft>(key: K, value: DetailsDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const setPassword = (field: "new" | "confirmation", value: string) =>
    setDraft((d) => (d.password ? { ...d, password: { ...d.password, [field]: value } } : d));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = planUpdate(draft, profile, { online, examEditable });
    if ("errors" in result) {
      setErrors(result.errors);
      requestAnimationFrame(() => focusFirstInvalid(form.current));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      if (await onUpdate(result.plan)) onLeave();
    } finally {
      setBusy(false);
    }
  };

  const cancelPassword = () => {
    setDraft((d) => ({ ...d, password: null, current_password: changingEmail ? d.current_password : "" }));
    setErrors(({ password: _p, password_new: _n, password_confirmation: _c, ...rest }) => rest);
    requestAnimationFrame(() =>
      form.current?.querySelector<HTMLElement>('[data-testid="change-password-open"]')?.focus(),
    );
  };

  const currentPassword = (
    <TextField
      name="current_password"
      label="Current password"
      type="password"
      autoComplete="current-password"
      value={draft.current_password}
      onChange={(v) => set("current_password", v)}
      error={first(errors.current_password)}
      // The hint says why it is asked; an error saying the same replaces it.
      description={draft.password || errors.current_password ? undefined : ACCOUNT_MESSAGES.emailChangeNeedsPassword}
    />
  );

  return (
    <form ref={form} onSubmit={(e) => void submit(e)} noValidate className="space-y-4" data-testid="profile-form">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          name="firstname"
          label="First name"
          autoComplete="given-name"
          value={draft.firstname}
          onChange={(v) => set("firstname", v)}
          error={first(errors.firstname)}
        />
        <TextField
          name="lastname"
          label="Last name"
          autoComplete="family-name"
          value={draft.lastname}
          onChange={(v) => set("lastname", v)}
          error={first(errors.lastname)}
        />
      </div>
      <TextField
        name="email"
        label="E-mail"
        type="email"
        autoComplete="email"
        value={draft.email}
        onChange={(v) => set("email", v)}
        error={first(errors.email)}
        description={changingEmail ? EMAIL_CHANGE_HINT : undefined}
      />
      {/* Said as soon as the address changes offline; after Update the field's error says it. */}
      {changingEmail && !online && !errors.email ? <NeedsConnection testId="email-needs-connection" /> : null}
      {changingEmail && !draft.password ? currentPassword : null}

      {profile.syllabus_id !== null || examEditable ? (
        <ExamField
          current={draft.question_bank_id}
          syllabusTitle={syllabusTitle}
          syllabi={syllabi}
          classStudent={classStudent}
          editable={examEditable}
          error={first(errors.question_bank_id)}
          onChange={(id) => set("question_bank_id", id)}
          help={syllabusHelp}
        />
      ) : null}

      <SelectField
        label="Update mode"
        name="manual_update"
        value={String(draft.manual_update)}
        onChange={(v) => set("manual_update", v === "1" ? 1 : 0)}
        data-testid="profile-update-mode-select"
      >
        <option value="0">{UPDATE_MODES[0]}</option>
        <option value="1">{UPDATE_MODES[1]}</option>
      </SelectField>

      {draft.password ? (
        <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4" data-testid="change-password">
          <legend className="px-1 text-sm font-semibold">Change Password</legend>
          {!online ? <NeedsConnection testId="password-needs-connection" /> : null}
          {errors.password && online ? <FieldErrorText>{first(errors.password)}</FieldErrorText> : null}
          {currentPassword}
          <TextField
            name="password_new"
            label="New password"
            type="password"
            autoComplete="new-password"
            value={draft.password.new}
            onChange={(v) => setPassword("new", v)}
            error={first(errors.password_new)}
            description={errors.password_new ? undefined : PROFILE_MESSAGES.passwordTooShort}
          />
          <TextField
            name="password_confirmation"
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            value={draft.password.confirmation}
            onChange={(v) => setPassword("confirmation", v)}
            error={first(errors.password_confirmation)}
          />
          <Button
            variant="secondary"
            onPress={cancelPassword}
            ariaLabel="Cancel password change"
            testId="change-password-cancel"
          >
            Cancel
          </Button>
        </fieldset>
      ) : (
        <div>
          <Button
            variant="secondary"
            onPress={() => set("password", { new: "", confirmation: "" })}
            testId="change-password-open"
          >
            Change Password
          </Button>
        </div>
      )}

      {errors._ ? <FieldErrorText>{errors._.join(" ")}</FieldErrorText> : null}
      <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end">
        <Button variant="secondary" onPress={onLeave} disabled={busy} testId="profile-cancel">
          Cancel
        </Button>
        <Button type="submit" disabled={busy} testId="profile-update">
          {busy ? "Updating…" : "Update"}
        </Button>
      </div>
    </form>
  );
}

const EMAIL_CHANGE_HINT =
  "We will e-mail a confirmation link to the new address. Your address changes when you follow it.";

function NeedsConnection({ testId }: { testId: string }) {
  return (
    <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status" data-testid={testId}>
      {ACCOUNT_MESSAGES.needsConnection}
    </p>
  );
}

function ExamField({
  current,
  syllabusTitle,
  syllabi,
  classStudent,
  editable,
  error,
  onChange,
  help,
}: {
  current: number | null;
  syllabusTitle: string | null;
  syllabi: SyllabusChoice[];
  classStudent: boolean;
  editable: boolean;
  error: string | undefined;
  onChange: (id: number | null) => void;
  help: ReactNode;
}) {
  if (classStudent)
    // A class's exam is the class's: no selector, just what it is and why.
    return (
      <div>
        <p className={LABEL_CLASS}>Exam</p>
        <div className="flex items-center gap-2">
          <p className="text-sm text-slate-900" data-testid="profile-exam-fixed">
            {syllabusTitle ?? "—"}
          </p>
          {help}
        </div>
        <p className="mt-1 text-sm text-slate-600">{PROFILE_MESSAGES.classSyllabus}</p>
      </div>
    );
  const chosen = syllabi.find((s) => s.id === current);
  // The current exam stays choosable even when it is no longer offered.
  const unlisted = editable && current !== null && !chosen;
  return (
    // The help button sits beside the select: the label's height (text-sm line and mb-1) down.
    <div className="flex items-start gap-2">
      <SelectField
        label="Exam"
        className="min-w-0 flex-1"
        error={error}
        description={chosen?.warning ? <span className="text-amber-800">{chosen.warning}</span> : undefined}
        name="question_bank_id"
        value={current === null ? "" : String(current)}
        disabled={!editable}
        onChange={(v) => onChange(v === "" ? null : Number(v))}
        data-testid="profile-exam-select"
      >
        {editable ? (
          <>
            {current === null ? <option value="">Choose your exam</option> : null}
            {unlisted ? <option value={String(current)}>{syllabusTitle ?? "Your current exam"}</option> : null}
            {syllabi.map((s) => (
              <option key={s.id} value={String(s.id)}>
                {s.title}
              </option>
            ))}
          </>
        ) : (
          <option value={current === null ? "" : String(current)}>{syllabusTitle ?? "—"}</option>
        )}
      </SelectField>
      {help ? <div className="mt-6 shrink-0">{help}</div> : null}
    </div>
  );
}
