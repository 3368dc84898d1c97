import { type KeyboardEvent, type ReactNode, useReducer, useRef, useState } from "react";
import { Modal as AriaModal, Dialog, Heading, ModalOverlay } from "react-aria-components";
import { createPortal } from "react-dom";
import { ChartOverlay } from "./ChartOverlay.tsx";
import { ChartToolsPanel } from "./ChartToolsPanel.tsx";
import { type CarouselImage, imageSrc } from "./carousel.ts";
import { containedView, type ImageView } from "./chart-geometry.ts";
import { type ChartTool, chartToolsReducer, INITIAL_CHART_TOOLS } from "./chart-tools.ts";
import { PRINT_BOX, PRINT_ONLY_CSS, PRINT_ROOT_ATTRIBUTE } from "./print.ts";
import {
  rotatedImageStyle,
  rotateLeft,
  rotateRight,
  VIEWER_ZOOM_MAX,
  VIEWER_ZOOMS,
  viewerTransform,
  zoomInStep,
  zoomOutStep,
} from "./rotation.ts";
import { useZoomPan } from "./useZoomPan.ts";
import { PROTRACTOR_ICON, RULER_ICON, ToolButton, ToolToggle } from "./ViewerButtons.tsx";

/**
 * Arrow and letter keys typed in the viewer stay in it: the test screen listens on the window
 * for them (previous, next, choose an answer). Tab and Escape go on, for react-aria's focus
 * trap and dismissal.
 */
function keepKeysInside(event: KeyboardEvent) {
  if (event.key !== "Tab" && event.key !== "Escape") event.stopPropagation();
}

/** The stage the enlarged image turns in: the image fits it at every angle. */
const STAGE = { width: "min(calc(100vw - 4rem), 60rem)", height: "min(calc(100vh - 11rem), 60rem)" } as const;
/** Lower while a chart tool's panel takes a strip under the toolbar. */
const STAGE_WITH_TOOLS = { width: STAGE.width, height: "min(calc(100vh - 17rem), 60rem)" } as const;

/**
 * The enlarged image in a modal: the chart tools (ruler and protractor, see chart-tools.ts),
 * zoom (a drag moves the zoomed image), rotate left, rotate right (90 degree steps) and print
 * (the image alone, turned as on screen). Open while `image` is set; Escape, a click outside or
 * Close call `onClose`. Each newly opened image starts unrotated.
 */
