/**
 * Set-up for every unit test file (vitest.config.ts setupFiles). Under jsdom, which has no
 * CSS.escape, it adds the small one react-aria's modals need; under node it does nothing.
 */
if (typeof document !== "undefined" && typeof globalThis.CSS?.escape !== "function")
  Object.assign(globalThis, { CSS: { escape: (value: string) => value.replace(/["\\]/g, "\\$&") } });
