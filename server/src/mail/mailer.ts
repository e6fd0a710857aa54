/**
 * Outgoing e-mail through nodemailer. With SMTP_URL: real SMTP. Without: each mail is written
 * as an .eml file to DATA_DIR/outbox and its links are printed in the log.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<{ messageId: string; file?: string }>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl?: string | undefined;
  from: string;
  outboxDir: string;
  log: (line: string) => void;
}

export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        const info = await transport.sendMail({ from: options.from, ...message });
        return { messageId: String(info.messageId) };
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await mkdir(options.outboxDir, { recursive: true });
      const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = path.join(options.outboxDir, `${Date.now()}-${safeTo}.eml`);
      await writeFile(file, info.message as Buffer);
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      options.log(
        `mail to ${message.to}: "${message.subject}" written to ${file}${links.length ? ` links: ${links.join(' ')}` : ''}`,
      );
      return { messageId: String(info.messageId), file };
    },
    close: () => transport.close(),
  };
}
