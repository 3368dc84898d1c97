import type { Generated, Kysely, Transaction } from "kysely";

/**
 * Kysely table types. Portable across SQLite and PostgreSQL: booleans are 0/1 integers,
 * timestamps ISO-8601 text, structured values JSON text, generated ids uuids.
 */
export interface Database {
  feedback: FeedbackTable;
  feedback_screenshots: FeedbackScreenshotsTable;
  bug_reports: BugReportsTable;
  client_errors: ClientErrorsTable;
  users: UsersTable;
  classes: ClassesTable;
  sessions: SessionsTable;
  syllabi: SyllabiTable;
  subjects: SubjectsTable;
  syllabus_nodes: SyllabusNodesTable;
  learning_objectives: LearningObjectivesTable;
  questions: QuestionsTable;
  question_versions: QuestionVersionsTable;
  lessons: LessonsTable;
  modules: ModulesTable;
  module_parts: ModulePartsTable;
  progress_tests: ProgressTestsTable;
  authorities: AuthoritiesTable;
  user_tests: UserTestsTable;
  user_test_questions: UserTestQuestionsTable;
  answers: AnswersTable;
  mutations: MutationsTable;
  client_cursors: ClientCursorsTable;
  question_stats: QuestionStatsTable;
  question_stats_pending: QuestionStatsPendingTable;
  flags: FlagsTable;
  question_notes: QuestionNotesTable;
  question_review_marks: QuestionReviewMarksTable;
  seen_in_exam: SeenInExamTable;
  question_reports: QuestionReportsTable;
  reviews: ReviewsTable;
  user_settings: UserSettingsTable;
  user_activity: UserActivityTable;
  fixed_tests: FixedTestsTable;
  fixed_test_access: FixedTestAccessTable;
  fixed_test_classes: FixedTestClassesTable;
  server_settings: ServerSettingsTable;
  user_change_counters: UserChangeCountersTable;
  course_dates: CourseDatesTable;
  content_releases: ContentReleasesTable;
  content_packs: ContentPacksTable;
  module_restrictions: ModuleRestrictionsTable;
  lesson_progress: LessonProgressTable;
  email_preferences: EmailPreferencesTable;
  progress_resets: ProgressResetsTable;
  review_weights: ReviewWeightsTable;
  schools: SchoolsTable;
  licence_types: LicenceTypesTable;
  account_tokens: AccountTokensTable;
  mail_outbox: MailOutboxTable;
  mail_requests: MailRequestsTable;
  user_subscriptions: UserSubscriptionsTable;
  currencies: CurrenciesTable;
  subscription_types: SubscriptionTypesTable;
  subscription_prices: SubscriptionPricesTable;
  vouchers: VouchersTable;
  voucher_redemptions: VoucherRedemptionsTable;
  checkouts: CheckoutsTable;
  payment_events: PaymentEventsTable;
  rate_limits: RateLimitsTable;
  pushes_running: PushesRunningTable;
  licence_keys: LicenceKeysTable;
  licence_activations: LicenceActivationsTable;
}

/** The database, or a transaction on it: reads run on either. */
export type Db = Kysely<Database> | Transaction<Database>;

export type Flag = 0 | 1;

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  firstname: string;
  lastname: string;
  role: "student" | "maintenance" | "instructor";
  syllabus_id: number | null;
  class_id: string | null;
  /** An instructor's school (migration 0025); null for every other role. */
  school_id?: number | null;
  subscription_start: string | null;
  subscription_end: string | null;
  created_at: string;
  /** The student's change number when this row last changed (migration 0004; set by a trigger). */
  change_seq: Generated<number>;
  /** Update mode (spec): 0 automatic, 1 manual (migration 0007). */
  manual_update: Generated<Flag>;
  /** JSON list of the email preference ids the student chose (migration 0007). */
  email_preferences: Generated<string>;
  /** 0 until the activation link is followed (migration 0009). */
  active: Generated<Flag>;
  /** The school's number for a class's student (spec: student_id). */
  student_id: string | null;
  /** Linked to an offline installation: told to edit in the online product (spec). */
  offline_account: Generated<Flag>;
  /** 8 digits naming the account on its licence, given with its first licence key (migration 0013). */
  account_number: Generated<string | null>;
}

export interface ClassesTable {
  id: string;
  name: string;
  school_id: number | null;
}

/** A school (migration 0009); open_registration = 1 makes it one of the "allowed schools". */
export interface SchoolsTable {
  id: number;
  name: string;
  open_registration: Generated<Flag>;
}

