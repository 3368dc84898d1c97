/** Typed fixtures of the profile page: a student on their own and a class's student, as the device holds them. */
import type { ProfileAccountDetails, PulledProfile } from "@preflight/sync-protocol/schemas/pull";
import type { Course } from "../../local/actions/course-dates.ts";
import type { ProfileViewData } from "./ProfileView.tsx";

export const STUDENT_PROFILE: PulledProfile = {
  id: "user-1",
  email: "student@preflight.test",
  firstname: "Sam",
  lastname: "Student",
  role: "student",
  syllabus_id: 3,
  class_name: null,
  subscription: { start: "2026-01-01", end: "2026-12-31" },
  features: { flagged: true, seen_in_exam: true, ai_tutor: false, display_answers: true },
  settings: { zoom: null },
  manual_update: 0,
  preferences: [
    { id: 1, type: "product_news", text: "News about Preflight" },
    { id: 2, type: "offers", text: "Offers and discounts" },
  ],
  user_preferences: [2],
  review_weights: null,
};

export const STUDENT_ACCOUNT: ProfileAccountDetails = {
  pending_email: null,
  subscription: { start: "2026-01-01", end: "2026-12-31", no_expiry: false, free_trial: false },
  userSubscriptions: [
    { length: 7, start: "2025-12-25", end: "2025-12-31", kind: "free_trial" },
    { length: 365, start: "2026-01-01", end: "2026-12-31", kind: "purchase" },
  ],
  student_id: null,
  class: null,
  school: null,
  offline_account: false,
  syllabi: [
    { id: 3, title: "ATPL 2020 including example questions", warning: null, school_id: 1 },
    { id: 4, title: "ATPL 2020 excluding example questions", warning: "Some topics have few questions.", school_id: 1 },
  ],
};

export const STUDENT_VIEW: ProfileViewData = {
  profile: STUDENT_PROFILE,
  account: STUDENT_ACCOUNT,
  syllabusTitle: "ATPL 2020 including example questions",
  course: null,
};

export const CLASS_COURSE: Course = {
  syllabusId: 7,
  syllabusName: "ATPL Integrated",
  classManaged: true,
  rows: [
    { moduleId: 1, title: "Air Law", start: "2026-01-05", end: "2026-02-27", dated: true },
    { moduleId: 2, title: "Meteorology", start: "2026-03-02", end: "2026-04-24", dated: true },
  ],
};

export const CLASS_VIEW: ProfileViewData = {
  profile: { ...STUDENT_PROFILE, id: "user-2", email: "class@preflight.test", syllabus_id: 7, class_name: "2026-A" },
  account: {
    ...STUDENT_ACCOUNT,
    subscription: { start: "2026-01-01", end: null, no_expiry: true, free_trial: false },
    userSubscriptions: [],
    student_id: "S-1042",
    class: { name: "ATPL Integrated 2026-A" },
    school: { id: 2, name: "Demo Flight School" },
    syllabi: [],
  },
  syllabusTitle: "ATPL Integrated",
  course: CLASS_COURSE,
};
