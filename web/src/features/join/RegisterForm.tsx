/**
 * The registration form (spec accounts 2, 3, 5): firstname, lastname, email, password, confirm
 * password, the Exam selector with the chosen syllabus's warning under it and the Syllabus
 * Choices info button, the hidden anti-forgery `_token`, Back and Register.
 *
 * It is a real `<form method="post" action="/register">` whose fields are named as the spec
 * names them; the submit handler checks them with the shared registrationSchema and hands the
 * same fields to `onSubmit`, which posts them as an ordinary form post and says which fields
 * the server refused.
 */
import {
  type RegistrationFormReply,
  registrationSchema,
  type SyllabusChoice,
} from "@preflight/sync-protocol/schemas/accounts";
import { type FormEvent, useState } from "react";
import {
  EmailField,
  type FieldErrors,
  FormButtons,
  FormNotice,
  NameFields,
  PasswordPair,
  passwordFormErrors,
  useFormErrors,
} from "../../ui/FormField.tsx";
import { SelectField } from "../../ui/SelectField.tsx";
import { SyllabusChoicesButton } from "../../ui/SyllabusChoicesHelp.tsx";

export const REGISTRATION_FIELDS = [
  "_token",
  "firstname",
  "lastname",
  "email",
  "password",
  "password_confirmation",
  "syllabus_id",
] as const;
type Field = (typeof REGISTRATION_FIELDS)[number];
type Values = Record<Exclude<Field, "_token">, string>;

const EMPTY: Values = {
  firstname: "",
  lastname: "",
  email: "",
  password: "",
  password_confirmation: "",
  syllabus_id: "",
};

/** The schema's messages, plus a mismatch the schema only reports once every other field passes. */
export function checkRegistration(fields: Record<string, string>): FieldErrors {
  return passwordFormErrors(registrationSchema, fields);
}

export function RegisterForm({
  form,
  onSubmit,
  onBack,
}: {
  form: RegistrationFormReply;
  /** Posts the fields; resolves to the fields the server refused (empty when it accepted them). */
  onSubmit: (fields: Record<string, string>) => Promise<FieldErrors>;
  onBack: () => void;
}) {
  const [values, setValues] = useState<Values>(EMPTY);
  const { formRef, errors, showErrors, clearError } = useFormErrors();
  const [busy, setBusy] = useState(false);

  const set = (field: keyof Values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    clearError(field);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const fields: Record<string, string> = {};
    for (const [name, value] of new FormData(event.currentTarget)) if (typeof value === "string") fields[name] = value;
    const found = checkRegistration(fields);
    if (Object.keys(found).length > 0) return showErrors(found);
    setBusy(true);
    try {
      const refused = await onSubmit(fields);
      if (Object.keys(refused).length > 0) showErrors(refused);
    } finally {
      setBusy(false);
    }
  };

  const schools = new Map(form.schools.map((s) => [s.id, s.name]));
  const groups = groupBySchool(form.syllabi);
  const chosen = form.syllabi.find((s) => String(s.id) === values.syllabus_id);

  return (
    <form
      ref={formRef}
      method="post"
      action="/register"
      noValidate
      onSubmit={(e) => void submit(e)}
      className="space-y-4"
      data-testid="register-form"
    >
      <input type="hidden" name="_token" value={form._token} />
      {errors._token ? <FormNotice tone="error">{errors._token}</FormNotice> : null}
      <NameFields values={values} set={set} errors={errors} />
      <EmailField label="E-mail" value={values.email} onChange={set("email")} error={errors.email} />
      <PasswordPair values={values} set={set} errors={errors} confirmLabel="Confirm password" sideBySide />
      {/* The help button sits beside the select: the label's height (text-sm line and mb-1) down. */}
      <div className="flex items-start gap-2">
        <SelectField
          label="Exam"
          className="min-w-0 flex-1"
          error={errors.syllabus_id}
          description={
            chosen?.warning ? (
              <p
                className="rounded-md bg-amber-50 px-3 py-2 text-amber-900 ring-1 ring-amber-200"
                data-testid="syllabus-warning"
              >
                {chosen.warning}
              </p>
            ) : form.syllabi.length === 0 ? (
              "No exam is open for registration at the moment."
            ) : null
          }
          name="syllabus_id"
          aria-required
          value={values.syllabus_id}
          onChange={set("syllabus_id")}
          data-testid="exam-select"
        >
          <option value="">Choose your exam</option>
          {groups.length > 1
            ? groups.map((group) => (
                <optgroup key={group.schoolId} label={schools.get(group.schoolId) ?? ""}>
                  {group.syllabi.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.title}
                    </option>
                  ))}
                </optgroup>
              ))
            : form.syllabi.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.title}
                </option>
              ))}
        </SelectField>
        <div className="mt-6 shrink-0">
          <SyllabusChoicesButton />
        </div>
      </div>
      <FormButtons
        onBack={onBack}
        submitLabel="Register"
        busy={busy}
        busyLabel="Registering…"
        submitTestId="register-submit"
      />
    </form>
  );
}

/** The exams of each school, schools in the order their first exam comes. */
function groupBySchool(syllabi: readonly SyllabusChoice[]): { schoolId: number; syllabi: SyllabusChoice[] }[] {
  const groups = new Map<number, SyllabusChoice[]>();
  for (const s of syllabi) groups.set(s.school_id, [...(groups.get(s.school_id) ?? []), s]);
  return [...groups].map(([schoolId, list]) => ({ schoolId, syllabi: list }));
}
