/**
 * Printing just the enlarged image, with a print-only stylesheet rather than a hidden iframe:
 * iPad Safari prints the parent page when asked to print an iframe. While the viewer is open it
 * portals a print root (hidden on screen) into <body>; these rules hide everything else on paper,
 * so both the Print button and the browser's own print command give the image alone.
 */

/** The attribute that marks the print root, a direct child of <body>. */
export const PRINT_ROOT_ATTRIBUTE = "data-print-image";

export const PRINT_ONLY_CSS = `@media print {
  @page { margin: 10mm; }
  body > :not([${PRINT_ROOT_ATTRIBUTE}]) { display: none !important; }
  html, body { height: 100%; margin: 0; background: #fff; }
}`;

/** The page box the printed image must fit, rotated or not. */
export const PRINT_BOX = { width: "100vw", height: "100vh" } as const;
