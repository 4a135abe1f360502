import { Injectable, Logger } from '@nestjs/common';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { Transporter } from 'nodemailer';
import { IdentityEnv } from '../identity.env';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Outgoing mail through nodemailer: SMTP when SMTP_URL is set; otherwise each message is written as JSON
 * to MAIL_DIR (git-ignored) and its path logged, so flows like password reset work without a mail server.
 */
@Injectable()
export class Mailer {
  private readonly logger = new Logger(Mailer.name);
  private readonly transport: Transporter;

  constructor(private readonly env: IdentityEnv) {
    this.transport = env.SMTP_URL
      ? nodemailer.createTransport(env.SMTP_URL)
      : nodemailer.createTransport({ jsonTransport: true });
  }

  async send(mail: Mail): Promise<void> {
    const info = await this.transport.sendMail({ from: this.env.MAIL_FROM, ...mail });
    if (this.env.SMTP_URL) {
      this.logger.log(`mail "${mail.subject}" sent (${info.messageId})`);
      return;
    }
    const dir = path.resolve(this.env.MAIL_DIR);
    await fs.mkdir(dir, { recursive: true });
    const file = path.join(
      dir,
      `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.to.replace(/[^\w@.-]/g, '_')}.json`,
    );
    await fs.writeFile(file, String(info.message));
    this.logger.log(`mail "${mail.subject}" to ${mail.to} written to ${file}`);
  }
}
