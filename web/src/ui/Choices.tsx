/**
 * A group of radio choices drawn as bordered buttons: the app's one look for "pick one of these"
 * (React Aria RadioGroup: arrow keys move the choice, the group is labelled by its legend).
 */
import type { ReactNode } from "react";
import { Label, Radio, RadioGroup } from "react-aria-components";

export function Choices({
  legend,
  value,
  onChange,
  children,
}: {
  legend: string;
  /** The chosen choice's value (values are strings, as a radio's are). */
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <RadioGroup value={value} onChange={onChange} orientation="horizontal">
      <Label className="mb-2 block text-sm font-medium text-slate-800">{legend}</Label>
      <div className="flex flex-wrap gap-2">{children}</div>
    </RadioGroup>
  );
}

export function Choice({
  value,
  disabled,
  testId,
  children,
}: {
  value: string;
  disabled?: boolean | undefined;
  testId?: string | undefined;
  children: ReactNode;
}) {
  return (
    <Radio
      value={value}
      isDisabled={disabled}
      data-testid={testId}
      className="min-h-11 cursor-pointer rounded-md border border-slate-300 px-3 py-2 text-sm data-[disabled]:cursor-not-allowed data-[selected]:border-brand-500 data-[selected]:bg-brand-50 data-[disabled]:opacity-50 data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-500"
    >
      {children}
    </Radio>
  );
}
