/** callFile(): an export's bytes and name through the call layer, its failures as call()'s. */
import { routes } from "@preflight/sync-protocol/routes/index";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiCallError, NetworkError } from "./api.ts";
import { callFile, dispositionName } from "./api-file.ts";

/** A fake fetch answering `reply` to every request, recording the address, method and credentials. */
function server(reply: () => Response): { url: string; method?: string; credentials?: RequestCredentials }[] {
  const sent: { url: string; method?: string; credentials?: RequestCredentials }[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    sent.push({ url, method: init.method, credentials: init.credentials });
    return reply();
  });
  return sent;
}

const errorReply = (status: number, error: object) => () => Response.json({ error }, { status });

describe("callFile(routes.x, input): an export's bytes", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("answers the bytes and the name the server gives, sending the session cookie", async () => {
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46]);
    const sent = server(
      () =>
        new Response(pdf, {
          headers: {
            "Content-Type": "application/pdf",
            "Content-Disposition": 'attachment; filename="report-ada.pdf"',
          },
        }),
    );
    const file = await callFile(routes.studentReportPdf, {
      params: { user_id: "0196a1b2-0000-7000-8000-000000000001" },
    });
    expect(sent[0]).toMatchObject({
      url: "/school/students/0196a1b2-0000-7000-8000-000000000001/report.pdf",
      method: "GET",
      credentials: "same-origin",
    });
    expect(file.filename).toBe("report-ada.pdf");
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(pdf);
  });

  it("fails as call() does: the server's refusal is ApiCallError, no answer NetworkError", async () => {
    server(errorReply(404, { code: "not_found", message: "There is no student with this id in your school." }));
    const refused = await callFile(routes.schoolTestResultsCsv, { params: { test_id: 4 } }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiCallError);
    expect((refused as ApiCallError).message).toBe("There is no student with this id in your school.");
    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("Failed to fetch")));
    const offline = await callFile(routes.schoolTestResultsCsv, { params: { test_id: 4 } }).catch((e: unknown) => e);
    expect(offline).toBeInstanceOf(NetworkError);
  });

  it("reads the name of a Content-Disposition: the encoded one first, quoted or bare", () => {
    expect(dispositionName(`attachment; filename="a.csv"; filename*=UTF-8''Caf%C3%A9%20results.csv`)).toBe(
      "Café results.csv",
    );
    expect(dispositionName('attachment; filename="say \\"hi\\".csv"')).toBe('say "hi".csv');
    expect(dispositionName("attachment; filename=overview.csv")).toBe("overview.csv");
    expect(dispositionName("attachment")).toBeNull();
    expect(dispositionName(null)).toBeNull();
  });
});
