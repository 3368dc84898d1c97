import type { Manifest, ManifestImage } from "@preflight/sync-protocol/schemas/content-pack";
import { CONTENT_IMAGES_CACHE } from "./cache.ts";
import type { Fetch } from "./download.ts";
import { sha256Hex } from "./hash.ts";

const PARALLEL = 6;

export function imageUrl(file: string): string {
  return `/content/images/${file}`;
}

/** Manifest images not yet in the offline image cache (none where there is no Cache Storage). */
export async function missingImages(manifest: Manifest): Promise<ManifestImage[]> {
  if (!("caches" in globalThis)) return [];
  const cache = await caches.open(CONTENT_IMAGES_CACHE);
  const missing: ManifestImage[] = [];
  for (const image of manifest.images) if (!(await cache.match(imageUrl(image.file)))) missing.push(image);
  return missing;
}

/**
 * Downloads images into the offline cache, each checked against its sha256 before it is kept.
 * Returns how many could not be stored.
 */
export async function cacheImages(
  images: ManifestImage[],
  options: { fetch: Fetch; signal?: AbortSignal; onBytes?: (n: number) => void },
): Promise<number> {
  const cache = await caches.open(CONTENT_IMAGES_CACHE);
  let failed = 0;
  for (let i = 0; i < images.length; i += PARALLEL) {
    const results = await Promise.allSettled(
      images.slice(i, i + PARALLEL).map(async (image) => {
        const response = await options.fetch(imageUrl(image.file), {
          credentials: "same-origin",
          ...(options.signal ? { signal: options.signal } : {}),
        });
        if (!response.ok) throw new Error(`image ${image.file}: ${response.status}`);
        const bytes = new Uint8Array(await response.arrayBuffer());
        options.onBytes?.(bytes.length);
        if ((await sha256Hex(bytes)) !== image.sha256) throw new Error(`image ${image.file} failed its hash check`);
        await cache.put(
          imageUrl(image.file),
          new Response(bytes, {
            headers: { "Content-Type": response.headers.get("Content-Type") ?? "application/octet-stream" },
          }),
        );
      }),
    );
    failed += results.filter((r) => r.status === "rejected").length;
  }
  return failed;
}
