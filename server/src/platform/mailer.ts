import nodemailer from 'nodemailer';
import type { OptionStore } from './option-store';

export interface Mail {
  to: string;
  subject: string;
  html: string;
}

/** Whether the administrator has filled in enough of SMTP to send anything. */
export const mailConfigured = (options: OptionStore): boolean => options.string('SMTPServer').trim() !== '';

/**
 * Sends one message over the SMTP* options, read at the moment of sending so a saved change
 * applies at once. SMTPSSLEnabled means implicit TLS (port 465 style); otherwise STARTTLS when offered.
 */
export async function sendMail(options: OptionStore, mail: Mail): Promise<void> {
  const account = options.string('SMTPAccount');
  const transport = nodemailer.createTransport({
    host: options.string('SMTPServer').trim(),
    port: options.number('SMTPPort') || 587,
    secure: options.boolean('SMTPSSLEnabled'),
    auth: account ? { user: account, pass: options.string('SMTPToken') } : undefined,
    connectionTimeout: 10_000,
    socketTimeout: 20_000,
  });
  try {
    await transport.sendMail({
      from: options.string('SMTPFrom') || account,
      to: mail.to,
      subject: mail.subject,
      html: mail.html,
    });
  } finally {
    transport.close();
  }
}
