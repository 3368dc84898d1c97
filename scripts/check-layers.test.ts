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

  it("refuses sync-protocol's index in web/src, naming the modules to import instead", () => {
    const found = checkSource("web/src/ui/SummaryStrip.tsx", 'import { passMark } from "@preflight/sync-protocol";\n');
    expect(found).toHaveLength(1);
    expect(found[0]?.message).toContain("@preflight/sync-protocol/rules/");
    expect(
      checkSource(
        "web/src/ui/SummaryStrip.tsx",
        'import { passMark } from "@preflight/sync-protocol/rules/pass-mark";\n',
      ),
    ).toEqual([]);
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

  it("refuses the raw clock new Date(), performance.now and a global fetch(...) outside the wrapper", () => {
    const file = "web/src/local/content/updater.ts";
    expect(messages(file, `const started = new Date();`)).toEqual([
      "raw new Date() outside web/src/platform.ts: call currentDate() or now() of web/src/platform.ts (or an injected clock); new Date(value) is fine",
    ]);
    expect(messages(file, `const at = new Date;`)).toHaveLength(1);
    expect(messages(file, `const now = options.now ?? (() => new Date());`)).toHaveLength(1);
    expect(messages(file, `const t = performance.now();`)).toEqual([
      "raw performance.now outside web/src/platform.ts: call monotonicNow() of web/src/platform.ts",
    ]);
    expect(messages(file, `const t = globalThis.performance.now();`)).toHaveLength(1);
    expect(messages(file, `const r = await fetch("/api/content/manifest");`)).toEqual([
      "raw fetch() outside web/src/platform.ts: call platformFetch() of web/src/platform.ts (or an injected fetch)",
    ]);
    expect(messages(file, `const f = options.fetch ?? ((input, init) => fetch(input, init));`)).toHaveLength(1);
    expect(messages(file, `await globalThis.fetch(url); await window.fetch(url);`)).toHaveLength(2);
  });

  it("passes dates made from a value, injected fetches and clocks, and tests using the globals", () => {
    const ok = [
      `const d = new Date(iso); const e = new Date(now()); const f = new Date(2024, 0, 1);`,
      `await deps.fetch("/api/x"); await options.fetch(url, init); const g = doFetch(url);`,
      `const t = clock.now(); const m = monotonicNow(); const r = await platformFetch(url);`,
      `// new Date() and performance.now() and fetch(url) in a comment; "new Date()" in a string`,
    ].join("\n");
    expect(messages("web/src/local/content/updater.ts", ok)).toEqual([]);
    const raw = `const d = new Date(); const t = performance.now(); await fetch(url);`;
    for (const file of [
      "web/src/local/content/updater.test.ts",
      "web/src/features/test/TestView.test.tsx",
      "web/src/features/test/test.mock.ts",
      "web/src/local/test-support.ts",
      "web/src/local/outbox/fake-push-server.ts",
      "web/src/platform.ts",
    ])
      expect(messages(file, raw), file).toEqual([]);
    // Tests still keep to the storage and lock wrappers.
    expect(messages("web/src/local/x.test.ts", `localStorage.getItem("k");`)).toHaveLength(1);
  });

  it("passes allowed imports, comments, strings and the wrapper itself", () => {
    const ok = [
      `import { db } from "../../local/db.ts";`,
      `import { Modal } from "../../ui/Modal.tsx";`,
      `import { useSession } from "../../app/session-context.tsx";`,
      `import { a } from "./queries.ts";`,
      `import { b } from "@preflight/sync-protocol/rules/pass-mark";`,
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

  it("refuses db/ importing anything of api/src outside db/", () => {
    expect(messages("api/src/db/seed.ts", `import { demoFixedTests } from "../routes/fixed/demo.ts";`)).toEqual([
      "db imports ../routes/fixed/demo.ts: db/ sits under every layer and imports nothing of api/src outside db/; pass what it needs in",
    ]);
    expect(messages("api/src/db/connect.ts", `import type { Clock } from "../deps.ts";`)).toHaveLength(1);
  });

  it("refuses read/ importing anything but db/", () => {
    expect(messages("api/src/read/profile.ts", `import type { Clock } from "../deps.ts";`)).toEqual([
      "read imports ../deps.ts: read/ holds plain reads over db/ and imports only db/; take clocks and the like as arguments",
    ]);
    expect(
      messages("api/src/read/syllabus.ts", `import { studentModules } from "../routes/syllabus/queries.ts";`),
    ).toHaveLength(1);
  });

  it("refuses sync/ importing routes/, naming read/", () => {
    expect(
      messages("api/src/sync/pull/syllabus.ts", `import { moduleFacts } from "../../routes/syllabus/queries.ts";`),
    ).toEqual([
      "sync imports ../../routes/syllabus/queries.ts: sync/ imports no routes/; move the read both use to read/<area>.ts",
    ]);
  });

  it("refuses a route reading through a pull step", () => {
    expect(
      messages("api/src/routes/content.ts", `import { bankVersion } from "../sync/pull/bank-version.ts";`),
    ).toEqual([
      "routes imports ../sync/pull/bank-version.ts: a route does not read through a pull step; move the read both use to read/<area>.ts",
    ]);
    expect(messages("api/src/routes/sync.ts", `import { Replayer } from "../sync/replay.ts";`)).toEqual([]);
  });

  it("refuses demo/ imported by anything but the entry points and test-support", () => {
    expect(
      messages(
        "api/src/routes/fixed/index.ts",
        `import { DEMO_FIXED_TEST_PASSWORD } from "../../demo/fixed-tests.ts";`,
      ),
    ).toEqual([
      "routes imports ../../demo/fixed-tests.ts: demo/ is the top layer, seeded only by server.ts, content/import-cli.ts and test-support/; what the app needs goes to read/ or db/",
    ]);
    expect(messages("api/src/sync/pull/index.ts", `import { seedDemo } from "../../demo/seed.ts";`)).toHaveLength(1);
    expect(messages("api/src/db/connect.ts", `import { seedDemo } from "../demo/seed.ts";`)).toHaveLength(1);
  });

  it("passes the API's allowed imports, and tests", () => {
    expect(messages("api/src/server.ts", `import { seedDemo } from "./demo/seed.ts";`)).toEqual([]);
    expect(messages("api/src/content/import-cli.ts", `import { seedDemo } from "../demo/seed.ts";`)).toEqual([]);
    expect(messages("api/src/test-support/harness.ts", `import { seedDemo } from "../demo/seed.ts";`)).toEqual([]);
    expect(
      messages(
        "api/src/routes/fixed/fixed.test.ts",
        `import { DEMO_FIXED_TEST_PASSWORD } from "../../demo/fixed-tests.ts";`,
      ),
    ).toEqual([]);
    expect(
      messages(
        "api/src/demo/seed.ts",
        `import { hashPassword } from "../auth/password.ts"; import { setAccessSetting } from "../routes/syllabus/queries.ts";`,
      ),
    ).toEqual([]);
    expect(
      messages(
        "api/src/routes/syllabus/index.ts",
        `import { syllabusById } from "../../read/syllabus.ts"; import type { Db } from "../../db/schema.ts"; import { routeMounter } from "../../http/mount-route.ts";`,
      ),
    ).toEqual([]);
    expect(messages("api/src/sync/pull/syllabus.ts", `import { readUser } from "../../read/user.ts";`)).toEqual([]);
    expect(
      messages("api/src/read/user.ts", `import type { Db } from "../db/schema.ts"; import { x } from "./profile.ts";`),
    ).toEqual([]);
    expect(
      messages(
        "api/src/db/connect.ts",
        `import type { Database } from "./schema.ts"; import { Kysely } from "kysely";`,
      ),
    ).toEqual([]);
  });
});
