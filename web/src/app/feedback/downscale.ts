/**
 * A screenshot made small enough to send: scaled so its longest side is at most
 * FEEDBACK_LIMITS.maxLongSide and encoded as JPEG, the quality lowered until it fits
 * FEEDBACK_LIMITS.maxScreenshotBytes. A file the browser cannot decode is no image.
 */
import { FEEDBACK_LIMITS } from "@preflight/sync-protocol/schemas/feedback";

export class NotAnImageError extends Error {}

const QUALITIES = [0.85, 0.7, 0.55, 0.4];

/** The size that keeps the aspect ratio with the longest side at most `max`. */
export function fittedSize(width: number, height: number, max: number = FEEDBACK_LIMITS.maxLongSide) {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export async function downscaleImage(file: Blob): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new NotAnImageError("not an image");
  }
  const { width, height } = fittedSize(bitmap.width, bitmap.height);
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  if (!context) throw new NotAnImageError("no canvas");
  // JPEG has no transparency: a transparent screenshot is drawn on white, not black.
  context.fillStyle = "#fff";
  context.fillRect(0, 0, width, height);
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  for (const quality of QUALITIES) {
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", quality));
    if (blob && blob.size <= FEEDBACK_LIMITS.maxScreenshotBytes) return blob;
  }
  throw new NotAnImageError("too large even after scaling down");
}
