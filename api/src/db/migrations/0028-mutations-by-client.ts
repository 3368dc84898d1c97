import type { Kysely } from "kysely";

/**
 * A client's mutation rows by seq, for the prune of each push (sync/replay.ts, SR23): it deletes
 * the seqs the push acknowledged. Through the primary key (user_id, id) it read every row of the
 * student still in the index; on PostgreSQL that includes each pruned row until vacuum takes it,
 * about 17,000 entries for 50 rows after 5,000 answers, most of the push's statement. By
 * (client_id, seq) it reads the acknowledged range only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("mutations_client_seq").on("mutations").columns(["client_id", "seq"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("mutations_client_seq").execute();
}
