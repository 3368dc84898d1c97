/**
 * The carousel's list and position as a pure reducer. Images that fail to load leave the list
 * (spec section 8); the position then stays on the same picture when it can, or on the one that
 * slid into the removed one's place.
 */

export interface CarouselImage {
  file: string;
  is_animated: boolean;
}

export interface CarouselState {
  images: readonly CarouselImage[];
  /** 0-based position in `images`; 0 when the list is empty. */
  index: number;
}

export type CarouselAction =
  | { type: "next" }
  | { type: "previous" }
  | { type: "go"; index: number }
  | { type: "failed"; file: string };

/** Where an image's file is served from. */
export function imageSrc(file: string): string {
  return `/content/${file}`;
}

/** The list as given, without repeated files (each file loads, and fails, once). */
export function initialCarousel(images: readonly CarouselImage[]): CarouselState {
  const byFile = new Map<string, CarouselImage>();
  for (const image of images) if (!byFile.has(image.file)) byFile.set(image.file, image);
  return { images: [...byFile.values()], index: 0 };
}

/** The position after the image at `removed` left a list that now holds `remaining` images. */
export function indexAfterRemoval(current: number, removed: number, remaining: number): number {
  if (remaining <= 0) return 0;
  if (removed < current) return current - 1;
  return Math.min(current, remaining - 1);
}

/** Previous and next wrap around, so the dots and arrows never dead-end. */
export function wrapIndex(index: number, length: number): number {
  return length <= 0 ? 0 : ((index % length) + length) % length;
}

export function carouselReducer(state: CarouselState, action: CarouselAction): CarouselState {
  const length = state.images.length;
  switch (action.type) {
    case "next":
      return length < 2 ? state : { ...state, index: wrapIndex(state.index + 1, length) };
    case "previous":
      return length < 2 ? state : { ...state, index: wrapIndex(state.index - 1, length) };
    case "go": {
      const index = Math.trunc(action.index);
      return index < 0 || index >= length || index === state.index ? state : { ...state, index };
    }
    case "failed": {
      const removed = state.images.findIndex((image) => image.file === action.file);
      if (removed < 0) return state;
      const images = state.images.filter((_, i) => i !== removed);
      return { images, index: indexAfterRemoval(state.index, removed, images.length) };
    }
  }
}

/** The notice when no image is left to show (spec section 8, exact strings). */
export const IMAGES_UNAVAILABLE = {
  title: "Images unavailable",
  text: "Image resources could not be loaded",
} as const;

/** Show the notice: nothing left, although images were given or expected. */
export function imagesUnavailable(state: CarouselState, given: number, expected: boolean): boolean {
  return state.images.length === 0 && (given > 0 || expected);
}
