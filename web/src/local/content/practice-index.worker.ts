/**
 * Builds the practice builder's index off the page's thread (practice-index.ts,
 * `refreshPracticeIndexOffThread`): the worker opens the account's database itself, builds the
 * index unless the kept one fits the bank, stores it, and says when it is done.
 */
import { userDb } from "../store/db.ts";
import { refreshPracticeIndex } from "./practice-index.ts";

export interface IndexRequest {
  userId: string;
}
export type IndexReply = { ok: true } | { ok: false; message: string };

self.onmessage = (event: MessageEvent<IndexRequest>) => {
  const db = userDb(event.data.userId);
  refreshPracticeIndex(db)
    .then(
      () => ({ ok: true }) satisfies IndexReply,
      (err: unknown) => ({ ok: false, message: err instanceof Error ? err.message : String(err) }) satisfies IndexReply,
    )
    .then((reply) => {
      db.close();
      self.postMessage(reply);
    });
};
