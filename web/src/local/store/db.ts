/**
 * The device's stores (IndexedDB through Dexie).
 *
 * - `preflight`: one small database per device: who is signed in, and which accounts have used it.
 * - `preflight-user-<userId>`: one database per account on the device, so a shared tablet keeps
 *   profiles apart and a profile can be deleted whole. It holds the downloaded bank, the
 *   student's own records, and the outbox of changes not yet on the server.
 */
import type { DisplayAnswers, TestType } from "@preflight/sync-protocol/rules/constants";
import type { WithheldQuestion } from "@preflight/sync-protocol/rules/withheld-answers";
import type { GivenAnswer } from "@preflight/sync-protocol/schemas/answer";
import type { UserSummary } from "@preflight/sync-protocol/schemas/auth";
import type { BankQuestion } from "@preflight/sync-protocol/schemas/content";
import type { ClientErrorKind } from "@preflight/sync-protocol/schemas/diagnostics";
import type { FixedTest } from "@preflight/sync-protocol/schemas/fixed";
import type { PulledLesson, PulledModule, PulledProgressTest } from "@preflight/sync-protocol/schemas/pull";
import type { QuestionReportCategory } from "@preflight/sync-protocol/schemas/question-comments";
import type { TestResult } from "@preflight/sync-protocol/schemas/test";
import { Dexie, type EntityTable, type Table, type Transaction } from "dexie";
import type { PasswordVerifier } from "../account/offline-verifier.ts";
import {
  type BankIndexRow,
  CONTENT_STORES,
  type InstalledPack,
  type LessonContent,
  type LocalLearningObjective,
  type LocalSyllabusNode,
  type PackChunk,
  type PackDownload,
  SUBJECT_OBJECTIVES_STORE,
  type SubjectObjectives,
  type UpdateRecord,
} from "../content/tables.ts";

export interface DeviceSession {
  key: "current";
  userId: string;
  user: UserSummary;
  signedInAt: string;
  /** Signed in with the network off against the device's verifier; the server has not seen it yet. */
  offline?: true;
}

export interface KnownAccount {
  userId: string;
  /** Lower case, as the server keeps it; indexed so an offline sign-in finds the account. */
  email: string;
  lastSignedInAt: string;
  /** The server's summary at the last sign-in here: an offline sign-in starts its session with it. */
  user?: UserSummary;
  /** A slow salted hash of the password of the last online sign-in here (`offline-verifier.ts`). */
  verifier?: PasswordVerifier;
}

/**
 * A page error (uncaught error, unhandled rejection or render error) waiting to be reported to
 * the server (local/diagnostics/error-reports.ts). Kept per device, not per account: an error
 * may happen signed out; it is sent once someone is signed in.
 */
export interface PendingError {
  id: string;
  /** The message and stack: the same error happening again is counted on this row. */
  key: string;
  kind: ClientErrorKind;
  message: string;
  stack: string | null;
  page: string | null;
  count: number;
  /** When it first happened (ISO 8601). */
  at: string;
  app_version: string | null;
}

export class DeviceDb extends Dexie {
  declare session: EntityTable<DeviceSession, "key">;
  declare accounts: EntityTable<KnownAccount, "userId">;
  declare pendingErrors: EntityTable<PendingError, "id">;
  constructor() {
    super("preflight");
    this.version(1).stores({ session: "key", accounts: "userId" });
    // Offline sign-in (schema version 2): accounts are found by e-mail and carry a verifier,
    // written at the next online sign-in; rows from before have none.
    this.version(2)
      .stores({ accounts: "userId, email" })
      .upgrade((tx) =>
        tx
          .table<KnownAccount, string>("accounts")
          .toCollection()
          .modify((account) => {
            account.email = account.email.toLowerCase();
          }),
      );
    // Page errors waiting to be reported (schema version 3).
    this.version(3).stores({ pendingErrors: "id, key, at" });
  }
}

export type LocalQuestion = BankQuestion & { version: number };

/**
 * A question as a test shows it: from the bank, or a school's own question whose answers the
 * school withholds (sync-protocol rules/withheld-answers.ts). Withheld ones live only in the
 * archive, so no practice test, search or flag list ever picks them.
 */
export type LocalShownQuestion = LocalQuestion | (WithheldQuestion & { version: number });

