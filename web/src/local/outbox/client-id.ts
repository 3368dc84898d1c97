import { getMeta, type UserDb } from "../store/db.ts";

/**
 * The client id of this account's database on this device; made once. A module of its own: the
 * session makes it at sign-in, without the outbox's templates.
 */
export async function clientIdOf(db: UserDb): Promise<string> {
  const existing = await getMeta<string>(db, "clientId");
  if (existing) return existing;
  return db.transaction("rw", db.meta, async () => {
    const again = await getMeta<string>(db, "clientId");
    if (again) return again;
    const id = crypto.randomUUID();
    await db.meta.put({ key: "clientId", value: id });
    return id;
  });
}
