/** What other screens mount: the Tutor / Search slide-out and its open/close hook. */
export { TutorSearchPanel } from "./TutorSearchPanel.tsx";
export { type TutorSearch, useTutorSearch } from "./useTutorSearch.ts";
