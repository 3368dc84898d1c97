/**
 * Lesson html names a 3D model with `<figure data-model="/models/x.glb"
 * data-environment="/models/x-env.png">`. Only these two data attributes survive sanitising, and
 * only paths among the app's own static models are shown: content can never point the viewer at
 * another origin or at a server route.
 */
export const MODEL_FIGURE_ATTRIBUTES = ["data-model", "data-environment"] as const;

export const MODEL_FIGURE_SELECTOR = "figure[data-model]";

const MODEL_PATH = /^\/models\/[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*\.(?:glb|gltf)$/;
const ENVIRONMENT_PATH = /^\/models\/[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*\.(?:png|jpe?g|webp|hdr)$/;

export interface ModelFigure {
  src: string;
  /** Lighting only; null: the viewer's neutral lighting. */
  environmentImage: string | null;
}

/** The model a figure's attributes name, or null when they name none the app serves. */
export function modelFigure(model: string | null, environment: string | null): ModelFigure | null {
  const src = model?.trim() ?? "";
  if (!MODEL_PATH.test(src)) return null;
  const env = environment?.trim() ?? "";
  return { src, environmentImage: ENVIRONMENT_PATH.test(env) ? env : null };
}