/** How a test ended: finished by the student, abandoned, or closed when its time ran out. */
export type TestEnd = "finished" | "abandoned" | "time_expired";

export interface LocalUserTest {
  id: string;
  title: string;
  test_type: TestType;
  display_answers: DisplayAnswers;
  time_limit: number | null;
  pass_percentage: number | null;
  question_ids: number[];
  /** The version of each question as the test was built (same order), kept for its results. */
  question_versions: number[];
  started: string;
  /** Set when the test ends on this device. */
  finished: string | null;
  ended: TestEnd | null;
  can_retake: boolean;
  hide_results: boolean;
  /** The test this one retakes, if any. */
  retake_of: string | null;
  /** The fixed test (type exam) this test was taken from; absent or null for every other test. */
  fixed_test_id?: number | null;
  /** The school hides the answers of this test: no review, the results go to the school. */
  hide_answers?: boolean;
  /** The progress test this test was taken of (types progress_test, progress_test_attempt). */
  progress_test_id?: number | null;
  /** The device's prediction, shown until the server's marking arrives. */
  predicted: TestResult | null;
  /** The server's marking: the decision that counts. */
  marked: TestResult | null;
  position: number;
}

/** The latest answer given on this device for one question of one test. */
export interface LocalAnswer {
  key: string;
  testId: string;
  questionId: number;
  given: GivenAnswer;
  /** Predicted from the local bank; the server re-grades. Null: the school withholds the answer. */
  correct: boolean | null;
  savedAt: string;
}

export type OutboxStatus = "pending" | "failed";

/**
 * One queued write. Example as stored:
 *   { seq: 12, id: "0193…", clientId: "6f1c…", userId: "a2…", createdAt: "2026-11-21T09:14:03.120Z",
 *     call: "POST /test/current/save", body: { user_test_id: "0193…", question_id: 10007, answers: [1000702] },
 *     status: "pending", attempts: 0 }
 */
export interface OutboxEntry {
  seq: number;
  id: string;
  clientId: string;
  userId: string;
  createdAt: string;
  call: string;
  body: unknown;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  /**
   * Failed before the server ever saw it (the request was refused whole, e.g. too large): the
   * drain sends a skip in its place so the server's count of this client moves past it.
   */
  needsSkip?: boolean;
}

/** A message for the student from the sync engine (e.g. a change the server refused). */
export interface Notice {
  id: string;
  createdAt: string;
  kind: "refused";
  code: string;
  message: string;
  call: string;
  seen: 0 | 1;
}

/** The student's flag on a question; the latest intent wins. */
export interface LocalFlag {
  questionId: number;
  flagged: boolean;
  updatedAt: string;
}

/**
 * The student's note on a question, plain text (sync-protocol rules/notes.ts); the latest write
 * wins. A cleared note is kept with empty text until the server's row says the same.
 */
export interface LocalNote {
  questionId: number;
  text: string;
  updatedAt: string;
}

/**
 * The student's mark for review on a question (sync-protocol rules/review-marks.ts); the latest
 * write wins. A mark taken off is kept (marked false) until the server's row says the same.
 */
export interface LocalReviewMark {
  questionId: number;
  marked: boolean;
  updatedAt: string;
}

/** A report that a question was seen in an exam (month YYYY-MM, authority id). */
export interface LocalSeenInExam {
  id: string;
  questionId: number;
  date_seen: string;
  authority: string;
  createdAt: string;
  /** The server's message once it has taken the report (study §8 shows it). */
  serverMessage?: string;
}

/**
 * The student's comment on a question of an exam (issue 19): keyed as the answer to the same
 * question of the same test (answerKey), sent with the test, editable until the test ends.
 */
export interface LocalTestComment {
  key: string;
  testId: string;
  questionId: number;
  text: string;
  updatedAt: string;
}

/**
 * A report of an error in a question (issue 19), kept on the device and sent through the outbox
 * (whether it was sent is read there: actions/question-comments.ts reportStates).
 */
export interface LocalQuestionReport {
  id: string;
  questionId: number;
  questionVersion: number;
  category: QuestionReportCategory;
  description: string;
  testId: string | null;
  createdAt: string;
}