/** Licence types (spec: id, code), e.g. ATPL(A). */
export interface LicenceTypesTable {
  id: number;
  code: string;
  title: string;
}

/** Single-use, expiring tokens mailed to a student; `id` is the sha256 of the token, never the token. */
export interface AccountTokensTable {
  id: string;
  user_id: string;
  purpose: "activation" | "password_reset" | "password_reset_code" | "email_change";
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** Wrong tries of an offline reset code. */
  attempts: Generated<number>;
  /** The address an e-mail change moves to. */
  new_email: string | null;
}

/** Mails written with the change that sends them, delivered after commit (and retried). */
export interface MailOutboxTable {
  id: string;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  created_at: string;
  next_attempt_at: string;
  /** A sender holds the row until then, so two instances never send it twice at once. */
  claimed_until: string | null;
  sent_at: string | null;
  attempts: Generated<number>;
  last_error: string | null;
}

/** The last mail request of a kind for an address (one a minute). */
export interface MailRequestsTable {
  email: string;
  kind: string;
  requested_at: string;
}

/** Each subscription a student held (spec: userSubscriptions, length in days, start, end). */
export interface UserSubscriptionsTable {
  id: string;
  user_id: string;
  kind: "free_trial" | "purchase" | "voucher" | "licence" | "school";
  length_days: number;
  start_date: string;
  end_date: string | null;
  created_at: string;
  change_seq: Generated<number>;
}

/** What is sold (issue 15): currencies, subscription types and their prices in minor units. */
export interface CurrenciesTable {
  id: number;
  code: string;
  name: string;
  is_default: Flag;
}

export interface SubscriptionTypesTable {
  id: number;
  description: string;
  length_days: number;
  position: number;
  active: Flag;
}

export interface SubscriptionPricesTable {
  subscription_type_id: number;
  currency_id: number;
  amount_minor: number;
}

/** A discount (percent) or free days, valid from/until (ISO instants), at most max_redemptions times. */
export interface VouchersTable {
  id: number;
  code: string;
  kind: "discount" | "free_days";
  percent: number | null;
  days: number | null;
  valid_from: string;
  valid_until: string;
  max_redemptions: number | null;
  created_at: string;
}

/** One per voucher and account (unique): a voucher is single use per account. */
export interface VoucherRedemptionsTable {
  voucher_id: number;
  user_id: string;
  redeemed_at: string;
  checkout_id: string | null;
}

export type CheckoutStatus = "pending" | "paid" | "declined" | "cancelled" | "expired";

/** A purchase sent to the payment provider, with the amount the server computed. */
export interface CheckoutsTable {
  id: string;
  user_id: string;
  subscription_type_id: number;
  currency_id: number;
  amount_minor: number;
  voucher_id: number | null;
  provider: string;
  provider_id: string | null;
  status: CheckoutStatus;
  created_at: string;
  updated_at: string;
  user_subscription_id: string | null;
}

/** Each webhook event applied, by the provider's event id (a replay changes nothing). */
export interface PaymentEventsTable {
  provider: string;
  event_id: string;
  type: string;
  received_at: string;
  checkout_id: string | null;
}

export interface SessionsTable {
  /** sha256 of the cookie token, never the token itself. */
  id: string;
  user_id: string;
  created_at: string;
  last_seen_at: string;
  ended_at: string | null;
  ended_reason: string | null;
}

export interface SyllabiTable {
  id: number;
  title: string;
  licence: string;
  /** The school offering it (migration 0009). */
  school_id: number | null;
  licence_type_id: number | null;
  /** Shown under the syllabus when it is chosen (spec: warning). */
  warning: string | null;
  edition: "pre2020" | "2020";
  include_examples: Flag;
  active: Flag;
}

export interface SubjectsTable {
  code: string;
  title: string;
}

export interface SyllabusNodesTable {
  code: string;
  subject: string;
  title: string;
  level: number;
}

export interface LearningObjectivesTable {
  code: string;
  subject: string;
  text: string;
  courses: string;
}

export interface QuestionsTable {
  id: number;
  subject: string;
  syllabus_code: string;
  current_version: number;
  example: Flag;
  editions: string;
  added: string;
  retired_at: string | null;
  /** A school's own question (migration 0011): in no bank; reaches students only through that school's fixed tests. */
  school_id?: number | null;
}

export interface QuestionVersionsTable {
  question_id: number;
  version: number;
  /** The bank question as JSON, answers and their correctness included. */
  content: string;
  created_at: string;
}

export interface LessonsTable {
  id: number;
  subject: string;
  code: string;
  title: string;
  pages: string;
  learning_objectives: string;
}

