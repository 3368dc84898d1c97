/**
 * The route catalogue: one entry per HTTP call the API serves, by area. The server mounts each
 * entry with mountRoute (api/src/http/mount-route.ts); the catalogue test checks that every
 * mounted route has an entry and every entry a route.
 */
import { accountsRoutes } from "./accounts.ts";
import { activityRoutes } from "./activity.ts";
import { analysisRoutes } from "./analysis.ts";
import { authRoutes } from "./auth.ts";
import { contentRoutes } from "./content.ts";
import { diagnosticsRoutes } from "./diagnostics.ts";
import { feedbackRoutes } from "./feedback.ts";
import { fixedRoutes } from "./fixed.ts";
import { flaggedRoutes } from "./flagged.ts";
import { healthRoutes } from "./health.ts";
import { licenceRoutes } from "./licence.ts";
import { maintenanceUsersRoutes } from "./maintenance-users.ts";
import { practiceRoutes } from "./practice.ts";
import { profileRoutes } from "./profile.ts";
import { questionRoutes } from "./question.ts";
import { questionCommentsRoutes } from "./question-comments.ts";
import { resultsRoutes } from "./results.ts";
import { schoolRoutes } from "./school.ts";
import { schoolTestsRoutes } from "./school-tests.ts";
import { searchRoutes } from "./search.ts";
import { settingsRoutes } from "./settings.ts";
import { subscriptionRoutes } from "./subscription.ts";
import { syllabusRoutes } from "./syllabus.ts";
import { syncRoutes } from "./sync.ts";
import { testRoutes } from "./test.ts";

export * from "./route.ts";

export const routes = {
  ...accountsRoutes,
  ...activityRoutes,
  ...analysisRoutes,
  ...authRoutes,
  ...contentRoutes,
  ...diagnosticsRoutes,
  ...feedbackRoutes,
  ...fixedRoutes,
  ...flaggedRoutes,
  ...healthRoutes,
  ...licenceRoutes,
  ...maintenanceUsersRoutes,
  ...practiceRoutes,
  ...profileRoutes,
  ...questionRoutes,
  ...questionCommentsRoutes,
  ...resultsRoutes,
  ...schoolRoutes,
  ...schoolTestsRoutes,
  ...searchRoutes,
  ...settingsRoutes,
  ...subscriptionRoutes,
  ...syllabusRoutes,
  ...syncRoutes,
  ...testRoutes,
};