/** A question of a finished test the student looked at in the results review. */
export interface LocalReview {
  key: string;
  testId: string;
  questionId: number;
  viewedAt: string;
}

/** Statistics over every student (spec: question.answered, sum_correct, updated). */
export interface LocalQuestionStats {
  questionId: number;
  answered: number;
  sum_correct: number;
  updated: string | null;
}

export interface LocalAuthority {
  id: string;
  title: string;
  group: string;
  position: number;
}

/** A question version a test was taken with, kept after the bank moved on to a newer one. */
export interface ArchivedQuestion {
  key: string;
  question: LocalShownQuestion;
}

export function archiveKey(id: number, version: number): string {
  return `${id}:${version}`;
}

/** A fixed test as downloaded ('Download tests'), with what the device needs to start it offline. */
export interface LocalFixedTest extends FixedTest {
  /** The school's order in the list. */
  position: number;
  /** The student's password was accepted online for this test (kept across downloads). */
  password_verified: boolean;
  downloadedAt: string;
}

/**
 * One answer record as the server keeps it (append-only; its id is the id of the save that made
 * it), pulled by the sync steps and merged by id. `answers` holds what the screens show.
 */
export interface LocalAnswerRecord {
  id: string;
  testId: string;
  questionId: number;
  questionVersion: number;
  given: GivenAnswer;
  correct: boolean | null;
  /** False when kept on record only (it arrived after the test was finished). */
  applied: boolean;
  createdAt: string;
  receivedAt: string;
}

/** A module of the student's syllabus, with its parts (pulled by the syllabus step). */
export type LocalModule = PulledModule;
/** A lesson's metadata (pulled by the syllabus step). */
export type LocalLesson = PulledLesson;
/** The start and end of a module of the student's course. */
export interface LocalCourseDate {
  moduleId: number;
  start: string;
  end: string;
}

/** How far the student read a lesson (the highest page opened); complete once it is the last. */
export interface LocalLessonProgress {
  lessonId: number;
  page: number;
  completed: boolean;
  updatedAt: string;
}
/**
 * A reset of a subject's progress (spec study 4): the analysis graphs of the subject count only
 * answers given from `resetAt` on. Its id is the id of the reset's mutation, so the row the
 * device writes and the one the server keeps (pulled by the user step) are the same row.
 */
export interface LocalProgressReset {
  id: string;
  subject: string;
  resetAt: string;
}

/** A progress test of the syllabus with its questions, retry interval and initial-attempt choice. */
export type LocalProgressTest = PulledProgressTest;

/** Feedback given offline, waiting to be sent (local/feedback/feedback-queue.ts). */
export interface PendingFeedback {
  /** The device's id for it; the server stores a resent id once. */
  id: string;
  text: string;
  /** Already scaled down on the device (JPEG). */
  screenshots: Blob[];
  /** The page it was given on. */
  page: string;
  createdAt: string;
}

export interface MetaRow {
  key: string;
  value: unknown;
}

/** The name of an account's database is this and its user id. */
export const USER_DB_PREFIX = "preflight-user-";

export class UserDb extends Dexie {
  declare questions: EntityTable<LocalQuestion, "id">;
  declare userTests: EntityTable<LocalUserTest, "id">;
  declare answers: EntityTable<LocalAnswer, "key">;
  declare outbox: EntityTable<OutboxEntry, "seq">;
  declare notices: EntityTable<Notice, "id">;
  declare meta: EntityTable<MetaRow, "key">;
  declare flags: EntityTable<LocalFlag, "questionId">;
  declare notes: EntityTable<LocalNote, "questionId">;
  declare reviewMarks: EntityTable<LocalReviewMark, "questionId">;
  declare seenInExam: EntityTable<LocalSeenInExam, "id">;
  declare reviews: EntityTable<LocalReview, "key">;
  declare questionStats: EntityTable<LocalQuestionStats, "questionId">;
  declare authorities: EntityTable<LocalAuthority, "id">;
  declare questionArchive: EntityTable<ArchivedQuestion, "key">;
  declare installedPacks: EntityTable<InstalledPack, "subject">;
  declare packDownloads: EntityTable<PackDownload, "packId">;
  declare packChunks: Table<PackChunk, [string, number]>;
  declare updateRecords: EntityTable<UpdateRecord, "id">;
  declare lessonContent: EntityTable<LessonContent, "id">;
  declare syllabusNodes: EntityTable<LocalSyllabusNode, "code">;
  declare learningObjectives: EntityTable<SubjectObjectives, "subject">;
  declare fixedTests: EntityTable<LocalFixedTest, "id">;
  declare answerRecords: EntityTable<LocalAnswerRecord, "id">;
  declare modules: EntityTable<LocalModule, "id">;
  declare lessons: EntityTable<LocalLesson, "id">;
  declare courseDates: EntityTable<LocalCourseDate, "moduleId">;
  declare lessonProgress: EntityTable<LocalLessonProgress, "lessonId">;
  declare progressTests: EntityTable<LocalProgressTest, "id">;
  declare progressResets: EntityTable<LocalProgressReset, "id">;
  declare pendingFeedback: EntityTable<PendingFeedback, "id">;
  declare bankIndexes: EntityTable<BankIndexRow, "key">;
  declare testComments: EntityTable<LocalTestComment, "key">;
  declare questionReports: EntityTable<LocalQuestionReport, "id">;
  constructor(userId: string) {
    super(`${USER_DB_PREFIX}${userId}`);
    declareVersions(this, USER_DB_VERSIONS);
  }
}

