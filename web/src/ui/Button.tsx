import type { ReactNode } from "react";
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from "react-aria-components";

/** The app's button looks; `buttonClass` gives the same look to a link styled as a button. */
export const BUTTON_VARIANTS = {
  primary: "bg-primary text-white hover:bg-primary-hover",
  secondary: "border border-slate-300 bg-surface text-slate-800 hover:bg-slate-50",
  danger: "bg-danger text-white hover:bg-danger-hover",
  quiet: "text-brand-700 hover:bg-brand-50",
} as const;

export type ButtonVariant = keyof typeof BUTTON_VARIANTS;

/** At least 44 px high (Apple's touch target), the focus ring from styles.css. */
export function buttonClass(variant: ButtonVariant = "primary", extra = ""): string {
  return `inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-50 ${BUTTON_VARIANTS[variant]} ${extra}`;
}

/**
 * The one button of the app (React Aria: press on touch, mouse and keyboard alike). A variant
 * gives the app's look with `className` added to it; `plain` leaves the look to `className`
 * alone (page numbers, icon and tool buttons), which must still reach 44 px where touched.
 * Any other React Aria prop (aria-expanded, aria-controls, autoFocus, form…) passes through.
 */
export function Button({
  children,
  variant = "primary",
  disabled,
  testId,
  type = "button",
  className = "",
  ariaLabel,
  ...aria
}: {
  children: ReactNode;
  variant?: ButtonVariant | "plain";
  disabled?: boolean | undefined;
  testId?: string | undefined;
  type?: "button" | "submit";
  className?: string;
  ariaLabel?: string | undefined;
} & Omit<AriaButtonProps, "children" | "className" | "isDisabled" | "type" | "aria-label" | "style">) {
  return (
    <AriaButton
      {...aria}
      type={type}
      isDisabled={disabled}
      data-testid={testId}
      aria-label={ariaLabel}
      className={variant === "plain" ? className : buttonClass(variant, className)}
    >
      {children}
    </AriaButton>
  );
}
