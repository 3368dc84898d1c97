/**
 * Form fields of the account forms: a label above the control, an optional description and the
 * field's error below it, both tied to the control with aria-describedby; the control says
 * aria-invalid while it has an error. Errors come from the shared zod schemas (fieldErrors) or
 * from the server's field map, first message per field.
 */

import { ACCOUNT_MESSAGES } from "@preflight/sync-protocol/rules/account-messages";
import { type InputHTMLAttributes, type ReactNode, useId, useRef, useState } from "react";
import {
  SearchField as AriaSearchField,
  TextField as AriaTextField,
  Input,
  Label,
  Text,
  TextArea,
  type TextAreaProps,
} from "react-aria-components";
import { flushSync } from "react-dom";
import type { z } from "zod";
import { AppLink } from "./AppLink.tsx";
import { Button } from "./Button.tsx";
import { ErrorNotice } from "./ErrorNotice.tsx";
import { FIELD_CLASS, INVALID_FIELD_CLASS, LABEL_CLASS } from "./field-look.ts";

/** One message per field name (the first), as the form shows them. */
export type FieldErrors = Partial<Record<string, string>>;

/** What a control needs to be labelled and described. */
export interface ControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  className: string;
}

export function FormField({
  label,
  error,
  description,
  className,
  children,
}: {
  label: ReactNode;
  error?: string | undefined;
  description?: ReactNode;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const id = useId();
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(" ");
  return (
    <div className={className}>
      <label htmlFor={id} className={LABEL_CLASS}>
        {label}
      </label>
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy || undefined,
        className: error ? INVALID_FIELD_CLASS : FIELD_CLASS,
      })}
      {description ? (
        <div id={descriptionId} className="mt-1 text-sm text-slate-600">
          {description}
        </div>
      ) : null}
      {error ? <FieldErrorText id={errorId}>{error}</FieldErrorText> : null}
    </div>
  );
}

export function FieldErrorText({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1 flex items-start gap-1 text-sm text-red-700" data-testid="field-error">
      <ErrorIcon />
      <span>{children}</span>
    </p>
  );
}

function ErrorIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="mt-0.5 h-4 w-4 shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      aria-hidden
    >
      <path d="M12 8v5m0 3.5v.01M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Z" strokeLinecap="round" />
    </svg>
  );
}

/** A field's description and error inside a React Aria field, which ties both to the control. */
function FieldTexts({ description, error }: { description?: ReactNode; error?: string | undefined }) {
  return (
    <>
      {description ? (
        <Text slot="description" elementType="div" className="mt-1 text-sm text-slate-600">
          {description}
        </Text>
      ) : null}
      {error ? (
        <Text
          slot="errorMessage"
          elementType="p"
          className="mt-1 flex items-start gap-1 text-sm text-red-700"
          data-testid="field-error"
        >
          <ErrorIcon />
          <span>{error}</span>
        </Text>
      ) : null}
    </>
  );
}

/** What every labelled text field takes besides its box's own attributes. */
interface TextFieldFrame {
  label: ReactNode;
  error?: string | undefined;
  description?: ReactNode;
  className?: string;
  value: string;
  onChange: (value: string) => void;
  name: string;
  disabled?: boolean | undefined;
}

/** React Aria's TextField around a box: the label above, the description and error below, all tied to the box. */
function FieldFrame({ frame, children }: { frame: TextFieldFrame; children: (boxClass: string) => ReactNode }) {
  const { label, error, description, className, value, onChange, name, disabled } = frame;
  return (
    <AriaTextField
      value={value}
      onChange={onChange}
      name={name}
      isDisabled={disabled}
      isInvalid={Boolean(error)}
      validationBehavior="aria"
      className={className}
    >
      <Label className={LABEL_CLASS}>{label}</Label>
      {children(error ? INVALID_FIELD_CLASS : FIELD_CLASS)}
      <FieldTexts description={description} error={error} />
    </AriaTextField>
  );
}

