/**
 * A labelled select: the app's one select, with the field look, its description and error.
 * It stays the browser's own select on purpose: on an iPad that opens the system's picker wheel,
 * which a drawn list box (React Aria's Select) would replace with a popover of small rows.
 */
import type { ReactNode, SelectHTMLAttributes } from "react";
import { FormField } from "./FormField.tsx";

/** A labelled select; options (and optgroups) are its children. */
export function SelectField({
  label,
  value,
  onChange,
  error,
  description,
  className,
  children,
  ...rest
}: {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  description?: ReactNode;
  className?: string;
  children: ReactNode;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, "value" | "onChange" | "id" | "className" | "children">) {
  return (
    <FormField label={label} error={error} description={description} className={className}>
      {(control) => (
        <select {...rest} {...control} value={value} onChange={(e) => onChange(e.target.value)}>
          {children}
        </select>
      )}
    </FormField>
  );
}
