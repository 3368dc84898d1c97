import { useEffect, useRef, useState } from "react";
import { Button } from "../Button.tsx";
import {
  type CarouselAction,
  type CarouselImage,
  type CarouselState,
  carouselReducer,
  imageSrc,
  imagesUnavailable,
  initialCarousel,
} from "./carousel.ts";
import { ImagesUnavailable } from "./ImagesUnavailable.tsx";
import { ImageViewer } from "./ImageViewer.tsx";

const ROUND_BUTTON =
  "flex h-11 w-11 items-center justify-center rounded-full bg-surface text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500";

/**
 * Annex or answer images of a question. One image: just the image. Several: previous / next
 * and dots. A still image opens the enlarged viewer when clicked; an animated one (GIF) does
 * not. An image that fails to load leaves the carousel; when none is left, or `expected` is set
 * and the list is empty, it shows 'Images unavailable' instead and calls `onUnavailable` once.
 * Re-key it, or pass a new list, for the next question: a different list of files starts over.
 */
export function ImageCarousel({
  images,
  label = "Image",
  expected = false,
  onUnavailable,
  onViewerOpenChange,
}: {
  images: readonly CarouselImage[];
  /** Names each picture for screen readers and titles the viewer: `${label} 2 of 3`. */
  label?: string;
  /** The question says it has images although the list is empty. */
  expected?: boolean;
  onUnavailable?: () => void;
  /** The screen can pause its own shortcuts (arrow keys) while the viewer is open. */
  onViewerOpenChange?: (open: boolean) => void;
}) {
  const listKey = images.map((image) => `${image.file}:${image.is_animated}`).join("|");
  const [state, setState] = useState(() => ({ key: listKey, carousel: initialCarousel(images) }));
  const [viewing, setViewing] = useState<CarouselImage | null>(null);

  // A new list (the next question) starts over: reset during render, React's pattern for state
  // derived from props.
  let current: CarouselState = state.carousel;
  if (state.key !== listKey) {
    current = initialCarousel(images);
    setState({ key: listKey, carousel: current });
    setViewing(null);
  }
  const dispatch = (action: CarouselAction) =>
    setState((s) => ({ ...s, carousel: carouselReducer(s.carousel, action) }));

  const unavailable = imagesUnavailable(current, images.length, expected);
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (unavailable && reported.current !== listKey) {
      reported.current = listKey;
      onUnavailable?.();
    }
  }, [unavailable, listKey, onUnavailable]);

  // true when the viewer opens; false when it closes or the carousel goes away with it open.
  const onViewerOpenChangeRef = useRef(onViewerOpenChange);
  useEffect(() => {
    onViewerOpenChangeRef.current = onViewerOpenChange;
  });
  const viewerOpen = viewing !== null;
  useEffect(() => {
    if (!viewerOpen) return;
    onViewerOpenChangeRef.current?.(true);
    return () => onViewerOpenChangeRef.current?.(false);
  }, [viewerOpen]);

  if (unavailable) return <ImagesUnavailable />;
  const count = current.images.length;
  if (count === 0) return null;
  const name = (i: number) => (count > 1 ? `${label} ${i + 1} of ${count}` : label);

  return (
    <section aria-roledescription="carousel" aria-label={label} data-testid="image-carousel">
      <div
        className="flex min-h-24 items-center justify-center rounded-xl bg-surface p-2 ring-1 ring-slate-200"
        aria-live="polite"
      >
        {current.images.map((image, i) => {
          const picture = (
            <img
              src={imageSrc(image.file)}
              alt={name(i)}
              onError={() => dispatch({ type: "failed", file: image.file })}
              className="max-h-80 w-auto max-w-full rounded-md object-contain"
              data-testid="carousel-image"
            />
          );
          return (
            <div key={image.file} hidden={i !== current.index} className="max-w-full">
              {image.is_animated ? (
                picture
              ) : (
                <Button
                  variant="plain"
                  onPress={() => setViewing(image)}
                  ariaLabel={`Enlarge ${name(i).toLowerCase()}`}
                  className="group relative block max-w-full cursor-zoom-in rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
                >
                  {picture}
                  <span
                    className="absolute right-2 bottom-2 flex h-11 w-11 items-center justify-center rounded-full bg-surface/90 text-slate-700 shadow ring-1 ring-slate-200 group-hover:text-brand-600"
                    aria-hidden
                  >
                    <svg
                      viewBox="0 0 24 24"
                      className="h-5 w-5"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth={2}
                      aria-hidden
                    >
                      <path d="M15 3h6v6M9 21H3v-6M21 3l-7 7M3 21l7-7" strokeLinecap="round" strokeLinejoin="round" />
                    </svg>
                  </span>
                </Button>
              )}
            </div>
          );
        })}
      </div>
      {count > 1 ? (
        <div className="mt-2 flex items-center justify-center gap-1">
          <Button
            variant="plain"
            className={ROUND_BUTTON}
            onPress={() => dispatch({ type: "previous" })}
            ariaLabel="Previous image"
          >
            <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden>
              <path d="m15 6-6 6 6 6" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </Button>
          {current.images.map((image, i) => (
            <Button
              key={image.file}
              variant="plain"
              onPress={() => dispatch({ type: "go", index: i })}
              ariaLabel={`Show ${name(i).toLowerCase()}`}
              aria-current={i === current.index ? "true" : undefined}
              className="group flex h-11 w-8 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
            >
              <span
                className={`h-2.5 w-2.5 rounded-full transition-colors ${
                  i === current.index ? "bg-primary" : "bg-slate-300 group-hover:bg-slate-400"
                }`}
              />
            </Button>
          ))}
          <Button
            variant="plain"
            className={ROUND_BUTTON}
            onPress={() => dispatch({ type: "next" })}
            ariaLabel="Next image"
          >
            <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden>
              <path d="m9 6 6 6-6 6" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </Button>
        </div>
      ) : null}
      <ImageViewer
        image={viewing}
        title={viewing ? name(Math.max(0, current.images.indexOf(viewing))) : label}
        alt={viewing ? name(Math.max(0, current.images.indexOf(viewing))) : label}
        onClose={() => setViewing(null)}
      />
    </section>
  );
}
