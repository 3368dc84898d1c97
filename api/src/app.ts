import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { compress } from "hono/compress";
import type { AppDeps, AppEnv } from "./deps.ts";
import { ApiError, onError } from "./errors.ts";
import { limitBody } from "./http/body-limit.ts";
import { effectOfFeature, effectWithDisplayAnswersSwitch } from "./http/features.ts";
import { sameOriginWrites } from "./http/same-origin.ts";
import { noStoreForSessions, securityHeaders } from "./http/security-headers.ts";
import { passwordRoutes } from "./routes/accounts/password.ts";
import { registrationRoutes } from "./routes/accounts/registration.ts";
import { activityRoutes } from "./routes/activity/index.ts";
import { resetProgress } from "./routes/analysis/effects.ts";
import { analysisRoutes } from "./routes/analysis/index.ts";
import { authRoutes } from "./routes/auth.ts";
import { contentRoutes, imageRoutes } from "./routes/content.ts";
import { courseProgressRoutes } from "./routes/course-progress/index.ts";
import { BUG_REPORT_BODY_LIMIT, diagnosticsRoutes } from "./routes/diagnostics/index.ts";
import { FEEDBACK_BODY_LIMIT, feedbackRoutes } from "./routes/feedback/index.ts";
import { fixedRoutes } from "./routes/fixed/index.ts";
import { flaggedRoutes } from "./routes/flagged/index.ts";
import { healthRoutes } from "./routes/health.ts";
import { licenceRoutes } from "./routes/licence/index.ts";
import { maintenanceUsersRoutes } from "./routes/maintenance-users/index.ts";
import { practiceRoutes } from "./routes/practice/index.ts";
import { updateAccount, updatePreferences } from "./routes/profile/account.ts";
import { updateCourseDates } from "./routes/profile/course-dates.ts";
import { profileRoutes } from "./routes/profile/index.ts";
import { flagQuestion, saveNote, saveReviewMark, seenInExam, unflagAll } from "./routes/question/effects.ts";
import { questionRoutes } from "./routes/question/index.ts";
import { reportQuestionError, testComment } from "./routes/question-comments/effects.ts";
import { questionCommentsRoutes } from "./routes/question-comments/index.ts";
import { markReviewed } from "./routes/results/effects.ts";
import { resultsRoutes } from "./routes/results/index.ts";
import { schoolRoutes } from "./routes/school/index.ts";
import { schoolTestsRoutes } from "./routes/school-tests/index.ts";
import { searchRoutes } from "./routes/search/index.ts";
import { setZoom } from "./routes/settings/effects.ts";
import { settingsRoutes } from "./routes/settings/index.ts";
import { subscriptionRoutes } from "./routes/subscription/index.ts";
import { generateTestWithSyllabusRules, recordLessonProgress } from "./routes/syllabus/effects.ts";
import { syllabusRoutes } from "./routes/syllabus/index.ts";
import { syncRoutes } from "./routes/sync.ts";
import { answerEffects, finishTest } from "./routes/test/effects.ts";
import { testRoutes } from "./routes/test/index.ts";
import { requiresSubscription } from "./routes/test/subscription-gate.ts";
import { updateRoutes } from "./routes/update.ts";
import type { BatchEffectTable, EffectTable } from "./sync/effects.ts";
import { userSyncRoutes } from "./sync/pull/index.ts";
import { Replayer } from "./sync/replay.ts";

/**
 * Every queued write's server effect, by catalogue entry. The flag and seen-in-exam writes exist
 * only while their component is on (http/features.ts), online and replayed alike.
 */
export function effectTables(deps: Pick<AppDeps, "features">): { effects: EffectTable; batched: BatchEffectTable } {
  // The answer effects share the app's parsed question versions.
  const { saveAnswer, saveAnswers } = answerEffects();
  const effects: EffectTable = {
    // A new test needs a running subscription (a fixed test excepted); progress tests are then
    // checked against the syllabus's access rules, fixed tests (exam) against the school's settings.
    // With display_answers switched off, only the default display is taken (http/features.ts).
    "POST /test/generate/{test_type}": effectWithDisplayAnswersSwitch(
      deps,
      requiresSubscription(generateTestWithSyllabusRules),
    ),
    "POST /test/current/save": saveAnswer,
    "POST /test/current/finish/{id}": finishTest,
    "POST /api/question/flag": effectOfFeature(deps, "flagged", flagQuestion),
    "POST /api/question/unflag_all": effectOfFeature(deps, "flagged", unflagAll),
    "POST /api/question/note": saveNote,
    "POST /api/question/review_mark": saveReviewMark,
    "POST /questions/{id}/seen-in-exam": effectOfFeature(deps, "seen_in_exam", seenInExam),
    "POST /api/review": markReviewed,
    "POST /zoom": setZoom,
    "POST /api/lesson/progress": recordLessonProgress,
    "POST /profile/course-dates": updateCourseDates,
    "POST /profile/account": updateAccount,
    "POST /profile/preferences": updatePreferences,
    "POST /analysis/progress/reset/{subject_id}": resetProgress,
    "POST /test/current/comment": testComment,
    "POST /questions/{id}/report-error": reportQuestionError,
  };
  // Answers arrive by the hundred in one push: a run of them is applied at once.
  return { effects, batched: { "POST /test/current/save": saveAnswers } };
}