/** A labelled text box (text, email, password, number…) with its error (React Aria TextField). */
export function TextField({
  label,
  error,
  description,
  className,
  value,
  onChange,
  name,
  disabled,
  inputClassName,
  ...input
}: TextFieldFrame & {
  /** Extra classes for the box itself (a narrow number box, say). */
  inputClassName?: string;
} & Omit<
    InputHTMLAttributes<HTMLInputElement>,
    "value" | "onChange" | "id" | "className" | "children" | "name" | "disabled"
  >) {
  return (
    <FieldFrame frame={{ label, error, description, className, value, onChange, name, disabled }}>
      {(boxClass) => <Input {...input} className={`${boxClass} ${inputClassName ?? ""}`} />}
    </FieldFrame>
  );
}

/** A labelled box of several lines with its error (React Aria TextField with a TextArea). */
export function TextAreaField({
  label,
  error,
  description,
  className,
  value,
  onChange,
  name,
  disabled,
  ...area
}: TextFieldFrame &
  Omit<TextAreaProps, "value" | "onChange" | "id" | "className" | "children" | "name" | "disabled" | "style">) {
  return (
    <FieldFrame frame={{ label, error, description, className, value, onChange, name, disabled }}>
      {(boxClass) => <TextArea {...area} className={boxClass} />}
    </FieldFrame>
  );
}

/** A labelled search box (React Aria SearchField: Escape or the clear button empties it). */
export function SearchField({
  label,
  value,
  onChange,
  placeholder,
  className,
  testId,
  autoFocus,
  disabled,
}: {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  className?: string;
  testId?: string;
  autoFocus?: boolean;
  disabled?: boolean;
}) {
  return (
    <AriaSearchField
      value={value}
      onChange={onChange}
      className={`group ${className ?? ""}`}
      autoFocus={autoFocus}
      isDisabled={disabled}
    >
      <Label className={LABEL_CLASS}>{label}</Label>
      <div className="relative">
        <Input
          placeholder={placeholder}
          data-testid={testId}
          className={`${FIELD_CLASS} pr-11 [&::-webkit-search-cancel-button]:hidden`}
        />
        <Button
          variant="plain"
          ariaLabel="Clear search"
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-md text-slate-500 hover:text-slate-800 group-data-[empty]:hidden group-data-[disabled]:hidden"
        >
          <span aria-hidden>✕</span>
        </Button>
      </div>
    </AriaSearchField>
  );
}

