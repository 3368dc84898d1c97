/** The look of the app's form controls, shared by text fields, selects and their labels. */

export const FIELD_CLASS =
  "min-h-11 w-full rounded-md border border-slate-300 bg-surface px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-400";

export const LABEL_CLASS = "mb-1 block text-sm font-medium text-slate-800";

/** The field look with a red border and ring instead of the usual ones (same classes would fight in the CSS). */
export const INVALID_FIELD_CLASS = FIELD_CLASS.replace("border-slate-300", "border-red-500")
  .replace("focus:border-brand-500", "focus:border-red-600")
  .replace("focus:ring-brand-100", "focus:ring-red-100");