/** One schema version of a database: the stores it adds, changes or deletes (null), and its upgrade. */
export interface SchemaVersion {
  version: number;
  stores: Record<string, string | null>;
  upgrade?: (tx: Transaction) => PromiseLike<unknown> | undefined;
}

/**
 * Declares a database's schema history to Dexie: the versions with an upgrade, the version just
 * before each (an upgrade reads the tables as that version left them) and the latest, each with
 * the stores of the undeclared versions before it folded in. Dexie (since 3.0) upgrades a device
 * from whatever version it has installed through the declared ones, so the schema each declared
 * version ends with, and every upgrade, are as if all were declared; but it builds every declared
 * version's tables again at each declaration, and the account database's eighteen versions took
 * some 10 ms at every start, a fifth of the dashboard's first task on a slow tablet.
 */
export function declareVersions(db: Dexie, history: readonly SchemaVersion[]): void {
  const declared = new Set<number>();
  history.forEach((v, i) => {
    if (v.upgrade) {
      declared.add(v.version);
      const before = history[i - 1];
      if (before) declared.add(before.version);
    }
  });
  const latest = history.at(-1);
  if (latest) declared.add(latest.version);
  let folded: Record<string, string | null> = {};
  for (const v of history) {
    folded = { ...folded, ...v.stores };
    if (!declared.has(v.version)) continue;
    const version = db.version(v.version).stores(folded);
    if (v.upgrade) version.upgrade(v.upgrade);
    folded = {};
  }
}

/**
 * The account database's schema, version by version (declared to Dexie by `declareVersions`).
 * Versions need not be consecutive.
 */