/** Composes the API (and, when deps.webDist is set, the built app) with no globals. */
export function createApp(deps: AppDeps) {
  const { effects, batched } = effectTables(deps);
  const replayer = new Replayer(deps, effects, batched);
  const app = new Hono<AppEnv>();
  app.onError(onError);
  // Replies are compressed for clients that ask (gzip or deflate; JSON and text from 1 KiB):
  // a bank's worth of a sync pull or the analysis shrinks several times on a slow line. Files
  // already compressed (brotli/gzip next to the built app, content packs) go as they are.
  app.use("*", compress());
  // Security headers on every reply (refusals too), then the same-origin proof for every write.
  app.use("*", securityHeaders(), noStoreForSessions(), sameOriginWrites(deps));
  const tooLarge = (): never => {
    throw new ApiError("payload_too_large", "Request body too large");
  };
  const anyBody = limitBody(8 * 1024 * 1024, tooLarge);
  // Feedback carries up to five screenshots of FEEDBACK_LIMITS.maxScreenshotBytes each.
  const feedbackBody = limitBody(FEEDBACK_BODY_LIMIT, tooLarge);
  // A bug report carries the device's data (compressed) and its log, up to BUG_REPORT_LIMITS.
  const bugReportBody = limitBody(BUG_REPORT_BODY_LIMIT, tooLarge);
  app.use("*", (c, next) => {
    if (c.req.path === "/feedback") return feedbackBody(c, next);
    if (c.req.path === "/maintenance/bug-report") return bugReportBody(c, next);
    return anyBody(c, next);
  });

  // Every route is a catalogue entry mounted with mountRoute, which applies the entry's sign-in
  // and role: no path decides it here. Page addresses (GETs the web app answers) need none.
  app.route("/", healthRoutes(deps));
  app.route("/", authRoutes(deps));
  app.route("/", registrationRoutes(deps));
  app.route("/", imageRoutes(deps));
  app.route("/", contentRoutes(deps));
  app.route("/", syncRoutes(replayer, deps));
  app.route("/", userSyncRoutes(deps));
  app.route("/", testRoutes(deps, replayer));
  app.route("/", questionRoutes(deps, replayer));
  app.route("/", questionCommentsRoutes(deps, replayer));
  app.route("/", resultsRoutes(deps, replayer));
  app.route("/", settingsRoutes(deps, replayer));
  app.route("/", activityRoutes(deps));
  app.route("/", updateRoutes(deps));
  app.route("/", flaggedRoutes(deps));
  app.route("/", fixedRoutes(deps));
  app.route("/", practiceRoutes(deps));
  app.route("/", syllabusRoutes(deps, replayer));
  app.route("/", profileRoutes(deps, replayer));
  app.route("/", passwordRoutes(deps));
  app.route("/", searchRoutes(deps));
  app.route("/", schoolRoutes(deps));
  app.route("/", schoolTestsRoutes(deps));
  app.route("/", analysisRoutes(deps, replayer));
  app.route("/", courseProgressRoutes(deps));
  app.route("/", licenceRoutes(deps));
  app.route("/", feedbackRoutes(deps));
  app.route("/", diagnosticsRoutes(deps));
  app.route("/", maintenanceUsersRoutes(deps, replayer));
  app.route("/", subscriptionRoutes(deps));

  if (deps.webDist) mountWeb(app, deps.webDist);
  app.notFound((c) =>
    c.json({ error: { code: "not_found", message: `No route for ${c.req.method} ${c.req.path}` } }, 404),
  );
  return app;
}

/** The built PWA: static files, and index.html for every other page address. */
function mountWeb(app: Hono<AppEnv>, webDist: string): void {
  const indexPath = join(webDist, "index.html");
  // The build writes brotli and gzip copies beside each asset (web/vite.config.ts): sent as they
  // are to a browser that takes them, with Content-Encoding and Vary.
  const serve = serveStatic({ root: webDist, precompressed: true });
  app.use("*", async (c, next) => {
    const found = await serve(c, next);
    // The worker and the page shell must be revalidated; hashed assets can be kept. (Set on the
    // file's reply itself: serveStatic's onFound runs after that reply is made.)
    if (found instanceof Response) {
      const immutable = c.req.path.startsWith("/assets/");
      found.headers.set("Cache-Control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
    }
    return found;
  });
  app.get("*", async (c, next) => {
    if (c.req.path.startsWith("/api/") || !existsSync(indexPath)) return next();
    c.header("Cache-Control", "no-cache");
    return c.html(await readFile(indexPath, "utf8"));
  });
}
