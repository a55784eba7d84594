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
import { optionMessages, shapeMessages } from './messages';
import { isPaymentComplianceKey } from './payment-compliance';

export interface OptionEntry {
  key: string;
  value: string;
}

function problemText(key: string, problem: OptionProblem): Text {
  switch (problem.kind) {
    case 'json':
      return fill(optionMessages.notJson, { key });
    case 'duplicateName':
      return fill(optionMessages.duplicateName, { key, name: problem.name });
    case 'negativeEntry':
      return fill(optionMessages.negativeEntry, { key, name: problem.name });
    case 'entryNotNumber':
      return fill(optionMessages.entryNotNumber, { key, name: problem.name });
    case 'entryNotText':
      return fill(optionMessages.entryNotText, { key, name: problem.name });
    case 'boolean':
      return fill(optionMessages.notBoolean, { key });
    case 'number':
      return fill(optionMessages.notNumber, { key });
    case 'integer':
      return fill(optionMessages.notInteger, { key });
    case 'minimum':
      return fill(optionMessages.belowMinimum, { key, min: problem.min });
    case 'maximum':
      return fill(optionMessages.aboveMaximum, { key, max: problem.max });
    case 'url':
      return fill(optionMessages.notAddress, { key });
    case 'unsafeLink':
      return fill(optionMessages.unsafeLink, { key, name: problem.name, scheme: problem.scheme });
    case 'shape':
      return fill(shapeMessages[problem.shape], { key, choices: geminiSafetyThresholds.join(', ') });
    case 'prefix':
      return fill(optionMessages.notPrefix, { key, prefixes: problem.prefixes.join(' / ') });
    case 'choice':
      return fill(optionMessages.notChoice, { key, choices: problem.choices.join(', ') });
    case 'notPositive':
      return fill(optionMessages.notPositive, { key });
    case 'groupNameEmpty':
      return fill(optionMessages.groupNameEmpty, { key });
    case 'groupNameSpaces':
      return fill(optionMessages.groupNameSpaces, { key, name: problem.name });
    case 'affinityRule':
      return problem.rule === 0 ? fill(optionMessages.affinityRulesNotList, { key }) : fill(optionMessages.affinityRule, { key, rule: problem.rule, field: problem.field });
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
    if (!isOptionKey(key)) throw new AppError(fill(optionMessages.unknownKey, { key }));
    if (isPaymentComplianceKey(key)) throw new AppError(optionMessages.complianceByConfirmation);
    const text = textOf(value);
    if (text === null) throw new AppError(optionMessages.valueMissing);
    const normalised = normaliseOptionValue(key, text);
    const problem = optionValueProblem(key, normalised);
    if (problem) throw new AppError(problemText(key, problem));
    this.refuseMissingPrerequisite(key, normalised);
    if (key === 'oidc.well_known' && normalised.trim() !== '') {
      // Discovery fills the three endpoints; an unreadable document refuses the save and changes nothing.
      const endpoints = await discoverOidcEndpoints(normalised.trim());
      for (const [endpointKey, endpoint] of Object.entries(endpoints)) await this.context.options.save(endpointKey as OptionKey, endpoint);
    }
    await this.context.options.save(key, normalised);
  }

  /**
   * Values that need another option filled first: the human check, GitHub and LinuxDO sign-in without
   * their keys would break every sign-in or lead to `authorize?client_id=`; a payment address without the
   * server address would give the payment gateway no callback address.
   */
  private refuseMissingPrerequisite(key: string, value: string): void {
    const filled = (other: OptionKey) => this.context.options.string(other).trim() !== '';
    const turnsOn = value === 'true';
    if (key === 'TurnstileCheckEnabled' && turnsOn && !(filled('TurnstileSiteKey') && filled('TurnstileSecretKey'))) {
      throw new AppError(optionMessages.turnstileKeysFirst);
    }
    if (key === 'GitHubOAuthEnabled' && turnsOn && !(filled('GitHubClientId') && filled('GitHubClientSecret'))) {
      throw new AppError(optionMessages.gitHubKeysFirst);
    }
    if (key === 'LinuxDOOAuthEnabled' && turnsOn && !(filled('LinuxDOClientId') && filled('LinuxDOClientSecret'))) {
      throw new AppError(optionMessages.linuxDoKeysFirst);
    }
    if (key === 'PayAddress' && value.trim() !== '' && !filled('ServerAddress')) throw new AppError(optionMessages.serverAddressFirst);
    if (key === 'ServerAddress' && value.trim() === '' && filled('PayAddress')) throw new AppError(optionMessages.serverAddressNeeded);
  }

  /** Puts the model ratio, completion ratio, price and audio tables back to the defaults. */
  async resetPriceTables(): Promise<Text> {
    for (const key of priceTableKeys) await this.context.options.save(key, optionCatalogue[key].default);
    return optionMessages.priceTablesReset;
  }
}
