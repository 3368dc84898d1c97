import { type KeyboardEvent, type ReactNode, useState } from "react";
import { Modal as AriaModal, Dialog, Heading, ModalOverlay } from "react-aria-components";
import { createPortal } from "react-dom";
import { Button } from "../Button.tsx";
import { type CarouselImage, imageSrc } from "./carousel.ts";
import { PRINT_BOX, PRINT_ONLY_CSS, PRINT_ROOT_ATTRIBUTE } from "./print.ts";
import { rotatedImageStyle, rotateLeft, rotateRight } from "./rotation.ts";

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

/**
 * The enlarged image in a modal: rotate left, rotate right (90 degree steps) and print (the
 * image alone, turned as on screen). Open while `image` is set; Escape, a click outside or
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
  const src = imageSrc(image.file);
  return (
    <>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-slate-100 px-4 py-2">
        <Heading slot="title" className="mr-auto text-base font-semibold">
          {title}
        </Heading>
        <div className="flex flex-wrap items-center gap-1">
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
      <div
        className="flex items-center justify-center overflow-hidden p-2"
        style={{ width: `calc(${STAGE.width} + 1rem)`, height: `calc(${STAGE.height} + 1rem)`, maxWidth: "100%" }}
      >
        <img
          src={src}
          alt={alt}
          className="max-w-none object-contain transition-transform duration-300 ease-out motion-reduce:transition-none"
          style={rotatedImageStyle(angle, STAGE)}
          data-testid="viewer-image"
          data-angle={angle}
        />
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

function ToolButton({ label, icon, onPress }: { label: string; icon: string; onPress: () => void }) {
  return (
    <Button
      variant="plain"
      onPress={onPress}
      className="flex h-11 items-center gap-1.5 rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
    >
      <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden>
        <path d={icon} strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span>{label}</span>
    </Button>
  );
}
