/**
 * Where each call of the specification's §7 tables lives. A call the spec's server answered is
 * an entry of the route catalogue (sync-protocol/routes), named with the reply fields the spec
 * reads from it. A call the spec's installed app made to its own local server (the updater,
 * the jobs queue, the migration check) is, in an offline-first web app, a function on the
 * device: named by file and export, with the tests (unit or Chromium) that exercise it.
 */
import type { SpecDoc } from "./spec-text.ts";

export type CallHome =
  | { routes: string[]; fields?: string[] }
  | { device: { file: string; name: string }[]; why: string; tests: { file: string; title: string }[] };

type CallTable = Record<SpecDoc, Record<string, CallHome>>;

const updater = "web/src/local/content/service.ts";
const jobs = "web/src/local/outbox/jobs.ts";
const LOCAL_SERVER = "the installed app's own local server in the spec; here the device does it itself";

export const SPEC_CALLS: CallTable = {
  "test-taking.md": {
    "POST (save answer, path under the test base)": { routes: ["saveAnswer"] },
    "POST /test/current/question": { routes: ["currentQuestion"], fields: ["success", "question", "position"] },
    "POST /test/current/question (reload)": { routes: ["currentQuestion"], fields: ["question"] },
    "POST /test/current/next": { routes: ["nextQuestion", "touchActivity"] },
    "POST /test/current/prev": { routes: ["prevQuestion", "touchActivity"] },
    "POST /test/current/test-question": { routes: ["testQuestions"], fields: ["user_test_questions"] },
    "POST /test/current/finish/{id}": { routes: ["finishTest"] },
    "POST /test/question-data": { routes: ["questionData"] },
    "POST /api/review": { routes: ["markReviewed"] },
    "POST /test/results": { routes: ["testResults"] },
    "POST /api/question/flag": { routes: ["flagQuestion"], fields: ["flagged"] },
    "POST /questions/{id}/seen-in-exam": { routes: ["seenInExam"], fields: ["message"] },
    "GET /user-active": { routes: ["userActive"], fields: ["active"] },
    "POST /zoom": { routes: ["zoom"] },
  },
  "study-and-progress.md": {
    "GET /analysis/subject or /analysis/average-timed": { routes: ["percentageAnswered", "averageMockExams"] },
    "GET /analysis/course and /analysis/course/{module}": { routes: ["courseProgress", "moduleProgress"] },
    "GET /analysis/topic/{subject_id}": { routes: ["topicAnalysis"] },
    "GET /analysis/progress/reset/{subject_id}": { routes: ["resetProgressGet", "resetProgress"] },
    "POST /api/user/active-syllabus": { routes: ["activeSyllabus"] },
    "GET /api/syllabi_dates": { routes: ["syllabiDates"] },
    "GET /api/syllabi": { routes: ["syllabi"], fields: ["syllabi", "active_syllabus"] },
    "POST /profile/course-dates": {
      routes: ["updateCourseDates"],
      fields: ["success", "message", "syncData", "course_dates"],
    },
    "POST /api/user/flagged, optional ?page={n}": {
      routes: ["flaggedQuestions"],
      fields: ["all", "data", "current_page", "per_page", "total"],
    },
    "POST /api/question/flag": { routes: ["flagQuestion"], fields: ["flagged"] },
    "POST /api/question/unflag_all": { routes: ["unflagAll"], fields: ["success"] },
    "POST /test/summary/{test_type} and /{test_id}": { routes: ["builtTestSummary", "testSummary"] },
    "POST /test/generate/{test_type}": { routes: ["generateTest"] },
    "GET /test/load/{test_type}/{test_id}": { routes: ["loadTest"] },
    "POST /test/verify-questions": { routes: ["verifyQuestions"], fields: ["update", "update_type"] },
    "GET /test/download-update?type={t}": { routes: ["downloadUpdate"], fields: ["success", "message"] },
    "POST /test/verify-password": { routes: ["verifyPassword"], fields: ["success", "message"] },
    "GET /api/user/last-pt-result/{id}": {
      routes: ["lastProgressTestResult"],
      fields: ["can_access", "remaining_time"],
    },
    "GET /api/question_subject (optional ?subject_only; reply data.data is a list of subjects), /api/question_topic?subject_code={code}, /api/question_subtopic?topic_id={id}, /api/question_section?subtopic_id={id}, GET /search/subjects":
      { routes: ["questionSubjects", "questionTopics", "questionSubtopics", "questionSections", "searchSubjects"] },
    "GET check-lessons, GET check-lessons-status": {
      routes: ["checkLessons", "checkLessonsStatus"],
      fields: ["status", "percentage"],
    },
    "GET /api/authorities": { routes: ["authorities"] },
    "POST /questions/{id}/seen-in-exam": { routes: ["seenInExam"], fields: ["message"] },
    "POST /test/question-data": { routes: ["questionData"] },
    "POST /api/review": { routes: ["markReviewed"] },
    "POST /search": { routes: ["search"] },
    "POST /api/user/modules": { routes: ["userModules"] },
    "GET /api/user/fixed_tests": { routes: ["fixedTests"] },
    "GET /api/user/previous_tests": { routes: ["previousTests"], fields: ["tests", "hide_fixed_results"] },
    "POST /test/results": { routes: ["testResults"] },
  },
  "accounts-and-installed-app.md": {
    "POST (current page) registration form": { routes: ["registrationForm", "register"] },
    "POST /password/email": { routes: ["passwordEmail"], fields: ["message", "redirect"] },
    "POST /password/reset": { routes: ["passwordReset"], fields: ["redirect"] },
    "POST /profile/account": { routes: ["updateAccount"] },
    "POST /email-preferences/{user_id}": { routes: ["emailPreferences"] },
    "POST /subscribe/purchase": { routes: ["purchase"], fields: ["redirect"] },
    "POST sync": {
      device: [{ file: "web/src/local/outbox/sync-now.ts", name: "syncNow" }],
      why: "the spec's sync sent the local server's changes up and pulled down; here the outbox drains to /sync/push and the user-sync steps pull",
      tests: [{ file: "tests/e2e/sync-button.spec.ts", title: "the sync button: synced (disabled 5 s)" }],
    },
    "GET sync availability (polled every 2 s) and GET /sync/check": {
      routes: ["syncCheck"],
      fields: ["available", "is_syncing", "sync_date"],
    },
    "GET /update/status (polled every 2 s in dashboard; every 1 s in updater)": {
      device: [{ file: updater, name: "readUpdaterStatus" }],
      why: LOCAL_SERVER,
      tests: [{ file: "tests/e2e/updater.spec.ts", title: "first run: the bank downloads" }],
    },
    "GET /update/available and /update/available/read_only": {
      device: [{ file: updater, name: "checkAvailable" }],
      why: LOCAL_SERVER,
      tests: [
        {
          file: "tests/e2e/update-prompt.spec.ts",
          title: "hovering offers 'Check for updates', which asks the server",
        },
      ],
    },
    "POST /update/update-syllabus": { routes: ["updateSyllabus"], fields: ["syllabus_sync_response"] },
    "POST /update/approve-updates": {
      device: [{ file: updater, name: "startApprovedUpdate" }],
      why: LOCAL_SERVER,
      tests: [{ file: "tests/e2e/update-prompt.spec.ts", title: "manual mode: the count of updates" }],
    },
    "POST /update/dispatch or POST /update/run": {
      device: [
        { file: updater, name: "startUpdate" },
        { file: "web/src/local/content/updater.ts", name: "runUpdates" },
      ],
      why: LOCAL_SERVER,
      tests: [{ file: "tests/e2e/updater.spec.ts", title: "then a delta arrives" }],
    },
    "POST /maintenance/user/{id}/sync (query full=true for full)": {
      routes: ["maintenanceUserSync"],
      fields: ["text"],
    },
    "POST /maintenance/user/{id}/delete": { routes: ["maintenanceUserDelete"], fields: ["text"] },
    "POST /maintenance/unlock-updates": {
      device: [{ file: updater, name: "unlockUpdates" }],
      why: LOCAL_SERVER,
      tests: [{ file: "tests/e2e/updates-admin.spec.ts", title: "Unlock is refused while a run holds the lock" }],
    },
    "POST /maintenance/force-qbank": {
      device: [{ file: "web/src/local/content/storage.ts", name: "redownloadQuestionBank" }],
      why: LOCAL_SERVER,
      tests: [
        { file: "web/src/local/content/storage.test.ts", title: "offline, it refuses before anything is thrown away" },
      ],
    },
    "POST /maintenance/jobs/refresh": {
      device: [{ file: jobs, name: "readJobs" }],
      why: LOCAL_SERVER,
      tests: [{ file: "web/src/local/outbox/jobs.test.ts", title: "lists this user's entries in seq order" }],
    },
    "POST /maintenance/jobs/restart-queue": {
      device: [{ file: jobs, name: "restartQueue" }],
      why: LOCAL_SERVER,
      tests: [
        {
          file: "web/src/local/outbox/jobs.test.ts",
          title: "forgets the back-off, the pause and the one-at-a-time push, then drains at once",
        },
      ],
    },
    "POST /maintenance/jobs/run": {
      device: [
        { file: jobs, name: "runJobs" },
        { file: jobs, name: "retryFailed" },
      ],
      why: LOCAL_SERVER,
      tests: [
        {
          file: "tests/e2e/jobs-panel.spec.ts",
          title: "Run all sends them; a refused one is failed with its reason; Retry failed",
        },
      ],
    },
    "POST /maintenance/bug-report": { routes: ["bugReport"] },
    "POST licence/validate": { routes: ["licenceValidate"] },
    "POST licence/activate": { routes: ["licenceActivate"] },
    "POST app/activate": { routes: ["appActivate"] },
    "Legacy migration status check": {
      device: [{ file: "web/src/local/store/legacy-migration.ts", name: "legacyMigration" }],
      why: "the spec's migration ran in the installed app's local server; here the device moves its older databases itself",
      tests: [
        {
          file: "tests/e2e/licence.spec.ts",
          title: "an older release's database on the device is migrated on activation",
        },
      ],
    },
    "POST /free-trial": { routes: ["freeTrial"] },
    "POST /feedback (multipart)": { routes: ["feedback"], fields: ["success"] },
    "POST user-sync/profile, user-sync/sync, user-sync/syllabus, user-sync/school": {
      routes: ["pullProfile", "pullUser", "pullSyllabus", "pullSchool"],
    },
    "GET /user-active; POST /user-active": { routes: ["userActive", "touchActivity"], fields: ["active"] },
    "GET /api/syllabi": { routes: ["syllabi"], fields: ["syllabi", "active_syllabus"] },
  },
};
