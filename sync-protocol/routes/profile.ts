import { courseDatesReplySchema, preferencesReplySchema, profileAccountReplySchema } from "../schemas/profile.ts";
import { mutationRoute } from "./route.ts";

/** The student's profile: course dates, account details, preferences. */
export const profileRoutes = {
  updateCourseDates: mutationRoute("POST /profile/course-dates", courseDatesReplySchema),
  updateAccount: mutationRoute("POST /profile/account", profileAccountReplySchema),
  updatePreferences: mutationRoute("POST /profile/preferences", preferencesReplySchema),
};