export interface ModulesTable {
  id: number;
  syllabus_id: number;
  title: string;
  position: number;
  prerequisite_module_id: number | null;
}

export interface ModulePartsTable {
  id: number;
  module_id: number;
  position: number;
  type: "lesson" | "progress_test";
  lesson_id: number | null;
  progress_test_id: number | null;
}

export interface ProgressTestsTable {
  id: number;
  title: string;
  subject: string;
  question_ids: string;
  pass_percentage: number | null;
  time_limit: number | null;
  /** An initial attempt is allowed before the required lessons are complete (migration 0006). */
  allow_initial_attempt: Generated<Flag>;
  /** Minutes to wait after a failed attempt; null for none (migration 0006). */
  retry_interval_minutes: number | null;
}

export interface AuthoritiesTable {
  id: string;
  title: string;
  group_name: string;
  position: number;
}

export interface UserTestsTable {
  id: string;
  user_id: string;
  title: string;
  test_type: string;
  display_answers: string;
  time_limit: number | null;
  pass_percentage: number | null;
  started: string;
  created_at: string;
  finished_at: string | null;
  score: number | null;
  total_score: number;
  percentage: number | null;
  pass: Flag | null;
  /** How the test ended; null while it runs. */
  ended: "finished" | "abandoned" | "time_expired" | null;
  can_retake: Flag;
  hide_results: Flag;
  /** The earlier test this one retakes. */
  retake_of: string | null;
  /** The position last served by POST /test/current/question (its reload form returns there). */
  last_position: number;
  /** The fixed test this test was taken from (test_type "exam"); null for every other test. */
  fixed_test_id: number | null;
  /** The school hides the answers: no review, the results go to the school. Defaults to 0. */
  hide_answers: Generated<Flag>;
  /** The student's change number when this row last changed (migration 0004; set by a trigger). */
  change_seq: Generated<number>;
  /** The progress test this test was taken of (migration 0006); null for every other test. */
  progress_test_id?: number | null;
  /** When the test began on the server's clock (migration 0011); timed answers are judged from it. */
  server_started_at?: string | null;
}

export interface UserTestQuestionsTable {
  user_test_id: string;
  position: number;
  question_id: number;
  /** The version the test was built with: later edits never change this test's results. */
  question_version: number;
  /** 1 once the question was served during the test. */
  accessed: Flag;
  /** The latest applied answer to this test question (created_at, then received_at, then id): kept by saveAnswers. */
  latest_answer_id: string | null;
  latest_correct: number | null;
  latest_created_at: string | null;
  latest_received_at: string | null;
  /** The student's comment on this question of an exam (migration 0023); null: none. */
  comment?: string | null;
  /** The time of the intent that last wrote the comment (the latest intent wins). */
  comment_updated_at?: string | null;
}

/** Append-only: every answer a student gave, applied or kept on record. */
export interface AnswersTable {
  id: string;
  user_id: string;
  user_test_id: string;
  question_id: number;
  question_version: number;
  given: string;
  answered: Flag;
  correct: Flag | null;
  /** 1 when it counts; 0 when kept on record only (e.g. it arrived after the test was finished). */
  applied: Flag;
  reason: string | null;
  mutation_id: string | null;
  created_at: string;
  received_at: string;
  /** The student's change number when this row last changed (migration 0004; set by a trigger). */
  change_seq: Generated<number>;
}

export interface MutationsTable {
  user_id: string;
  id: string;
  client_id: string;
  seq: number;
  call: string;
  status: "applied" | "failed";
  reply: string;
  received_at: string;
}

export interface ClientCursorsTable {
  client_id: string;
  user_id: string;
  last_seq: number;
  updated_at: string;
  /** High-water mark of pruning: the client's applied mutation rows with seq <= this are gone (SR23). */
  pruned_seq: Generated<number>;
  /** The greatest id (lower-case) among the pruned rows; null while nothing is pruned. */
  pruned_max_id: string | null;
}

/** Per question, the latest applied answer of each test question: how many, how many correct, last arrival. */
export interface QuestionStatsTable {
  question_id: number;
  answered: number;
  sum_correct: number;
  updated: string | null;
}

/** Statistics deltas appended by pushes on PostgreSQL, folded into question_stats (migration 0020). */
export interface QuestionStatsPendingTable extends QuestionStatsTable {
  id: Generated<number>;
}

/** The student's flag on a question: the latest intent wins (updated_at is the intent's time). */
export interface FlagsTable {
  user_id: string;
  question_id: number;
  flagged: Flag;
  updated_at: string;
  /** The student's change number when this row last changed (migration 0004; set by a trigger). */
  change_seq: Generated<number>;
}

