/** Business constants and timings named by the spec, in one place for both sides. */

/** Changes per push the server takes (a test and 1,000 answers queued offline go in five pushes). */
export const PUSH_MAX_BATCH = 250;

export const PASS_PERCENTAGE_DEFAULT = 75;
export const QUESTION_NUMBER_PAD = 3;
export const PAGINATION_INITIAL_BUTTONS = 20;

export const SAVE_DELAY_MS = 200;
export const MULTI_SELECT_AUTO_CONFIRM_MS = 50;
export const NOTIFICATION_TIMEOUT_MS = 5000;
export const NOTIFICATION_BACKLOG_DELAY_MS = 2000;
export const REQUEST_TIMEOUT_MS = 20_000;
export const SYNC_CALL_TIMEOUT_MS = 30_000;
export const INACTIVITY_COUNTDOWN_S = 60;
export const INACTIVITY_DEFAULT_MINUTES = 30;
export const SMALL_SCREEN_MAX_WIDTH_PX = 768;

export const ZOOM_MIN = 1.0;
export const ZOOM_MAX = 1.8;
export const ZOOM_STEP = 0.1;
export const IMAGE_ROTATION_STEP_DEG = 90;

export const DISPLAY_ANSWERS = ["after_choice", "after_test", "before_choice"] as const;
export type DisplayAnswers = (typeof DISPLAY_ANSWERS)[number];
/** When answers are shown if nobody chooses, and always while the display_answers switch is off (study §6, §9). */
export const DEFAULT_DISPLAY_ANSWERS: DisplayAnswers = "after_test";

export const TEST_TYPES = [
  "quiz",
  "progress_test",
  "progress_test_attempt",
  "exam",
  "untimed",
  "timed",
  "practice",
] as const;
export type TestType = (typeof TEST_TYPES)[number];

/** The slice's practice test size. */
export const QUICK_PRACTICE_QUESTIONS = 10;

/** Sync drain back-off: base, cap and the periodic nudge from the page. */
export const DRAIN_BACKOFF_BASE_MS = 1000;
export const DRAIN_BACKOFF_MAX_MS = 60_000;
export const DRAIN_TIMER_MS = 30_000;
/** A drain sends as many changes per push as the server takes: 1,000 queued answers in 5 requests. */
export const SYNC_PUSH_BATCH_SIZE = PUSH_MAX_BATCH;

/** Countdown clock tones (UI): amber under 5 minutes left, red under 1 minute. */
export const CLOCK_WARNING_S = 5 * 60;
export const CLOCK_CRITICAL_S = 60;

/** How often the page checks whether the student is still active (spec: poll interval is configuration). */
export const INACTIVITY_POLL_MS = 10_000;

/** The sync button (spec accounts 4 and 9). */
export const SYNC_SUCCESS_DISABLE_MS = 5000;
export const SYNC_RETRY_WAIT_S = 10;
export const SYNC_STALE_DAYS = 7;
export const SYNC_AVAILABILITY_POLL_MS = 2000;

/** A fixed test with a disabled_reason shows that reason as a danger notification after this delay (spec). */
export const FIXED_TEST_DISABLED_NOTIFICATION_DELAY_MS = 3000;

/** The post-login sync screen (spec accounts 4 and 9): start delay, dashboard delay, error sign-out. */
export const POST_LOGIN_SYNC_START_DELAY_MS = 1000;
export const POST_LOGIN_SYNC_DASHBOARD_DELAY_MS = 1500;
export const POST_LOGIN_SYNC_ERROR_LOGOUT_MS = 15_000;

/** The updater (spec accounts 4 and 9). */
export const UPDATE_MODE_AUTOMATIC = 0;
export const UPDATE_MODE_MANUAL = 1;
export const UPDATER_MAX_ATTEMPTS = 5;
export const UPDATER_RETRY_COUNTDOWN_S = 3;
export const UPDATER_SYLLABUS_FAILURE_LOGOUT_MS = 17_000;
export const UPDATER_STATUS_POLL_MS = 1000;
export const DASHBOARD_UPDATE_STATUS_POLL_MS = 2000;
export const UPDATE_PROMPT_COUNTDOWN_S = 900;
/** Spec study 9: max_update_attempts for a test that needs newer content. */
export const MAX_UPDATE_ATTEMPTS = 2;
/** How long without input before the UPDATES AVAILABLE prompt may show (the student is away). */
export const UPDATE_PROMPT_IDLE_MS = 60_000;

/** Legacy migration on licence activation (spec accounts 4 and 9): its status is polled every 2.5 s. */
export const LEGACY_MIGRATION_POLL_MS = 2500;

/**
 * The inactivity timing a device uses before the server has told it its own (schemas/auth.ts's
 * inactivitySettingsSchema, which re-exports this).
 */
export const INACTIVITY_DEFAULTS: { minutes: number; poll_seconds: number } = {
  minutes: INACTIVITY_DEFAULT_MINUTES,
  poll_seconds: INACTIVITY_POLL_MS / 1000,
};

/**
 * How many weights FSRS-6 has (ts-fsrs's default_w): a student's own weights are this many. Here,
 * not in rules/review-schedule.ts, so the pull's schema does not bring the scheduler with it.
 */
export const REVIEW_WEIGHT_COUNT = 21;
