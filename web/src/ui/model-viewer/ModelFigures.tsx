import { useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { SafeHtml } from "../SafeHtml.tsx";
import { ModelViewer } from "./ModelViewer.tsx";
import { MODEL_FIGURE_ATTRIBUTES, MODEL_FIGURE_SELECTOR, type ModelFigure, modelFigure } from "./model-figure.ts";

interface Slot extends ModelFigure {
  key: number;
  host: HTMLElement;
  alt: string;
}

let nextKey = 0;

/**
 * Content html whose `<figure data-model data-environment>` elements show a 3D model: the
 * viewer is rendered into the figure, above its caption (which also serves as the model's alt).
 */
export function HtmlWithModels({ html, className }: { html: string; className?: string }) {
  const container = useRef<HTMLElement>(null);
  const [slots, setSlots] = useState<Slot[]>([]);

  useLayoutEffect(() => {
    const root = container.current;
    if (!root || !html) return;
    const found: Slot[] = [];
    for (const figure of root.querySelectorAll<HTMLElement>(MODEL_FIGURE_SELECTOR)) {
      const model = modelFigure(figure.getAttribute("data-model"), figure.getAttribute("data-environment"));
      if (!model) continue;
      const host = document.createElement("div");
      host.className = "my-2";
      figure.prepend(host);
      const caption = figure.querySelector("figcaption")?.textContent?.trim();
      found.push({ ...model, key: ++nextKey, host, alt: caption || "3D model" });
    }
    setSlots(found);
    return () => {
      for (const slot of found) slot.host.remove();
    };
  }, [html]);

  return (
    <>
      <SafeHtml ref={container} html={html} className={className} dataAttributes={MODEL_FIGURE_ATTRIBUTES} />
      {slots.map((slot) =>
        createPortal(
          <ModelViewer src={slot.src} environmentImage={slot.environmentImage} alt={slot.alt} />,
          slot.host,
          slot.key,
        ),
      )}
    </>
  );
}
