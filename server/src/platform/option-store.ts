import { isOptionKey, optionCatalogue, optionKeys, type OptionKey } from '@switchboard/contract';
import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../config';
import { upsert } from '../db/dialect';
import type { Tables } from '../db/tables/index';
import type { InvalidationBus } from './invalidation-bus';

type Listener = (key: OptionKey) => void;

function parse(key: OptionKey, value: string): unknown {
  switch (optionCatalogue[key].kind) {
    case 'boolean':
      return value === 'true';
    case 'number':
      return Number(value);
    case 'json':
      try {
        return JSON.parse(value);
      } catch {
        return JSON.parse(optionCatalogue[key].default);
      }
    default:
      return value;
  }
}

/**
 * Options in memory: defaults overlaid by the database, read without I/O on every request and
 * changed the moment one is saved (here, and on other instances through the bus).
 */
export class OptionStore {
  private readonly raw = new Map<OptionKey, string>();
  private readonly parsed = new Map<OptionKey, unknown>();
  private readonly listeners: Listener[] = [];

  constructor(
    private readonly db: Kysely<Tables>,
    private readonly kind: DatabaseKind,
    private readonly bus: InvalidationBus,
  ) {
    for (const key of optionKeys) this.apply(key, optionCatalogue[key].default);
    bus.onOptionChanged((key) => {
      // Returned: the change counts as applied (and acknowledged to its writer) once reloaded.
      if (isOptionKey(key)) return this.reload(key);
    });
  }

  /** Overlays every stored row on the defaults. */
  async load(): Promise<void> {
    const rows = await this.db.selectFrom('options').select(['key', 'value']).execute();
    for (const row of rows) if (isOptionKey(row.key)) this.apply(row.key, row.value);
  }

  string(key: OptionKey): string {
    return this.raw.get(key) ?? '';
  }

  boolean(key: OptionKey): boolean {
    return this.parsed.get(key) === true;
  }

  number(key: OptionKey): number {
    const value = this.parsed.get(key);
    return typeof value === 'number' && Number.isFinite(value) ? value : 0;
  }

  json<T>(key: OptionKey): T {
    return this.parsed.get(key) as T;
  }

  entries(): Array<[OptionKey, string]> {
    return [...this.raw.entries()];
  }

  /** Saves one already-validated value and applies it everywhere; resolves once every process applied it. */
  async save(key: OptionKey, value: string): Promise<void> {
    await upsert(this.db, this.kind, 'options', { key, value }, ['key'], { value });
    this.apply(key, value);
    await this.bus.optionChangedElsewhere(key);
  }

  onChange(listener: Listener): void {
    this.listeners.push(listener);
  }

  private async reload(key: OptionKey): Promise<void> {
    const row = await this.db.selectFrom('options').select('value').where('key', '=', key).executeTakeFirst();
    this.apply(key, row?.value ?? optionCatalogue[key].default);
  }

  private apply(key: OptionKey, value: string): void {
    this.raw.set(key, value);
    this.parsed.set(key, parse(key, value));
    for (const listener of this.listeners) listener(key);
  }
}
