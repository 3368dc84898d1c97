/** The Edit course dates modal, opened from the progress graph's 'Edit dates'. */
export { CourseDatesModal } from "./CourseDatesModal.tsx";
