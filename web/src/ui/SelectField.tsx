/** A labelled form control: the app's one look for selects and text boxes in filters and settings. */
import { type ReactNode, type SelectHTMLAttributes, useId } from "react";

export const FIELD_CLASS =
  "min-h-11 w-full rounded-md border border-slate-300 bg-surface px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-400";

export const LABEL_CLASS = "mb-1 block text-sm font-medium text-slate-800";

/** A label above any control; the control receives the id that ties the two together. */
export function LabelledField({
  label,
  className,
  children,
}: {
  label: ReactNode;
  className?: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={LABEL_CLASS}>
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** A labelled select; options (and optgroups) are its children. */
export function SelectField({
  label,
  value,
  onChange,
  className,
  children,
  ...rest
}: {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  className?: string;
  children: ReactNode;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, "value" | "onChange" | "id" | "className" | "children">) {
  return (
    <LabelledField label={label} className={className}>
      {(id) => (
        <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={FIELD_CLASS} {...rest}>
          {children}
        </select>
      )}
    </LabelledField>
  );
}
