/** The Edit course dates modal, and a button that opens it, for the dashboard and the progress graph. */
export { CourseDatesModal } from "./CourseDatesModal.tsx";
export { EditCourseDatesButton } from "./EditCourseDatesButton.tsx";
