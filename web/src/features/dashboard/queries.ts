import { useLiveQuery } from "dexie-react-hooks";
import type { LocalUserTest, UserDb } from "../../local/store/db.ts";

export function useRecentTests(db: UserDb, limit = 8): LocalUserTest[] | undefined {
  return useLiveQuery(() => db.userTests.orderBy("started").reverse().limit(limit).toArray(), [db, limit]);
}
