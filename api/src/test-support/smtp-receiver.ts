/**
 * A real SMTP server on 127.0.0.1 for tests (smtp-server), each received mail parsed with
 * mailparser. Tests wait for the next mail to an address and follow its link or code, so mail
 * is tested the way it travels, never through a stand-in transport.
 */
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Every http(s) address in the plain-text part. */
  links: string[];
}

export interface SmtpReceiver {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** The next mail to `to` (or one already received and not yet taken). */
  next(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  /** Mails to `to` received so far and not taken. */
  pending(to: string): ReceivedMail[];
  close(): Promise<void>;
}

function toMail(parsed: ParsedMail): ReceivedMail {
  const address = (value: ParsedMail["to"]) =>
    (Array.isArray(value) ? value : value ? [value] : [])
      .flatMap((a) => a.value.map((v) => v.address ?? ""))
      .join(", ")
      .toLowerCase();
  const text = parsed.text ?? "";
  return {
    to: address(parsed.to),
    from: parsed.from?.text ?? "",
    subject: parsed.subject ?? "",
    text,
    html: typeof parsed.html === "string" ? parsed.html : "",
    links: text.match(/https?:\/\/[^\s<>"]+/g) ?? [],
  };
}

export async function startSmtpReceiver(port = 0): Promise<SmtpReceiver> {
  const received: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters: { to: string; resolve: (mail: ReceivedMail) => void }[] = [];

  const deliver = (mail: ReceivedMail) => {
    received.push(mail);
    const waiter = waiters.findIndex((w) => w.to === mail.to);
    if (waiter >= 0) {
      const [w] = waiters.splice(waiter, 1);
      taken.add(mail);
      w?.resolve(mail);
    }
  };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          deliver(toMail(parsed));
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.server.address();
  const bound = typeof address === "object" && address ? address.port : port;

  const pending = (to: string) => received.filter((m) => m.to === to.toLowerCase() && !taken.has(m));
  return {
    port: bound,
    url: `smtp://127.0.0.1:${bound}`,
    received,
    pending,
    next(to, timeoutMs = 10_000) {
      const waiting = pending(to)[0];
      if (waiting) {
        taken.add(waiting);
        return Promise.resolve(waiting);
      }
      return new Promise((resolve, reject) => {
        const entry = { to: to.toLowerCase(), resolve };
        waiters.push(entry);
        setTimeout(() => {
          const i = waiters.indexOf(entry);
          if (i >= 0) {
            waiters.splice(i, 1);
            reject(new Error(`no mail to ${to} within ${timeoutMs} ms`));
          }
        }, timeoutMs).unref?.();
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