/** A student's note on a question (migration 0022); "" once cleared, kept so older writes stay beaten. */
export interface QuestionNotesTable {
  user_id: string;
  question_id: number;
  text: string;
  /** The time of the write that set it (the device's, never later than the server's). */
  updated_at: string;
  /** The student's change number when this row last changed (set by a trigger). */
  change_seq: Generated<number>;
}

/** A student's mark for review on a question (migration 0027); 0 once taken off, kept so older writes stay beaten. */
export interface QuestionReviewMarksTable {
  user_id: string;
  question_id: number;
  marked: Flag;
  /** The time of the write that set it (the device's, never later than the server's). */
  updated_at: string;
  /** The student's change number when this row last changed (set by a trigger). */
  change_seq: Generated<number>;
}

/** A report that a question was seen in an exam; the id is the device's uuid. */
export interface SeenInExamTable {
  id: string;
  user_id: string;
  question_id: number;
  /** YYYY-MM */
  date_seen: string;
  authority_id: string;
  created_at: string;
  /** The student's change number when this row last changed (migration 0004; set by a trigger). */
  change_seq: Generated<number>;
}

/** A report of an error in a question (issue 19; migration 0023): one row per device report id. */
export interface QuestionReportsTable {
  id: string;
  user_id: string;
  question_id: number;
  /** The version of the question the student saw. */
  question_version: number;
  /** The student's test it was reported from, if any. */
  user_test_id: string | null;
  category: string;
  description: string;
  /** open, resolved or dismissed (the content team's). */
  status: Generated<string>;
  /** The time of the student's intent (never later than the server's clock). */
  created_at: string;
  received_at: string;
  resolved_at: string | null;
  resolved_by: string | null;
}

/** A question of a finished test the student looked at in the results review (first view kept). */
export interface ReviewsTable {
  user_id: string;
  user_test_id: string;
  question_id: number;
  viewed_at: string;
  /** The student's change number when this row last changed (migration 0004; set by a trigger). */
  change_seq: Generated<number>;
}

export interface UserSettingsTable {
  user_id: string;
  /** Zoom in tenths (10 = 1.0 … 18 = 1.8); null when never set. */
  zoom_tenths: number | null;
  zoom_updated_at: string | null;
  /** Time of the latest "unflag all" intent; flag intents older than it do not apply. */
  flags_cleared_at: string | null;
  updated_at: string;
  /** The student's change number when this row last changed (migration 0004; set by a trigger). */
  change_seq: Generated<number>;
}

export interface UserActivityTable {
  user_id: string;
  last_active_at: string;
}

/** A test a school sets (spec: fixed tests); the student's attempts are user_tests rows. */
export interface FixedTestsTable {
  id: number;
  syllabus_id: number;
  title: string;
  /** JSON list of question ids, in the school's order. */
  question_ids: string;
  time_limit: number | null;
  pass_percentage: number | null;
  /** Attempts allowed per student; 0 means no limit. */
  attempts: number;
  /** A password hash as for user passwords (password.ts); null when no password is needed. */
  password_hash: string | null;
  hide_results: Flag;
  hide_answers: Flag;
  disabled_reason: string | null;
  position: number;
  /** The school that set it (migration 0026); null for a syllabus-wide test. */
  school_id?: number | null;
  /** When it may first be started / last be started (ISO time); null for no bound (migration 0026). */
  opens_at?: string | null;
  closes_at?: string | null;
  /** The instructor who set it and when it last changed (migration 0026). */
  created_by?: string | null;
  updated_at?: string | null;
}

/** The classes a school's fixed test is assigned to (migration 0026). */
export interface FixedTestClassesTable {
  fixed_test_id: number;
  class_id: string;
}

/** A student gave a fixed test's password online; starts queued later (offline too) rely on it. */
export interface FixedTestAccessTable {
  user_id: string;
  fixed_test_id: number;
  /** The hash the password was checked against; a changed password needs a new check. */
  password_hash: string;
  granted_at: string;
}

/** Server-wide settings by key (e.g. hide_fixed_results = "1"). */
export interface ServerSettingsTable {
  key: string;
  value: string;
}

/** Each student's last change number; see migration 0004 (post-login sync cursors). */
export interface UserChangeCountersTable {
  user_id: string;
  last_seq: number;
}

/** Start and end of a module of the course, set for a class or for one student. */
export interface CourseDatesTable {
  id: string;
  class_id: string | null;
  user_id: string | null;
  module_id: number;
  /** YYYY-MM-DD */
  start_date: string;
  end_date: string;
}

