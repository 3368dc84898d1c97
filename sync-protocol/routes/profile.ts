import { profileDataSchema } from "../schemas/accounts.ts";
import {
  courseDatesReplySchema,
  preferencesReplySchema,
  profileAccountReplySchema,
  syllabiDatesReplySchema,
} from "../schemas/profile.ts";
import { mutationRoute } from "./mutation-route.ts";
import { route } from "./route.ts";

/** The student's profile: course dates, account details, preferences. */
export const profileRoutes = {
  updateCourseDates: mutationRoute("POST /profile/course-dates", courseDatesReplySchema),
  updateAccount: mutationRoute("POST /profile/account", profileAccountReplySchema),
  updatePreferences: mutationRoute("POST /profile/preferences", preferencesReplySchema),
  syllabiDates: route({ method: "GET", path: "/api/syllabi_dates", auth: "session", reply: syllabiDatesReplySchema }),
  profileData: route({ method: "GET", path: "/api/profile", auth: "session", reply: profileDataSchema }),
};
