import { useState } from "react";
import { CourseDatesModal } from "./CourseDatesModal.tsx";

/** A button that opens the Edit course dates modal (the dashboard's; the progress graph's 'Edit dates'). */
export function EditCourseDatesButton({
  label = "Edit course dates",
  className,
}: {
  label?: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className={
          className ??
          "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
        }
        data-testid="edit-course-dates"
      >
        {label}
      </button>
      <CourseDatesModal isOpen={open} onClose={() => setOpen(false)} />
    </>
  );
}
