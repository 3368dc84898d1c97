import { describe, expect, it } from "vitest";
import {
  type CarouselAction,
  type CarouselState,
  carouselReducer,
  IMAGES_UNAVAILABLE,
  imageSrc,
  imagesUnavailable,
  indexAfterRemoval,
  initialCarousel,
  wrapIndex,
} from "./carousel.ts";

const still = (name: string) => ({ file: `images/${name}.png`, is_animated: false });
const three = () => initialCarousel([still("a"), still("b"), still("c")]);
const run = (state: CarouselState, ...actions: CarouselAction[]) => actions.reduce(carouselReducer, state);
const files = (state: CarouselState) => state.images.map((i) => i.file.replace(/^images\/|\.png$/g, "")).join("");

describe("carousel position", () => {
  it("serves images from /content/", () => {
    expect(imageSrc("images/annex-010-01.png")).toBe("/content/images/annex-010-01.png");
  });

  it("starts at the first image and drops repeated files", () => {
    const state = initialCarousel([still("a"), still("b"), still("a")]);
    expect(files(state)).toBe("ab");
    expect(state.index).toBe(0);
  });

  it("wraps previous and next around the ends", () => {
    expect(run(three(), { type: "previous" }).index).toBe(2);
    expect(run(three(), { type: "next" }, { type: "next" }, { type: "next" }).index).toBe(0);
    expect(wrapIndex(-4, 3)).toBe(2);
    expect(wrapIndex(5, 0)).toBe(0);
  });

  it("does not move a single image, and ignores a dot out of range", () => {
    const one = initialCarousel([still("a")]);
    expect(run(one, { type: "next" })).toBe(one);
    expect(run(one, { type: "previous" })).toBe(one);
    expect(run(three(), { type: "go", index: 3 }).index).toBe(0);
    expect(run(three(), { type: "go", index: -1 }).index).toBe(0);
    expect(run(three(), { type: "go", index: 2 }).index).toBe(2);
  });
});

describe("carousel after a broken image", () => {
  it("computes the index after a removal", () => {
    expect(indexAfterRemoval(2, 0, 2)).toBe(1); // an earlier one went: same picture, one place down
    expect(indexAfterRemoval(1, 1, 2)).toBe(1); // the shown one went: the next slides in
    expect(indexAfterRemoval(2, 2, 2)).toBe(1); // the shown last one went: the new last
    expect(indexAfterRemoval(0, 2, 2)).toBe(0); // a later one went: nothing moves
    expect(indexAfterRemoval(0, 0, 0)).toBe(0); // none left
  });

  it("removes a failed image and keeps showing the same picture", () => {
    const state = run(three(), { type: "go", index: 2 }, { type: "failed", file: "images/a.png" });
    expect(files(state)).toBe("bc");
    expect(state.images[state.index]?.file).toBe("images/c.png");
  });

  it("shows the next image when the current one fails, and ignores unknown files", () => {
    const state = run(three(), { type: "go", index: 1 }, { type: "failed", file: "images/b.png" });
    expect(state.images[state.index]?.file).toBe("images/c.png");
    expect(run(state, { type: "failed", file: "images/zzz.png" })).toBe(state);
  });

  it("shows 'Images unavailable' when every image failed", () => {
    const given = [still("a"), still("b")];
    const state = run(
      initialCarousel(given),
      { type: "failed", file: "images/a.png" },
      { type: "failed", file: "images/b.png" },
    );
    expect(state).toEqual({ images: [], index: 0 });
    expect(imagesUnavailable(state, given.length, false)).toBe(true);
  });

  it("shows it for an empty list only when images were expected", () => {
    expect(imagesUnavailable(initialCarousel([]), 0, false)).toBe(false);
    expect(imagesUnavailable(initialCarousel([]), 0, true)).toBe(true);
    expect(imagesUnavailable(three(), 3, true)).toBe(false);
  });

  it("uses the spec's exact strings", () => {
    expect(IMAGES_UNAVAILABLE).toEqual({
      title: "Images unavailable",
      text: "Image resources could not be loaded",
    });
  });
});
