import { IMAGES_UNAVAILABLE } from "./carousel.ts";

/** Shown in place of a carousel when none of its images could be loaded. */
export function ImagesUnavailable() {
  return (
    <div
      role="status"
      data-testid="images-unavailable"
      className="flex items-start gap-3 rounded-xl bg-amber-50 px-4 py-3 ring-1 ring-amber-300"
    >
      <svg
        viewBox="0 0 24 24"
        className="mt-0.5 h-5 w-5 shrink-0 text-amber-600"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        aria-hidden
      >
        <rect x="3" y="4" width="18" height="16" rx="2" />
        <path d="m3 16 5-5 4 4 3-3 6 6M4 4l16 16" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <div className="text-sm">
        <p className="font-semibold text-amber-900">{IMAGES_UNAVAILABLE.title}</p>
        <p className="text-amber-900/90">{IMAGES_UNAVAILABLE.text}</p>
      </div>
    </div>
  );
}
