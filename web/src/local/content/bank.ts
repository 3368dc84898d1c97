/** Keeps the account's question bank on the device, re-downloading only when it changed. */
import { contentRoutes } from "@preflight/sync-protocol/routes/content";
import { callResponse } from "../api.ts";
import { archiveKey, getMeta, type LocalQuestion, type UserDb } from "../store/db.ts";
import { imageUrlsOf, warmImageCache } from "./cache.ts";

const CHUNK = 2000;

export async function refreshBank(db: UserDb): Promise<{ updated: boolean; count: number }> {
  const version = await getMeta<string>(db, "bankVersion");
  const response = await callResponse(contentRoutes.bank, {
    headers: version ? { "If-None-Match": `"${version}"` } : {},
    globalPolicy: false,
  });
  if (response.notModified) {
    // Only when an earlier fill did not finish: reading the whole bank on every open is costly.
    if ((await getMeta<string>(db, "imagesCachedFor")) !== version)
      void fillImageCache(db, version as string, await db.questions.toArray());
    return { updated: false, count: await db.questions.count() };
  }
  const body = response.reply;
  // Questions that left the bank stay on the device: tests taken with them must still read.
  await db.transaction("rw", db.questions, db.meta, db.questionArchive, async () => {
    // Keep the version a test was taken with before the newer one replaces it.
    const previous = await db.questions.bulkGet(body.questions.map((q) => q.id));
    const replaced = previous.filter(
      (old, i): old is LocalQuestion => old !== undefined && old.version !== body.questions[i]?.version,
    );
    if (replaced.length)
      await db.questionArchive.bulkPut(replaced.map((q) => ({ key: archiveKey(q.id, q.version), question: q })));
    for (let i = 0; i < body.questions.length; i += CHUNK)
      await db.questions.bulkPut(body.questions.slice(i, i + CHUNK));
    await db.meta.put({ key: "bankVersion", value: body.version });
    await db.meta.put({ key: "subjects", value: body.subjects });
  });
  void fillImageCache(db, body.version, body.questions);
  return { updated: true, count: body.questions.length };
}

/** Caches the bank's images; remembers the bank version once every image is in the cache. */
async function fillImageCache(db: UserDb, version: string, questions: LocalQuestion[]): Promise<void> {
  const stillMissing = await warmImageCache(imageUrlsOf(questions)).catch(() => -1);
  if (stillMissing === 0) await db.meta.put({ key: "imagesCachedFor", value: version });
}
