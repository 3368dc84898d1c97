/**
 * A small HTTP proxy on loopback between the browser and the e2e server, for faults that
 * `context.setOffline` cannot make: a response cut off half-way, as when a train enters a
 * tunnel mid-download. The test arms a fault; the proxy applies it to the next matching request.
 */
import { createServer, request as forward, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface CutFault {
  /** Requests whose path matches are cut. */
  path: RegExp;
  /** Bytes of the body delivered before the connection is reset. */
  afterBytes: number;
  /** How many matching requests to cut (then the fault disarms). */
  times: number;
  /**
   * Instead of resetting: deliver the bytes in two parts a little over a second apart (so a
   * slow download writes them), then hold the connection open, as a stalled network does.
   */
  stall?: boolean;
}

export interface SeenRequest {
  method: string;
  path: string;
  range: string | null;
  status: number;
  cut: boolean;
}

export class FaultProxy {
  readonly seen: SeenRequest[] = [];
  private readonly stalled: import("node:http").ServerResponse[] = [];
  private cut: CutFault | null = null;
  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(targetPort: number): Promise<FaultProxy> {
    let proxy: FaultProxy | null = null;
    const server = createServer((req, res) => proxy?.handle(req, res, targetPort));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    proxy = new FaultProxy(server, `http://localhost:${port}`);
    return proxy;
  }

  cutNext(fault: CutFault): void {
    this.cut = fault;
  }

  private handle(req: IncomingMessage, res: import("node:http").ServerResponse, targetPort: number): void {
    const path = req.url ?? "/";
    const fault = this.cut?.path.test(path) ? this.cut : null;
    if (fault) {
      fault.times -= 1;
      if (fault.times <= 0) this.cut = null;
    }
    const upstream = forward(
      {
        host: "127.0.0.1",
        port: targetPort,
        method: req.method,
        path,
        headers: { ...req.headers, host: `localhost:${targetPort}` },
      },
      (reply) => {
        const seen: SeenRequest = {
          method: req.method ?? "GET",
          path,
          range: (req.headers.range as string | undefined) ?? null,
          status: reply.statusCode ?? 0,
          cut: fault !== null,
        };
        this.seen.push(seen);
        res.writeHead(reply.statusCode ?? 502, reply.headers);
        if (!fault) {
          reply.pipe(res);
          return;
        }
        if (fault.stall) {
          const held: Buffer[] = [];
          reply.on("data", (chunk: Buffer) => held.push(chunk));
          reply.on("end", () => {
            const body = Buffer.concat(held).subarray(0, fault.afterBytes);
            const first = Math.floor(body.length / 2);
            res.write(body.subarray(0, first));
            setTimeout(() => res.write(body.subarray(first)), 1200);
            this.stalled.push(res);
          });
          return;
        }
        let sent = 0;
        reply.on("data", (chunk: Buffer) => {
          if (sent >= fault.afterBytes) return;
          const part = chunk.subarray(0, fault.afterBytes - sent);
          sent += part.length;
          res.write(part);
          if (sent >= fault.afterBytes) {
            // Let the bytes reach the browser, then drop the connection mid-body.
            setTimeout(() => res.socket?.destroy(), 50);
            reply.destroy();
          }
        });
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  }

  packRequests(): SeenRequest[] {
    return this.seen.filter((r) => r.path.startsWith("/api/content/packs/"));
  }

  /** Drops every stalled connection. */
  releaseStalled(): void {
    for (const res of this.stalled.splice(0)) res.socket?.destroy();
  }

  async stop(): Promise<void> {
    this.releaseStalled();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