export const USER_DB_VERSIONS: readonly SchemaVersion[] = [
  {
    version: 1,
    stores: {
      questions: "id, subject, syllabus_code",
      userTests: "id, started, finished",
      answers: "key, testId",
      outbox: "seq, id, status",
      notices: "id, seen",
      meta: "key",
    },
  },
  {
    version: 2,
    stores: {
      flags: "questionId, flagged, updatedAt",
      seenInExam: "id, questionId",
      reviews: "key, testId",
      questionStats: "questionId",
      authorities: "id, position",
    },
    upgrade: (tx) =>
      tx
        .table("userTests")
        .toCollection()
        .modify((test: Partial<LocalUserTest>) => {
          test.ended ??= test.finished ? "finished" : null;
          test.can_retake ??= true;
          test.hide_results ??= false;
          test.retake_of ??= null;
        }),
  },
  {
    version: 3,
    stores: { questionArchive: "key" },
    upgrade: (tx) =>
      tx
        .table("userTests")
        .toCollection()
        .modify((test: Partial<LocalUserTest>) => {
          // Tests from before versions were kept were built from the bank's first versions.
          test.question_versions ??= (test.question_ids ?? []).map(() => 1);
        }),
  },
  // Fixed tests downloaded for offline use.
  { version: 4, stores: { fixedTests: "id, position" } },
  // The post-login sync steps: answer records by id, and the syllabus details.
  {
    version: 5,
    stores: { answerRecords: "id, testId", modules: "id, position", lessons: "id, subject", courseDates: "moduleId" },
  },
  // Content packs: installed versions, resumable downloads, update records.
  { version: 6, stores: CONTENT_STORES },
  // The syllabus page: lesson progress and the syllabus's progress tests.
  { version: 8, stores: { lessonProgress: "lessonId", progressTests: "id" } },
  // Resets of a subject's progress for the analysis graphs.
  { version: 9, stores: { progressResets: "id, subject" } },
  // Feedback given offline, with its screenshots, waiting to be sent.
  { version: 10, stores: { pendingFeedback: "id, createdAt" } },
  // What is derived from the bank once, at install, and kept: the practice builder's index and
  // the lesson search index (content, so never in a device file).
  { version: 11, stores: { bankIndexes: "key" } },
  // A subject's learning objectives in one row instead of one row each (version 13): IndexedDB
  // cannot change a store's key in place, so version 12 takes the rows out (kept in meta
  // meanwhile, grouped by subject) and drops the store, and version 13 makes it again keyed by
  // subject and puts them back. Both run in the one upgrade of an older device.
  {
    version: 12,
    stores: { learningObjectives: null },
    upgrade: async (tx) => {
      const rows = await tx.table<LocalLearningObjective, string>("learningObjectives").toArray();
      await tx.table<MetaRow, string>("meta").put({ key: OBJECTIVES_MOVING_KEY, value: objectivesBySubject(rows) });
    },
  },
  {
    version: 13,
    stores: SUBJECT_OBJECTIVES_STORE,
    upgrade: async (tx) => {
      const meta = tx.table<MetaRow, string>("meta");
      const moving = (await meta.get(OBJECTIVES_MOVING_KEY))?.value as SubjectObjectives[] | undefined;
      if (moving?.length) await tx.table<SubjectObjectives, string>("learningObjectives").bulkPut(moving);
      await meta.delete(OBJECTIVES_MOVING_KEY);
    },
  },
  // The review queue keeps its schedule with what it was computed from, the latest own answer
  // among it (features/review/queries.ts).
  { version: 14, stores: { answers: "key, testId, savedAt" } },
  // ... and schedules again only the questions new answers of this device touch.
  { version: 15, stores: { answers: "key, testId, savedAt, questionId", answerRecords: "id, testId, questionId" } },
  // The student's notes on questions, synced like flags.
  { version: 16, stores: { notes: "questionId" } },
  // Comments on an exam's questions, and reports of errors in questions (issue 19). No other
  // index: a comment's key starts with its test's id (answerKey), and a student's reports are
  // few, so they are filtered.
  { version: 17, stores: { testComments: "key", questionReports: "id" } },
  // The student's marks for review on questions, synced like notes.
  { version: 18, stores: { reviewMarks: "questionId" } },
];

/** Where the upgrade to schema version 13 keeps the learning objectives between its two steps. */
const OBJECTIVES_MOVING_KEY = "learningObjectivesMoving";

/** Learning objectives grouped into one row per subject, in the order given. */
function objectivesBySubject(rows: readonly LocalLearningObjective[]): SubjectObjectives[] {
  const bySubject = new Map<string, LocalLearningObjective[]>();
  for (const row of rows) {
    const list = bySubject.get(row.subject);
    if (list) list.push(row);
    else bySubject.set(row.subject, [row]);
  }
  return [...bySubject].map(([subject, objectives]) => ({ subject, objectives }));
}

let device: DeviceDb | null = null;
export function deviceDb(): DeviceDb {
  device ??= new DeviceDb();
  return device;
}

const userDbs = new Map<string, UserDb>();

/** Whether this page has declared the account's database yet (`userDb` keeps one per account). */
export function hasUserDb(userId: string): boolean {
  return userDbs.has(userId);
}

export function userDb(userId: string): UserDb {
  let db = userDbs.get(userId);
  if (!db) {
    db = new UserDb(userId);
    userDbs.set(userId, db);
  }
  return db;
}

export async function getMeta<T>(db: UserDb, key: string): Promise<T | undefined> {
  return (await db.meta.get(key))?.value as T | undefined;
}

export function answerKey(testId: string, questionId: number): string {
  return `${testId}:${questionId}`;
}
