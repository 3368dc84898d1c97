/**
 * Where mail goes: over SMTP when `SMTP_URL` is set (nodemailer), otherwise into files under
 * `./data/mail/` (one `.eml` per mail, readable in any mail program or a text editor), with
 * each link printed to the log so the embedded quick start needs no mail server.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import nodemailer from "nodemailer";
import type { MailMessage } from "./outbox.ts";

export interface MailTransport {
  send(message: MailMessage & { from: string }): Promise<void>;
  close(): void;
}

export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transporter.sendMail(message);
    },
    close: () => transporter.close(),
  };
}

/** Writes each mail as an .eml file (nodemailer builds the MIME) and logs its links. */
export function fileTransport(dir: string, log: (line: string) => void = console.log): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const info = await transporter.sendMail(message);
      mkdirSync(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = join(dir, `${stamp}-${message.to.replace(/[^a-z0-9@._-]/gi, "_")}.eml`);
      writeFileSync(file, info.message as Buffer);
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      log(
        `mail to ${message.to}: "${message.subject}" written to ${file}${links.length ? `\n  ${links.join("\n  ")}` : ""}`,
      );
    },
    close: () => transporter.close(),
  };
}
