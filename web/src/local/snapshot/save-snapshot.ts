/**
 * The page's side of the saved dashboard (./dashboard-snapshot.ts): what is kept of the page, and
 * writing it where the service worker reads it.
 */
import {
  SNAPSHOT_ATTRIBUTE,
  SNAPSHOT_CACHE,
  SNAPSHOT_DARK_HEADER,
  SNAPSHOT_KEY,
  SNAPSHOT_USER_HEADER,
} from "./dashboard-snapshot.ts";

/**
 * Attributes the copy goes without: React Aria's interaction states of the moment (hovered,
 * pressed, focused), and the test ids, so that nothing looking for the live page finds the copy.
 */
const DROPPED_ATTRIBUTES = ["data-hovered", "data-pressed", "data-focused", "data-focus-visible", "data-testid"];

/**
 * What is saved of the page: the root's markup without what only makes sense live or for a
 * moment (parts marked `data-no-snapshot`, such as the notifications, and images from blob:
 * addresses this document made, which the next one cannot load).
 */
export function snapshotMarkup(root: Element): string {
  const copy = root.cloneNode(true) as Element;
  for (const element of copy.querySelectorAll(`[${SNAPSHOT_ATTRIBUTE}], [data-no-snapshot], script, img[src^="blob:"]`))
    element.remove();
  for (const attribute of DROPPED_ATTRIBUTES)
    for (const element of copy.querySelectorAll(`[${attribute}]`)) element.removeAttribute(attribute);
  return copy.innerHTML;
}

/**
 * Saves the page's markup as the student's dashboard, unless it is what `previous` (this
 * function's last answer) says was saved already; answers what is saved now. A device without
 * CacheStorage keeps none.
 */
export async function saveDashboardSnapshot(
  root: Element,
  userId: string,
  dark: boolean,
  previous: string | null = null,
): Promise<string | null> {
  if (typeof caches === "undefined") return null;
  const markup = snapshotMarkup(root);
  const saved = `${userId}\n${dark}\n${markup}`;
  // A hover or a poll that changed nothing the copy keeps: no write.
  if (saved === previous) return saved;
  const cache = await caches.open(SNAPSHOT_CACHE);
  await cache.put(
    SNAPSHOT_KEY,
    new Response(markup, {
      headers: {
        "content-type": "text/html; charset=utf-8",
        [SNAPSHOT_USER_HEADER]: userId,
        [SNAPSHOT_DARK_HEADER]: dark ? "1" : "0",
      },
    }),
  );
  return saved;
}
