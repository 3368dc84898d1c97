/**
 * Annex and lesson images for offline use. The service worker answers /content/images/* from
 * the cache named here (cache first); after the bank arrives the page fills it with every
 * image the bank names, so a question never seen online still shows its figure offline.
 */
export const CONTENT_IMAGES_CACHE = "content-images";

const PARALLEL = 6;

export function imageUrlsOf(
  questions: { annex_images: { file: string }[]; answer_images: { file: string }[] }[],
): string[] {
  const files = new Set<string>();
  for (const q of questions) for (const image of [...q.annex_images, ...q.answer_images]) files.add(image.file);
  return [...files].map((file) => `/content/${file}`);
}

/**
 * Downloads the images not yet cached; returns how many are still missing afterwards (0: all
 * cached). Failures are retried next time.
 */
export async function warmImageCache(urls: string[]): Promise<number> {
  if (!("caches" in globalThis)) return urls.length;
  const cache = await caches.open(CONTENT_IMAGES_CACHE);
  const missing: string[] = [];
  for (const url of urls) if (!(await cache.match(url))) missing.push(url);
  let added = 0;
  for (let i = 0; i < missing.length; i += PARALLEL) {
    const results = await Promise.allSettled(missing.slice(i, i + PARALLEL).map((url) => cache.add(url)));
    added += results.filter((r) => r.status === "fulfilled").length;
  }
  return missing.length - added;
}
