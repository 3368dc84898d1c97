/**
 * Sending feedback, and keeping it on the device while offline (the modal: app/feedback/). The outbox carries JSON writes
 * only, so feedback (text and image blobs) waits in its own store (`pendingFeedback`) and is
 * sent, oldest first, when the app starts and when the network returns. Each keeps the id it
 * was given, so a send whose reply was lost is stored once by the server.
 */
import { currentDate, platformFetch } from "../../platform.ts";
import { loadErrorBodySchema, routeEntry } from "../api.ts";
import type { PendingFeedback, UserDb } from "../store/db.ts";

export type SendOutcome =
  | { kind: "sent" }
  /** The server refused it (its message); sending it again would not help. */
  | { kind: "refused"; message: string }
  /** No answer, or the server could not take it now: worth trying later. */
  | { kind: "unreachable" };

/** One POST /feedback of this feedback, as multipart. */
export async function sendFeedback(feedback: PendingFeedback): Promise<SendOutcome> {
  const form = new FormData();
  form.set("id", feedback.id);
  form.set("feedback", feedback.text);
  form.set("page", feedback.page);
  for (const [i, shot] of feedback.screenshots.entries()) form.append("screenshots[]", shot, `screenshot-${i + 1}.jpg`);
  let res: Response;
  let entry: Awaited<ReturnType<typeof routeEntry<"feedback">>>;
  try {
    // The catalogue's entry comes with the first call rather than the page (api.ts).
    entry = await routeEntry("feedback");
    res = await platformFetch(entry.path, {
      method: "POST",
      credentials: "same-origin",
      body: form,
    });
  } catch {
    return { kind: "unreachable" };
  }
  const body: unknown = await res.json().catch(() => null);
  if (res.ok && entry.reply.safeParse(body).success) return { kind: "sent" };
  if (res.status >= 500 || res.status === 408 || res.status === 429) return { kind: "unreachable" };
  const error = (await loadErrorBodySchema())?.safeParse(body);
  return { kind: "refused", message: error?.success ? error.data.error.message : `HTTP ${res.status}` };
}

export function newFeedback(text: string, screenshots: Blob[], page: string): PendingFeedback {
  return { id: crypto.randomUUID(), text, screenshots, page, createdAt: currentDate().toISOString() };
}

export async function queueFeedback(db: UserDb, feedback: PendingFeedback): Promise<void> {
  await db.pendingFeedback.put(feedback);
}

let sending: Promise<number> | null = null;

/**
 * Sends every waiting feedback, oldest first; stops at the first that cannot reach the server.
 * A refused one is dropped (and logged). Answers how many were sent. One run at a time.
 */
export function sendPendingFeedback(db: UserDb): Promise<number> {
  sending ??= (async () => {
    let sent = 0;
    try {
      for (const feedback of await db.pendingFeedback.orderBy("createdAt").toArray()) {
        const outcome = await sendFeedback(feedback);
        if (outcome.kind === "unreachable") break;
        if (outcome.kind === "refused") console.warn("queued feedback refused:", outcome.message);
        else sent++;
        await db.pendingFeedback.delete(feedback.id);
      }
    } finally {
      sending = null;
    }
    return sent;
  })();
  return sending;
}

/** Sends waiting feedback now and whenever the network returns; answers the stop function. */
export function startFeedbackSender(db: UserDb): () => void {
  const run = () => void sendPendingFeedback(db).catch((err: unknown) => console.warn("feedback send failed", err));
  run();
  window.addEventListener("online", run);
  return () => window.removeEventListener("online", run);
}
