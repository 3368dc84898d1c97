import { useEffect, useRef, useState } from "react";
import { loadModelViewer } from "./load-model-viewer.ts";

export const MODEL_ERROR = "The 3D model could not be loaded.";

/** Display-only defaults: the stage colour, the first view and the light. */
const STAGE_COLOUR = "#eef3f8";
const CAMERA_ORBIT = "-40deg 72deg 80%";
const EXPOSURE = "1";
const SHADOW_INTENSITY = "0.8";

type Status = "loading" | "loaded" | "error";

/**
 * A glTF model the student turns and zooms (drag, pinch, wheel), lit by an environment image.
 * The viewer code arrives on first use; until the model is shown a loading note stands over the
 * stage, and a model that cannot be fetched or read says so.
 */
export function ModelViewer({
  src,
  environmentImage,
  alt,
}: {
  src: string;
  environmentImage: string | null;
  alt: string;
}) {
  const [status, setStatus] = useState<Status>("loading");
  const element = useRef<HTMLElement & { loaded?: boolean }>(null);

  useEffect(() => {
    const el = element.current;
    if (!el) return;
    let live = true;
    const onLoad = () => setStatus("loaded");
    const onError = () => setStatus("error");
    el.addEventListener("load", onLoad);
    el.addEventListener("error", onError);
    loadModelViewer().then(
      () => {
        if (live && el.loaded) setStatus("loaded");
      },
      (err: unknown) => {
        console.warn("model viewer", err);
        if (live) setStatus("error");
      },
    );
    return () => {
      live = false;
      el.removeEventListener("load", onLoad);
      el.removeEventListener("error", onError);
    };
  }, []);

  if (status === "error")
    return (
      <div
        role="alert"
        data-testid="model-viewer"
        data-state="error"
        className="flex aspect-[16/10] max-h-[420px] w-full items-center justify-center rounded-lg bg-slate-100 px-6 text-center text-sm text-slate-700 ring-1 ring-slate-200"
      >
        {MODEL_ERROR}
      </div>
    );

  return (
    <div
      className="relative overflow-hidden rounded-lg ring-1 ring-slate-200"
      data-testid="model-viewer"
      data-state={status}
    >
      <model-viewer
        ref={element}
        src={src}
        alt={alt}
        environment-image={environmentImage ?? "neutral"}
        camera-controls=""
        camera-orbit={CAMERA_ORBIT}
        interaction-prompt="none"
        touch-action="pan-y"
        shadow-intensity={SHADOW_INTENSITY}
        exposure={EXPOSURE}
        loading="eager"
        style={{
          display: "block",
          width: "100%",
          height: "auto",
          aspectRatio: "16 / 10",
          maxHeight: 420,
          backgroundColor: STAGE_COLOUR,
          ["--poster-color" as string]: STAGE_COLOUR,
        }}
      >
        {/* The loading note below replaces model-viewer's own progress bar. */}
        <div slot="progress-bar" />
      </model-viewer>
      {status === "loading" ? (
        <div
          role="status"
          className="pointer-events-none absolute inset-0 flex items-center justify-center gap-2 text-sm text-slate-600"
        >
          <span
            aria-hidden="true"
            className="h-4 w-4 animate-spin rounded-full border-2 border-slate-300 border-t-brand-600"
          />
          Loading 3D model…
        </div>
      ) : null}
    </div>
  );
}
