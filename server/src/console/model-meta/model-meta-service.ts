import {
  ModelNameRule,
  modelNameMatches,
  type BoundChannel,
  type ModelMetaBody,
  type ModelMetaView,
  type PageData,
} from '@switchboard/contract';
import type { AppContext } from '../../app-context';
import { nowSeconds, toNumber } from '../../db/dialect';
import type { PageRequest } from '../paging';
import { AppError } from '../../platform/errors';
import { fill } from '../../platform/text';
import { ModelMetaRepository, type ModelFilter, type ModelRow, type ServedAbility } from './repository';
import { messages } from '../../platform/i18n/catalogue';

/** Metadata entries a `missing` answer or a rule's `matched_models` lists at most. */
const MATCHED_LIMIT = 1000;

function baseView(row: ModelRow): Omit<ModelMetaView, 'bound_channels' | 'enable_groups' | 'quota_types'> {
  return {
    id: toNumber(row.id),
    model_name: row.model_name,
    description: row.description,
    icon: row.icon,
    tags: row.tags,
    vendor_id: toNumber(row.vendor_id),
    endpoints: row.endpoints,
    status: toNumber(row.status),
    sync_official: toNumber(row.sync_official),
    name_rule: toNumber(row.name_rule),
    created_time: toNumber(row.created_time),
    updated_time: toNumber(row.updated_time),
  };
}

/** Model metadata (issue 37; reference §10): CRUD, with what the channels serve of each entry. */
export class ModelMetaService {
  readonly repository: ModelMetaRepository;

  constructor(private readonly context: AppContext) {
    this.repository = new ModelMetaRepository(context.database);
  }

  async page(filter: ModelFilter, paging: PageRequest): Promise<PageData<ModelMetaView>> {
    const rows = await this.repository.page(filter, paging.offset, paging.size);
    return {
      items: await this.views(rows),
      total: await this.repository.count(filter),
      page: paging.page,
      page_size: paging.size,
    };
  }

  async view(id: number): Promise<ModelMetaView> {
    const row = await this.repository.find(id);
    if (!row) throw new AppError(messages.modelMeta.notFound);
    return (await this.views([row]))[0] as ModelMetaView;
  }

  /** The rows with their channels, enabled groups and billing kinds; a rule lists the served names it matches. */
  private async views(rows: ModelRow[]): Promise<ModelMetaView[]> {
    if (rows.length === 0) return [];
    const served = await this.repository.servedNames();
    const matchedOf = new Map<ModelRow, string[]>();
    for (const row of rows) {
      const rule = toNumber(row.name_rule);
      matchedOf.set(
        row,
        rule === ModelNameRule.Exact
          ? [row.model_name]
          : served.filter((name) => modelNameMatches(row.model_name, rule, name)),
      );
    }
    const names = [...new Set([...matchedOf.values()].flat())];
    const byModel = new Map<string, ServedAbility[]>();
    for (const ability of await this.repository.abilitiesOf(names)) {
      const list = byModel.get(ability.model) ?? [];
      list.push(ability);
      byModel.set(ability.model, list);
    }
    const perCall = this.context.options.json<Record<string, number>>('ModelPrice') ?? {};
    return rows.map((row) => {
      const matched = matchedOf.get(row) ?? [];
      const abilities = matched.flatMap((name) => byModel.get(name) ?? []);
      const channels = new Map<number, BoundChannel>();
      for (const ability of abilities)
        channels.set(ability.channelId, { name: ability.channelName, type: ability.channelType });
      const groups = [
        ...new Set(abilities.filter((ability) => ability.enabled).map((ability) => ability.group)),
      ].sort();
      const kinds = new Set(
        (matched.length > 0 ? matched : [row.model_name]).map((name) => (Object.hasOwn(perCall, name) ? 1 : 0)),
      );
      const view: ModelMetaView = {
        ...baseView(row),
        bound_channels: [...channels.values()],
        enable_groups: groups,
        quota_types: [...kinds].sort(),
      };
      if (toNumber(row.name_rule) !== ModelNameRule.Exact) {
        view.matched_models = matched.slice(0, MATCHED_LIMIT);
        view.matched_count = matched.length;
      }
      return view;
    });
  }

  private async check(body: ModelMetaBody, id?: number): Promise<void> {
    const holder = await this.repository.idOfName(body.model_name);
    if (holder !== undefined && holder !== id)
      throw new AppError(fill(messages.modelMeta.nameTaken, { name: body.model_name }));
    if (body.vendor_id && !(await this.repository.vendorExists(body.vendor_id))) {
      throw new AppError(fill(messages.modelMeta.vendorNotFound, { id: body.vendor_id }));
    }
    if (body.endpoints?.trim()) {
      try {
        JSON.parse(body.endpoints);
      } catch {
        throw new AppError(messages.modelMeta.endpointsInvalid);
      }
    }
  }

  private fields(body: ModelMetaBody) {
    const { id: _id, ...fields } = body;
    return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  }

  async create(body: ModelMetaBody): Promise<ModelMetaView> {
    await this.check(body);
    const now = nowSeconds();
    const id = await this.repository.insert({
      description: '',
      endpoints: '',
      ...this.fields(body),
      model_name: body.model_name,
      created_time: now,
      updated_time: now,
    });
    return this.view(id);
  }

  async update(body: ModelMetaBody): Promise<ModelMetaView> {
    if (!body.id) throw new AppError(messages.modelMeta.idRequired);
    if (!(await this.repository.find(body.id))) throw new AppError(messages.modelMeta.notFound);
    await this.check(body, body.id);
    await this.repository.update(body.id, { ...this.fields(body), updated_time: nowSeconds() });
    return this.view(body.id);
  }

  async setStatus(id: number, status: number): Promise<ModelMetaView> {
    if (!(await this.repository.find(id))) throw new AppError(messages.modelMeta.notFound);
    await this.repository.update(id, { status, updated_time: nowSeconds() });
    return this.view(id);
  }

  async remove(id: number): Promise<void> {
    if (!(await this.repository.remove(id))) throw new AppError(messages.modelMeta.notFound);
  }

  /** Names the channels serve that no metadata covers (exactly or by its rule), sorted. */
  async missing(): Promise<string[]> {
    const entries = await this.repository.names();
    const exact = new Set(
      entries.filter((entry) => entry.name_rule === ModelNameRule.Exact).map((entry) => entry.model_name),
    );
    const rules = entries.filter((entry) => entry.name_rule !== ModelNameRule.Exact);
    return (await this.repository.servedNames())
      .filter(
        (name) => !exact.has(name) && !rules.some((rule) => modelNameMatches(rule.model_name, rule.name_rule, name)),
      )
      .sort();
  }
}