/** The account forms' e-mail box (required); its label and autocomplete differ by form. */
export function EmailField({
  label,
  autoComplete = "email",
  value,
  onChange,
  error,
}: {
  label: ReactNode;
  /** "username" where the address signs in (the password forms), so password managers fill it. */
  autoComplete?: "email" | "username";
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  return (
    <TextField
      label={label}
      name="email"
      type="email"
      autoComplete={autoComplete}
      aria-required
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}

/** First name and last name (required), side by side from the small breakpoint. */
export function NameFields({
  values,
  set,
  errors,
}: {
  values: { firstname: string; lastname: string };
  set: (field: "firstname" | "lastname") => (value: string) => void;
  errors: FieldErrors;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="First name"
        name="firstname"
        autoComplete="given-name"
        aria-required
        value={values.firstname}
        onChange={set("firstname")}
        error={errors.firstname}
      />
      <TextField
        label="Last name"
        name="lastname"
        autoComplete="family-name"
        aria-required
        value={values.lastname}
        onChange={set("lastname")}
        error={errors.lastname}
      />
    </div>
  );
}

/** A new password and its confirmation (required), stacked or side by side from the small breakpoint. */
export function PasswordPair({
  values,
  set,
  errors,
  confirmLabel,
  sideBySide = false,
}: {
  values: { password: string; password_confirmation: string };
  set: (field: "password" | "password_confirmation") => (value: string) => void;
  errors: FieldErrors;
  confirmLabel: string;
  sideBySide?: boolean;
}) {
  const fields = (
    <>
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        aria-required
        value={values.password}
        onChange={set("password")}
        error={errors.password}
      />
      <TextField
        label={confirmLabel}
        name="password_confirmation"
        type="password"
        autoComplete="new-password"
        aria-required
        value={values.password_confirmation}
        onChange={set("password_confirmation")}
        error={errors.password_confirmation}
      />
    </>
  );
  return sideBySide ? <div className="grid gap-4 sm:grid-cols-2">{fields}</div> : fields;
}

/** The first message of each field of a zod failure (the field is the issue path's first key). */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "");
    if (errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

/** Moves focus to the form's first control marked invalid (call once the errors are rendered). */
export function focusFirstInvalid(form: HTMLElement | null): void {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

/**
 * A form with a password and its confirmation: the schema's messages, plus a mismatch the
 * schema only reports once every other field passes.
 */
export function passwordFormErrors(
  schema: z.ZodType,
  fields: { password?: string | undefined; password_confirmation?: string | undefined },
): FieldErrors {
  const parsed = schema.safeParse(fields);
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  if (errors.password_confirmation === undefined && fields.password !== fields.password_confirmation)
    errors.password_confirmation = ACCOUNT_MESSAGES.passwordMismatch;
  return errors;
}

/**
 * A form's field errors. `showErrors` renders them at once and moves focus to the first invalid
 * control (put `formRef` on the form); `clearError` drops a field's error as the student edits it.
 */
export function useFormErrors() {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const showErrors = (next: FieldErrors) => {
    flushSync(() => setErrors(next));
    focusFirstInvalid(formRef.current);
  };
  const clearError = (field: string) => setErrors(({ [field]: _cleared, ...rest }) => rest);
  return { formRef, errors, showErrors, clearError };
}

/** The account forms' button row: Back on the left (a plain button, the page decides where), submit on the right. */
export function FormButtons({
  onBack,
  submitLabel,
  busy,
  busyLabel,
  submitTestId,
}: {
  onBack: () => void;
  submitLabel: string;
  busy?: boolean;
  busyLabel?: string;
  submitTestId?: string;
}) {
  return (
    <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-between">
      <Button variant="secondary" onPress={onBack}>
        Back
      </Button>
      <Button type="submit" disabled={busy} testId={submitTestId}>
        {busy && busyLabel ? busyLabel : submitLabel}
      </Button>
    </div>
  );
}

const NOTICE_TONES = {
  success: "bg-emerald-50 text-emerald-900 ring-emerald-200",
  info: "bg-slate-50 text-slate-800 ring-slate-200",
} as const;

/** A message in the card (a reply's message, a form-wide error): announced as a status, or an alert for errors. */
export function FormNotice({
  tone,
  children,
  testId,
}: {
  tone: keyof typeof NOTICE_TONES | "error";
  children: ReactNode;
  testId?: string;
}) {
  if (tone === "error") return <ErrorNotice testId={testId}>{children}</ErrorNotice>;
  return (
    <div
      role="status"
      data-testid={testId}
      className={`whitespace-pre-line rounded-md px-3 py-2 text-sm ring-1 ${NOTICE_TONES[tone]}`}
    >
      {children}
    </div>
  );
}

/** A request went through and the page moves on to sign in: the message, and the way there meanwhile. */
export function SignInRedirectNotice({
  message,
  href = "/login",
  go,
  testId,
}: {
  message: ReactNode;
  /** Where "sign in" leads (the page's redirect goes there too). */
  href?: string;
  go: (href: string) => void;
  testId: string;
}) {
  return (
    <div className="space-y-3">
      <FormNotice tone="success" testId={testId}>
        {message}
      </FormNotice>
      <p className="text-sm text-slate-600">
        Taking you to{" "}
        <AppLink href={href} go={go}>
          sign in
        </AppLink>
        …
      </p>
    </div>
  );
}

export { AppLink };

/** A reply's `redirect` as a path of this app, or the fallback when it names another origin. */
export function appPath(redirect: string, fallback = "/login"): string {
  try {
    const url = new URL(redirect, window.location.origin);
    return url.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : fallback;
  } catch {
    return fallback;
  }
}

/** The card's title and its one-line introduction. */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-5">
      <h1 className="text-lg font-semibold text-slate-900">{title}</h1>
      {children ? <p className="mt-1 text-sm text-slate-600">{children}</p> : null}
    </div>
  );
}
