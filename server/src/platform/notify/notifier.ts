import { jsonObjectOf, Role } from '@switchboard/contract';
import type { AppContext } from '../../app-context';
import { mailConfigured, sendMail } from '../mailer';
import { perContext } from '../per-context';
import type { Text } from '../text';
import { NotifyThrottle } from './throttle';
import { sendWebhook } from './webhook';

/** A notice in both languages; `type` names it in the webhook body. */
export interface Notice {
  type: 'quota_warning' | 'channel_disabled' | 'channel_enabled' | 'channel_model_update';
  title: Text;
  content: Text;
}

export interface NoticeRecipient {
  email: string;
  /** the user's setting JSON: notify_type, webhook_url, webhook_secret, notification_email */
  setting: string;
}

interface NotifySetting {
  notify_type?: string;
  webhook_url?: string;
  webhook_secret?: string;
  notification_email?: string;
}

const bothLanguages = (text: Text, separator: string) =>
  text.zh === text.en ? text.zh : `${text.zh}${separator}${text.en}`;
const escapeHtml = (text: string) => text.replace(/[&<>]/g, (character) => `&#${character.charCodeAt(0)};`);

/** Sends notices to users by their notify_type (email or webhook), and throttled ones to root. */
export class Notifier {
  private readonly throttle: NotifyThrottle;

  constructor(private readonly context: AppContext) {
    const { NOTIFY_LIMIT_COUNT, NOTIFICATION_LIMIT_DURATION_MINUTE } = context.config;
    this.throttle = new NotifyThrottle(NOTIFY_LIMIT_COUNT, NOTIFICATION_LIMIT_DURATION_MINUTE * 60_000);
  }

  /** Delivers one notice; throws when it could not be delivered (no address, SMTP or webhook failure). */
  async send(recipient: NoticeRecipient, notice: Notice): Promise<void> {
    const setting: NotifySetting = jsonObjectOf(recipient.setting);
    const title = bothLanguages(notice.title, ' / ');
    const content = bothLanguages(notice.content, '\n');
    if (setting.notify_type === 'webhook' && setting.webhook_url) {
      await sendWebhook(
        {
          url: setting.webhook_url,
          secret: setting.webhook_secret ?? '',
          allowInternal:
            this.context.options.boolean('WebhookInternalAddressEnabled') ||
            this.context.config.OUTBOUND_ALLOW_INTERNAL,
        },
        { type: notice.type, title, content, timestamp: Math.floor(Date.now() / 1000) },
      );
      return;
    }
    const to = setting.notification_email?.trim() || recipient.email.trim();
    if (!to) throw new Error('the recipient has neither a notification email nor a webhook');
    if (!mailConfigured(this.context.options)) throw new Error('SMTP is not configured; the notice cannot be mailed');
    const html = escapeHtml(content).replace(/\n/g, '<br>');
    await sendMail(this.context.options, { to, subject: title, html: `<p>${html}</p>` });
  }

  /**
   * Tells root (the first super admin) about `key` (e.g. one channel), at most NOTIFY_LIMIT_COUNT times
   * per NOTIFICATION_LIMIT_DURATION_MINUTE; a failure is logged, never thrown.
   */
  async notifyRoot(key: string, notice: Notice): Promise<void> {
    if (!this.throttle.take(key)) return;
    try {
      const root = await this.context.database.db
        .selectFrom('users')
        .select(['email', 'setting'])
        .where('role', '>=', Role.Root)
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .executeTakeFirst();
      if (root) await this.send(root, notice);
    } catch (error) {
      this.report(error, notice);
    }
  }

  report(error: unknown, notice: Notice): void {
    reporters.get(this.context)?.warn({ err: error, notice: notice.type }, 'a notification could not be delivered');
  }
}

interface NotifyReporter {
  warn(details: object, message: string): void;
}

const reporters = new WeakMap<AppContext, NotifyReporter>();

/** The context's notifier, made on first use. */
export const notifierOf = perContext((context) => new Notifier(context));

/** Where failed deliveries are reported (the server's logger). */
export function reportNotificationsTo(context: AppContext, reporter: NotifyReporter): void {
  reporters.set(context, reporter);
}
