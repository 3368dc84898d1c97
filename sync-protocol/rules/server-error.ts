/**
 * Spec study 8: "Server validation errors (a map of field to messages) are joined with line
 * breaks into a danger 'Error' notification; otherwise the message is shown. A message 'Session
 * expired' redirects to /login." The server says 'Session expired' when a request carries a
 * session that has ended; the page turns any error reply into one of these notices.
 */
import { z } from "zod";

export const SESSION_EXPIRED = "Session expired";
export const SERVER_ERROR_TITLE = "Error";

export type ServerErrorNotice =
  | { kind: "sign-in" }
  | { kind: "notify"; type: "danger"; title: typeof SERVER_ERROR_TITLE; text: string };

/** The validation map of an error reply's details: field -> messages. */
const validationDetails = z.object({ fields: z.record(z.string(), z.array(z.string())) });

export function serverErrorNotice(message: string, details?: unknown): ServerErrorNotice {
  if (message.trim() === SESSION_EXPIRED) return { kind: "sign-in" };
  const map = validationDetails.safeParse(details);
  const lines = map.success ? Object.values(map.data.fields).flat() : [];
  return { kind: "notify", type: "danger", title: SERVER_ERROR_TITLE, text: lines.length ? lines.join("\n") : message };
}