export function ImageViewer({
  image,
  title,
  alt,
  onClose,
}: {
  image: CarouselImage | null;
  /** Heading of the dialog, e.g. 'Annex image 2 of 3'. */
  title: string;
  alt: string;
  onClose: () => void;
}) {
  return (
    <ModalOverlay
      isOpen={image !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      isDismissable
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/70 p-4"
    >
      <AriaModal className="max-h-full w-fit max-w-full rounded-xl bg-surface shadow-xl">
        <Dialog className="outline-none" data-testid="image-viewer">
          {/* biome-ignore lint/a11y/noStaticElementInteractions: only stops keys bubbling to the page's shortcuts */}
          <div onKeyDown={keepKeysInside}>
            {image ? <ViewerBody key={image.file} image={image} title={title} alt={alt} onClose={onClose} /> : null}
          </div>
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}

function ViewerBody({
  image,
  title,
  alt,
  onClose,
}: {
  image: CarouselImage;
  title: string;
  alt: string;
  onClose: () => void;
}) {
  const [angle, setAngle] = useState(0);
  const stageRef = useRef<HTMLDivElement>(null);
  const { zoom, pan, moving, zoomTo, pinchTo, panBy, endGesture } = useZoomPan(stageRef);
  const [tools, dispatch] = useReducer(chartToolsReducer, INITIAL_CHART_TOOLS);
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const imageRef = useRef<HTMLImageElement>(null);
  const src = imageSrc(image.file);
  const stage = tools.tool ? STAGE_WITH_TOOLS : STAGE;
  const style = { ...rotatedImageStyle(angle, stage), transform: viewerTransform(angle, zoom, pan) };

  const view = (): ImageView | null => {
    const img = imageRef.current;
    if (!img || !natural) return null;
    const box = img.getBoundingClientRect();
    return containedView({
      centre: { x: box.left + box.width / 2, y: box.top + box.height / 2 },
      box: { width: img.offsetWidth, height: img.offsetHeight },
      natural,
      angle,
      zoom,
    });
  };
  const onLoad = (img: HTMLImageElement) => {
    if (img.naturalWidth > 0) setNatural({ width: img.naturalWidth, height: img.naturalHeight });
  };
  const toggle = (tool: ChartTool) => (on: boolean) => dispatch({ type: "tool", tool: on ? tool : null });

  return (
    <>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 border-b border-slate-100 px-4 py-2">
        <Heading slot="title" className="mr-auto text-base font-semibold">
          {title}
        </Heading>
        <div className="flex flex-wrap items-center gap-1">
          <ToolToggle label="Ruler" icon={RULER_ICON} selected={tools.tool === "ruler"} onChange={toggle("ruler")} />
          <ToolToggle
            label="Protractor"
            icon={PROTRACTOR_ICON}
            selected={tools.tool === "protractor"}
            onChange={toggle("protractor")}
          />
          <ToolButton
            label="Zoom out"
            iconOnly
            onPress={() => zoomTo(zoomOutStep(zoom))}
            disabled={zoom <= VIEWER_ZOOMS[0]}
            icon="M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14ZM21 21l-5-5M8 11h6"
          />
          <ToolButton
            label="Zoom in"
            iconOnly
            onPress={() => zoomTo(zoomInStep(zoom))}
            disabled={zoom >= VIEWER_ZOOM_MAX}
            icon="M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14ZM21 21l-5-5M8 11h6M11 8v6"
          />
          <ToolButton label="Rotate left" onPress={() => setAngle(rotateLeft)} icon="M4 11a8 8 0 1 1 2.3 5.7M4 5v6h6" />
          <ToolButton
            label="Rotate right"
            onPress={() => setAngle(rotateRight)}
            icon="M20 11a8 8 0 1 0-2.3 5.7M20 5v6h-6"
          />
          <ToolButton
            label="Print"
            onPress={() => window.print()}
            icon="M7 9V3h10v6M7 17H5a2 2 0 0 1-2-2v-4a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v4a2 2 0 0 1-2 2h-2M7 14h10v7H7z"
          />
          <ToolButton label="Close" onPress={onClose} icon="M6 6l12 12M18 6 6 18" />
        </div>
      </div>
      <ChartToolsPanel state={tools} dispatch={dispatch} />
      <div
        ref={stageRef}
        className="relative flex items-center justify-center overflow-hidden p-2"
        style={{ width: `calc(${stage.width} + 1rem)`, height: `calc(${stage.height} + 1rem)`, maxWidth: "100%" }}
        data-testid="viewer-stage"
        data-zoom={zoom}
      >
        <img
          ref={(img) => {
            imageRef.current = img;
            if (img?.complete && natural === null) onLoad(img);
          }}
          src={src}
          alt={alt}
          onLoad={(event) => onLoad(event.currentTarget)}
          className={`max-w-none object-contain ${moving ? "" : "transition-transform duration-300 ease-out motion-reduce:transition-none"}`}
          style={style}
          data-testid="viewer-image"
          data-angle={angle}
        />
        {natural ? (
          <ChartOverlay
            state={tools}
            dispatch={dispatch}
            natural={natural}
            style={style}
            view={view}
            zoom={zoom}
            moving={moving}
            onPan={zoom > 1 ? panBy : undefined}
            onPinch={pinchTo}
            onGestureEnd={endGesture}
          />
        ) : null}
      </div>
      <PrintRoot>
        <img src={src} alt="" className="max-w-none object-contain" style={rotatedImageStyle(angle, PRINT_BOX)} />
      </PrintRoot>
    </>
  );
}

/** Hidden on screen; on paper the only thing left (see print.ts). */
function PrintRoot({ children }: { children: ReactNode }) {
  return createPortal(
    <div
      {...{ [PRINT_ROOT_ATTRIBUTE]: "" }}
      className="hidden print:flex print:h-screen print:w-screen print:items-center print:justify-center"
    >
      <style>{PRINT_ONLY_CSS}</style>
      {children}
    </div>,
    document.body,
  );
}
