/** The app's checkbox (React Aria): a 20 px box in a row at least 44 px high, the whole row pressable. */
import type { ReactNode } from "react";
import { Checkbox as AriaCheckbox } from "react-aria-components";

export function Checkbox({
  checked,
  onChange,
  disabled,
  name,
  value,
  testId,
  className = "",
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean | undefined;
  /** Form name and value, for a form read with FormData. */
  name?: string;
  value?: string;
  testId?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <AriaCheckbox
      isSelected={checked}
      onChange={onChange}
      isDisabled={disabled}
      name={name}
      value={value}
      data-testid={testId}
      className={`group flex min-h-11 cursor-pointer items-center gap-3 text-sm text-slate-800 data-[disabled]:cursor-default data-[disabled]:opacity-60 ${className}`}
    >
      <span
        aria-hidden
        className="flex h-5 w-5 shrink-0 items-center justify-center rounded border-2 border-slate-400 bg-surface text-white group-data-[selected]:border-primary group-data-[selected]:bg-primary group-data-[focus-visible]:ring-2 group-data-[focus-visible]:ring-brand-500 group-data-[focus-visible]:ring-offset-2"
      >
        <svg viewBox="0 0 16 16" className="hidden h-3.5 w-3.5 group-data-[selected]:block" fill="none" aria-hidden>
          <path
            d="M3 8.5 6.5 12 13 4.5"
            stroke="currentColor"
            strokeWidth={2.5}
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </span>
      <span>{children}</span>
    </AriaCheckbox>
  );
}
