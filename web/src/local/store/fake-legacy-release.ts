/**
 * An older release's device data, for the legacy migration's tests: an account's database at
 * schema version 1 (db.ts's first stores, before flags, archives and test endings) and the
 * device database at version 1 (accounts not yet found by e-mail), with records in every table.
 */
import { Dexie } from "dexie";

export const LEGACY_USER_ID = "0b5e7d2c-1111-4aaa-8bbb-000000000042";
export const LEGACY_USER_DB = `preflight-user-${LEGACY_USER_ID}`;

/** db.ts's version 1 stores, as the first release declared them. */
export const USER_DB_V1_STORES = {
  questions: "id, subject, syllabus_code",
  userTests: "id, started, finished",
  answers: "key, testId",
  outbox: "seq, id, status",
  notices: "id, seen",
  meta: "key",
};

const CLIENT_ID = "6f1c2a4e-0000-4000-8000-00000000c11e";

/** The records of the old account database, by table. */
export const LEGACY_USER_RECORDS = {
  questions: [
    { id: 10001, subject: "010", syllabus_code: "010.01.01", version: 1, text: "Old question one" },
    { id: 10002, subject: "010", syllabus_code: "010.01.02", version: 1, text: "Old question two" },
  ],
  userTests: [
    // Written before tests had an end, retakes or question versions.
    {
      id: "legacy-test-finished",
      title: "Air Law practice",
      test_type: "quiz",
      question_ids: [10001, 10002],
      started: "2025-03-01T10:00:00.000Z",
      finished: "2025-03-01T10:20:00.000Z",
      position: 2,
    },
    {
      id: "legacy-test-open",
      title: "Air Law quiz",
      test_type: "quiz",
      question_ids: [10002],
      started: "2025-03-02T09:00:00.000Z",
      finished: null,
      position: 0,
    },
  ],
  answers: [
    {
      key: "legacy-test-finished:10001",
      testId: "legacy-test-finished",
      questionId: 10001,
      given: [1000101],
      correct: true,
      savedAt: "2025-03-01T10:05:00.000Z",
    },
    {
      key: "legacy-test-finished:10002",
      testId: "legacy-test-finished",
      questionId: 10002,
      given: [1000203],
      correct: false,
      savedAt: "2025-03-01T10:10:00.000Z",
    },
  ],
  outbox: [
    {
      seq: 7,
      id: "0193a000-0000-7000-8000-000000000007",
      clientId: CLIENT_ID,
      userId: LEGACY_USER_ID,
      createdAt: "2025-03-02T09:01:00.000Z",
      call: "POST /test/current/save",
      body: { user_test_id: "legacy-test-open", question_id: 10002, answers: [1000201] },
      status: "pending",
      attempts: 0,
      lastError: null,
    },
  ],
  notices: [
    {
      id: "notice-1",
      createdAt: "2025-03-01T11:00:00.000Z",
      kind: "refused",
      code: "bad_request",
      message: "Refused",
      call: "POST /zoom",
      seen: 0,
    },
  ],
  meta: [
    { key: "clientId", value: CLIENT_ID },
    { key: "nextSeq", value: 8 },
  ],
};

export const LEGACY_DEVICE_RECORDS = {
  session: [] as unknown[],
  accounts: [
    { userId: LEGACY_USER_ID, email: "Legacy.Student@Preflight.TEST", lastSignedInAt: "2025-03-02T09:00:00.000Z" },
  ],
};

/** Writes the old release's two databases the way it wrote them (schema version 1 of each). */
export async function writeLegacyRelease(): Promise<void> {
  const user = new Dexie(LEGACY_USER_DB);
  user.version(1).stores(USER_DB_V1_STORES);
  await user.open();
  for (const [table, rows] of Object.entries(LEGACY_USER_RECORDS)) await user.table(table).bulkPut(rows);
  user.close();
  const device = new Dexie("preflight");
  device.version(1).stores({ session: "key", accounts: "userId" });
  await device.open();
  await device.table("accounts").bulkPut(LEGACY_DEVICE_RECORDS.accounts);
  device.close();
}
