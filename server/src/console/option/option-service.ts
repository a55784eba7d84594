import {
  geminiSafetyThresholds,
  isOptionKey,
  isSecretOptionKey,
  normaliseOptionValue,
  optionCatalogue,
  optionValueProblem,
  priceTableKeys,
  type OptionKey,
  type OptionProblem,
} from '@switchboard/contract';
import type { AppContext } from '../../app-context';
import { AppError } from '../../platform/errors';
import { discoverOidcEndpoints } from '../oauth/oidc-discovery';
import { fill, type Text } from '../../platform/text';
import { isPaymentComplianceKey } from './payment-compliance';
import { messages } from '../../platform/i18n/catalogue';

export interface OptionEntry {
  key: string;
  value: string;
}

/** The problems whose message takes only the key and the problem's own figures (name, min, max, scheme). */
type PlainProblem = Exclude<OptionProblem, { kind: 'shape' | 'prefix' | 'choice' | 'affinityRule' }>;

const PLAIN_PROBLEM_MESSAGES: Record<PlainProblem['kind'], keyof typeof messages.option> = {
  json: 'notJson',
  duplicateName: 'duplicateName',
  negativeEntry: 'negativeEntry',
  entryNotNumber: 'entryNotNumber',
  entryNotText: 'entryNotText',
  boolean: 'notBoolean',
  number: 'notNumber',
  integer: 'notInteger',
  minimum: 'belowMinimum',
  maximum: 'aboveMaximum',
  url: 'notAddress',
  unsafeLink: 'unsafeLink',
  notPositive: 'notPositive',
  groupNameEmpty: 'groupNameEmpty',
  groupNameSpaces: 'groupNameSpaces',
};

function problemText(key: string, problem: OptionProblem): Text {
  switch (problem.kind) {
    case 'shape':
      return fill(messages.optionShape[problem.shape], { key, choices: geminiSafetyThresholds.join(', ') });
    case 'prefix':
      return fill(messages.option.notPrefix, { key, prefixes: problem.prefixes.join(' / ') });
    case 'choice':
      return fill(messages.option.notChoice, { key, choices: problem.choices.join(', ') });
    case 'affinityRule':
      return problem.rule === 0
        ? fill(messages.option.affinityRulesNotList, { key })
        : fill(messages.option.affinityRule, { key, rule: problem.rule, field: problem.field });
    default: {
      const { kind, ...figures } = problem;
      return fill(messages.option[PLAIN_PROBLEM_MESSAGES[kind]], { key, ...figures });
    }
  }
}

/**
 * The wire value as text: the console sends strings, scripts may send numbers or booleans. The
 * reference's console leaves `value` out for an emptied field, and the reference stores "" then.
 */
function textOf(value: unknown): string | null {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

/** Reading and changing options (spec 000 §3 Option, §5, §7). */
export class OptionService {
  constructor(private readonly context: AppContext) {}

  /** Every option except secrets, in catalogue order. */
  list(): OptionEntry[] {
    return this.context.options
      .entries()
      .filter(([key]) => !isSecretOptionKey(key))
      .map(([key, value]) => ({ key, value }));
  }

  /** Validates one value, stores it, and applies it everywhere at once; a refused value changes nothing. */
  async update(key: string, value: unknown): Promise<void> {
    if (!isOptionKey(key)) throw new AppError(fill(messages.option.unknownKey, { key }));
    if (isPaymentComplianceKey(key)) throw new AppError(messages.option.complianceByConfirmation);
    const text = textOf(value);
    if (text === null) throw new AppError(messages.option.valueMissing);
    const normalised = normaliseOptionValue(key, text);
    const problem = optionValueProblem(key, normalised);
    if (problem) throw new AppError(problemText(key, problem));
    this.refuseMissingPrerequisite(key, normalised);
    if (key === 'oidc.well_known' && normalised.trim() !== '') {
      // Discovery fills the three endpoints; an unreadable document refuses the save and changes nothing.
      const endpoints = await discoverOidcEndpoints(normalised.trim());
      for (const [endpointKey, endpoint] of Object.entries(endpoints))
        await this.context.options.save(endpointKey as OptionKey, endpoint);
    }
    await this.context.options.save(key, normalised);
  }

  /**
   * Values that need another option filled first: a switch of `switchesNeedingSettings` turned on without
   * its settings (the human check, GitHub and LinuxDO sign-in would break every sign-in or lead to
   * `authorize?client_id=`, WeChat and Telegram sign-in could not succeed); a payment address without the
   * server address would give the payment gateway no callback address.
   */
  private refuseMissingPrerequisite(key: string, value: string): void {
    const filled = (other: OptionKey) => this.context.options.string(other).trim() !== '';
    const needed = switchesNeedingSettings.get(key);
    if (needed && value === 'true' && !needed.settings.every(filled)) throw new AppError(needed.refusal);
    if (key === 'PayAddress' && value.trim() !== '' && !filled('ServerAddress'))
      throw new AppError(messages.option.serverAddressFirst);
    if (key === 'ServerAddress' && value.trim() === '' && filled('PayAddress'))
      throw new AppError(messages.option.serverAddressNeeded);
  }

  /** Puts the model ratio, completion ratio, price and audio tables back to the defaults. */
  async resetPriceTables(): Promise<Text> {
    for (const key of priceTableKeys) await this.context.options.save(key, optionCatalogue[key].default);
    return messages.option.priceTablesReset;
  }
}

/** The switches that may be turned on only once the settings they use are filled, and the refusal. */
const switchesNeedingSettings = new Map<string, { settings: OptionKey[]; refusal: Text }>([
  [
    'TurnstileCheckEnabled',
    {
      settings: ['TurnstileSiteKey', 'TurnstileSecretKey'],
      refusal: messages.option.turnstileKeysFirst,
    },
  ],
  [
    'GitHubOAuthEnabled',
    { settings: ['GitHubClientId', 'GitHubClientSecret'], refusal: messages.option.gitHubKeysFirst },
  ],
  [
    'LinuxDOOAuthEnabled',
    {
      settings: ['LinuxDOClientId', 'LinuxDOClientSecret'],
      refusal: messages.option.linuxDoKeysFirst,
    },
  ],
  [
    'WeChatAuthEnabled',
    {
      settings: ['WeChatServerAddress', 'WeChatServerToken'],
      refusal: messages.option.weChatSettingsFirst,
    },
  ],
  [
    'TelegramOAuthEnabled',
    {
      settings: ['TelegramBotToken', 'TelegramBotName'],
      refusal: messages.option.telegramSettingsFirst,
    },
  ],
]);
