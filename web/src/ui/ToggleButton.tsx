import type { ReactNode } from "react";
import {
  ToggleButton as AriaToggleButton,
  type ToggleButtonProps as AriaToggleButtonProps,
} from "react-aria-components";

// Apart from Button.tsx, which every page loads: only the question tools and the syllabus use it.
/** A button that stays pressed (aria-pressed), such as a tool switched on; the look is the caller's. */
export function ToggleButton({
  children,
  selected,
  onChange,
  disabled,
  testId,
  className,
  ariaLabel,
  ...aria
}: {
  children: ReactNode;
  selected: boolean;
  onChange: (selected: boolean) => void;
  disabled?: boolean | undefined;
  testId?: string | undefined;
  className: string;
  ariaLabel?: string | undefined;
} & Omit<
  AriaToggleButtonProps,
  "children" | "className" | "isDisabled" | "isSelected" | "onChange" | "aria-label" | "style"
>) {
  return (
    <AriaToggleButton
      {...aria}
      isSelected={selected}
      onChange={onChange}
      isDisabled={disabled}
      data-testid={testId}
      aria-label={ariaLabel}
      className={className}
    >
      {children}
    </AriaToggleButton>
  );
}
