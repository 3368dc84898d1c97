import { type CalendarDate, parseDate } from "@internationalized/date";
import {
  DateField as AriaDateField,
  DateInput,
  DateSegment,
  FieldError,
  I18nProvider,
  Label,
} from "react-aria-components";

/** `yyyy-mm-dd` to a calendar date, or null for an empty or unreadable value. */
function toCalendarDate(iso: string | undefined): CalendarDate | null {
  if (!iso) return null;
  try {
    return parseDate(iso);
  } catch {
    return null;
  }
}

/**
 * The one date field of the app: typed as dd/mm/yyyy whatever the browser's language, like
 * every date shown (the en-GB order), with the keyboard or a tap on each part. Values go in and
 * out as ISO `yyyy-mm-dd` ('' when empty); `name` adds a hidden input with that value for forms.
 */
export function DateField({
  label,
  value,
  onChange,
  min,
  max,
  name,
  testId,
  errorMessage,
  isDisabled,
  hideLabel,
}: {
  label: string;
  value: string;
  onChange: (iso: string) => void;
  min?: string;
  max?: string;
  name?: string;
  testId?: string;
  errorMessage?: string;
  isDisabled?: boolean;
  hideLabel?: boolean;
}) {
  return (
    <I18nProvider locale="en-GB">
      <AriaDateField
        value={toCalendarDate(value)}
        onChange={(date) => onChange(date ? date.toString() : "")}
        minValue={toCalendarDate(min)}
        maxValue={toCalendarDate(max)}
        name={name}
        isDisabled={isDisabled}
        isInvalid={errorMessage ? true : undefined}
        data-testid={testId}
        className="flex flex-col gap-1"
      >
        <Label className={hideLabel ? "sr-only" : "text-sm font-medium text-slate-700"}>{label}</Label>
        <DateInput className="flex min-h-11 items-center rounded-md border border-slate-300 bg-surface px-3 text-sm text-slate-900 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-500 data-[invalid]:border-red-600">
          {(segment) => (
            <DateSegment
              segment={segment}
              className="rounded px-0.5 tabular-nums outline-none focus:bg-primary focus:text-white data-[placeholder]:text-slate-500 data-[type=literal]:px-0"
            />
          )}
        </DateInput>
        {errorMessage ? <FieldError className="text-sm text-red-700">{errorMessage}</FieldError> : null}
      </AriaDateField>
    </I18nProvider>
  );
}