/** One publish of content (migration 0005): every import that changed something is a release. */
export interface ContentReleasesTable {
  version: number;
  published_at: string;
  source: string;
  summary: string;
}

/** A gzipped content pack of one syllabus and subject, full or delta (migration 0005). */
export interface ContentPacksTable {
  id: string;
  syllabus_id: number;
  subject: string;
  kind: "full" | "delta";
  version: number;
  base_version: number | null;
  size: number;
  sha256: string;
  question_count: number;
  retired_count: number;
  question_index: string | null;
  content_hash: string | null;
  reference_hash: string | null;
  images: string | null;
  bytes: Uint8Array;
  created_at: string;
}

/** The email preferences a student may choose (spec: id, type, text; migration 0007). */
export interface EmailPreferencesTable {
  id: number;
  type: string;
  text: string;
  position: number;
}

/** The lessons a module's progress test requires (spec: restrictions keyed by progress-test id; migration 0006). */
export interface ModuleRestrictionsTable {
  module_id: number;
  progress_test_id: number;
  lesson_id: number;
  position: number;
}

/** How far a student read a lesson: the highest page opened; complete once it is the last (migration 0006). */
export interface LessonProgressTable {
  user_id: string;
  lesson_id: number;
  page: number;
  completed: Flag;
  updated_at: string;
  /** The student's change number when this row last changed (set by a trigger). */
  change_seq: Generated<number>;
}

/** A reset of a subject's progress (migration 0008); the id is the reset's mutation id. */
/** A student's own FSRS weights for the review schedule (migration 0024). */
export interface ReviewWeightsTable {
  user_id: string;
  /** JSON array of REVIEW_WEIGHT_COUNT numbers. */
  weights: string;
  reviews: number;
  fitted_at: string;
  /** The student's change number when this row last changed (set by a trigger). */
  change_seq: Generated<number>;
}

export interface ProgressResetsTable {
  id: string;
  user_id: string;
  /** The subject's code, e.g. 010. */
  subject_id: string;
  /** The reset intent's time (ISO 8601): the graphs count the subject's answers from then on. */
  reset_at: string;
  /** The student's change number when this row last changed (set by a trigger). */
  change_seq: Generated<number>;
}

/** A brute-force counter (migration 0010): failures in the window that started at `window_started_at`. */
export interface RateLimitsTable {
  bucket: string;
  failures: number;
  window_started_at: string;
  last_failure_at: string;
}

/** A push being applied just now (migration 0018): GET /sync/check's is_syncing on every instance. */
export interface PushesRunningTable {
  id: string;
  user_id: string;
  started_at: string;
}

/** A licence key (migration 0013): 16 characters A-Z0-9 without dashes, issued to one account. */
export interface LicenceKeysTable {
  key: string;
  licence_type_id: number;
  user_id: string;
  /** How many installations may hold it. */
  seats: number;
  /** The last day it is valid (YYYY-MM-DD); null: no expiry. */
  expires_at: string | null;
  /** Days of subscription the key's first activation adds (kind 'licence'); null: none. */
  subscription_days: number | null;
  created_at: string;
  note: string | null;
}

/** An installation holding a seat of a licence key; one row per key and installation. */
export interface LicenceActivationsTable {
  licence_key: string;
  user_id: string;
  install_reference: string;
  activated_at: string;
}

/** A student's feedback (migration 0014): the text, and where in the app it was given. */
export interface FeedbackTable {
  id: string;
  user_id: string;
  text: string;
  page: string | null;
  app_version: string | null;
  created_at: string;
}

/** One screenshot of a feedback: its bytes and the image type its first bytes show. */
export interface FeedbackScreenshotsTable {
  id: string;
  feedback_id: string;
  /** Its place among the feedback's screenshots, from 0. */
  position: number;
  type: string;
  bytes: Uint8Array;
  size: number;
}

/** A bug report (migration 0015): the details, the device data (gzip) and the device's log. */
export interface BugReportsTable {
  id: string;
  user_id: string;
  details: string;
  page: string | null;
  app_version: string | null;
  user_agent: string | null;
  export_gz: Uint8Array;
  export_bytes: number;
  export_unpacked_bytes: number;
  /** JSON text: the log lines. */
  log: string;
  log_lines: number;
  created_at: string;
}

/** A page's error as the device reported it (migration 0016). */
export interface ClientErrorsTable {
  id: string;
  user_id: string;
  kind: string;
  message: string;
  stack: string | null;
  page: string | null;
  count: number;
  occurred_at: string;
  app_version: string | null;
  user_agent: string | null;
  received_at: string;
}
