/** The attributes of <model-viewer> this app sets (https://modelviewer.dev/docs). */
import type { CSSProperties, ReactNode, Ref } from "react";

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "model-viewer": {
        ref?: Ref<HTMLElement>;
        src: string;
        alt: string;
        "environment-image"?: string;
        "camera-controls"?: string;
        "camera-orbit"?: string;
        "interaction-prompt"?: "auto" | "none";
        "touch-action"?: "pan-y" | "pan-x" | "none";
        "shadow-intensity"?: string;
        exposure?: string;
        loading?: "auto" | "lazy" | "eager";
        class?: string;
        style?: CSSProperties;
        "data-testid"?: string;
        children?: ReactNode;
      };
    }
  }
}
