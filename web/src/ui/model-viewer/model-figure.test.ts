import { describe, expect, it } from "vitest";
import { modelFigure } from "./model-figure.ts";

describe("modelFigure", () => {
  it("takes a static model and its environment image", () => {
    expect(modelFigure("/models/light-aircraft.glb", "/models/light-aircraft-env.png")).toEqual({
      src: "/models/light-aircraft.glb",
      environmentImage: "/models/light-aircraft-env.png",
    });
    expect(modelFigure(" /models/sub/a_b-1.gltf ", "/models/sky.jpg")).toEqual({
      src: "/models/sub/a_b-1.gltf",
      environmentImage: "/models/sky.jpg",
    });
  });

  it("lights with the neutral environment when the image is missing or not a static one", () => {
    expect(modelFigure("/models/a.glb", null)?.environmentImage).toBeNull();
    expect(modelFigure("/models/a.glb", "https://example.com/sky.png")?.environmentImage).toBeNull();
    expect(modelFigure("/models/a.glb", "/models/a.glb")?.environmentImage).toBeNull();
  });

  it("refuses anything but the app's own static models", () => {
    for (const bad of [
      null,
      "",
      "https://example.com/models/a.glb",
      "//example.com/models/a.glb",
      "/models/../api/profile.glb",
      "/api/models/a.glb",
      "models/a.glb",
      "/models/a.obj",
      "javascript:alert(1)//.glb",
      "/models/a.glb?x=1",
    ])
      expect(modelFigure(bad, null)).toBeNull();
  });
});
