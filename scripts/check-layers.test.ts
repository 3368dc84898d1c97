import { describe, expect, it } from "vitest";
import { checkSource } from "./check-layers.ts";

const messages = (path: string, text: string) => checkSource(path, text).map((v) => v.message);

describe("check-layers", () => {
  it("refuses a feature importing another feature, naming ui/ and local/", () => {
    expect(messages("web/src/features/results/ResultsScreen.tsx", `import { x } from "../fixed/verify.ts";`)).toEqual([
      "features/results imports features/fixed: move what both use to ui/ (a pure widget) or local/ (a query)",
    ]);
    expect(messages("web/src/features/a/b.ts", `export { y } from "../b/c.ts";`)).toHaveLength(1);
    expect(messages("web/src/features/a/b.ts", `const m = await import("../../features/b/c.ts");`)).toHaveLength(1);
  });

  it("refuses ui/ importing local/, features/ or app/", () => {
    expect(messages("web/src/ui/Widget.tsx", `import { db } from "../local/db.ts";`)).toEqual([
      "ui imports local/: ui/ is pure; take the data as props (the read goes to local/, the caller passes it in)",
    ]);
    expect(messages("web/src/ui/Widget.tsx", `import { s } from "../app/session-context.tsx";`)).toHaveLength(1);
    expect(messages("web/src/ui/Widget.tsx", `import { f } from "../features/test/x.ts";`)).toHaveLength(1);
  });

  it("refuses React in local/", () => {
    expect(messages("web/src/local/queries.ts", `import { useLiveQuery } from "dexie-react-hooks";`)).toEqual([
      "local imports dexie-react-hooks: local/ has no React; the hook goes to app/ (shared) or the feature that renders it",
    ]);
    expect(messages("web/src/local/x.ts", `import { useState } from "react";`)).toHaveLength(1);
  });

  it("refuses raw localStorage, sessionStorage, navigator.locks and Date.now outside the wrapper", () => {
    const file = "web/src/features/a/b.ts";
    expect(messages(file, `globalThis.localStorage?.setItem("k", "v");`)).toEqual([
      "raw localStorage outside web/src/platform.ts: call localStore() of web/src/platform.ts",
    ]);
    expect(messages(file, `sessionStorage.getItem("k");`)).toHaveLength(1);
    expect(messages(file, `await navigator.locks.request("x", run);`)).toEqual([
      "raw navigator.locks outside web/src/platform.ts: call webLocks(), withLock() or lockHeld() of web/src/platform.ts",
    ]);
    expect(
      messages(file, `const l = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;`),
    ).toHaveLength(1);
    expect(messages(file, `const t = Date.now() + 5;`)).toEqual([
      "raw Date.now outside web/src/platform.ts: call now() of web/src/platform.ts (or an injected clock)",
    ]);
  });

  it("passes allowed imports, comments, strings and the wrapper itself", () => {
    const ok = [
      `import { db } from "../../local/db.ts";`,
      `import { Modal } from "../../ui/Modal.tsx";`,
      `import { useSession } from "../../app/session-context.tsx";`,
      `import { a } from "./queries.ts";`,
      `import { b } from "@preflight/sync-protocol";`,
      `import { now } from "../../platform.ts";`,
      `// Date.now and localStorage and navigator.locks in a comment, and "../fixed/x.ts" in a string`,
      `const note = { localStorage: 1 }; const s = "Date.now()";`,
    ].join("\n");
    expect(messages("web/src/features/results/ResultsScreen.tsx", ok)).toEqual([]);
    expect(
      messages(
        "web/src/routes/_app/x.tsx",
        `import { a } from "../../features/fixed/a.ts"; import { b } from "../../features/results/b.ts";`,
      ),
    ).toEqual([]);
    expect(
      messages("web/src/ui/Widget.tsx", `import { now } from "../platform.ts"; import { useState } from "react";`),
    ).toEqual([]);
    expect(
      messages("web/src/local/x.ts", `import Dexie from "dexie"; import { withLock } from "../platform.ts";`),
    ).toEqual([]);
    expect(
      messages(
        "web/src/platform.ts",
        `export const now = () => Date.now(); localStorage.getItem("k"); navigator.locks;`,
      ),
    ).toEqual([]);
  });
});
