/**
 * `npm run dev`: the API (restarted on change) on PORT (default 8787) and the Vite dev server
 * on 5173 with hot reload, proxying API calls to it. The service worker is off in dev; use
 * `npm start` to try the installed, offline app.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
const port = process.env.PORT ?? "8787";
const children = [
  spawn("node", ["--watch-path=api/src", "--watch-path=sync-protocol", "--import", "tsx", "api/src/server.ts"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, PORT: port, WEB_DIST: join(root, "web/dist-dev-unused") },
  }),
  spawn("npx", ["vite", "--host"], {
    cwd: join(root, "web"),
    stdio: "inherit",
    env: { ...process.env, API_URL: `http://localhost:${port}` },
  }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", (code) => code && code !== 0 && stop());
