import {
  ChannelStatus,
  type ChannelCreateRequest,
  type ChannelListQuery,
  type ChannelSearchQuery,
  type ChannelUpdateRequest,
  type ChannelView,
  type PageData,
} from '@switchboard/contract';
import type { Insertable } from 'kysely';
import type { AppContext } from '../../app-context';
import { nowSeconds } from '../../db/dialect';
import type { ChannelsTable } from '../../db/tables/channels';
import { AppError } from '../../platform/errors';
import { repairAbilities } from './abilities';
import { toChannelView, type ChannelRow } from './channel-view';
import { changeChannels } from './channel-writes';
import { checkDestinationChange } from './destination-guard';
import { ChannelRepository, type ChannelPageRequest } from './repository';
import { validateChannelChanges, validateNewChannel } from './validation';
import { messages } from '../../platform/i18n/catalogue';

/** The suffix a copied channel's name gets unless the caller names another. */
export const COPY_SUFFIX = '_copy';

function toPage(rows: ChannelRow[], total: number, page: number, pageSize: number): PageData<ChannelView> {
  return { items: rows.map(toChannelView), page, page_size: pageSize, total };
}

/** The channel rules of spec 001: listing, creating, updating, deleting, copying and repairing. */
export class ChannelService {
  readonly repository: ChannelRepository;

  constructor(private readonly context: AppContext) {
    this.repository = new ChannelRepository(context.database);
  }

  /** One page; `p` counts from 0. */
  async list(query: ChannelListQuery): Promise<PageData<ChannelView>> {
    const request: ChannelPageRequest = {
      filter: {},
      idSort: query.id_sort,
      tagMode: query.tag_mode,
      page: { offset: query.p * query.page_size, limit: query.page_size },
    };
    const { rows, total } = await this.repository.page(request);
    return toPage(rows, total, query.p, query.page_size);
  }

  /** Every match, or one page (`p` from 0) when a page size is given. */
  async search(query: ChannelSearchQuery): Promise<PageData<ChannelView>> {
    const request: ChannelPageRequest = {
      filter: { keyword: query.keyword, group: query.group, model: query.model },
      idSort: query.id_sort,
      tagMode: query.tag_mode,
      page: query.page_size ? { offset: query.p * query.page_size, limit: query.page_size } : null,
    };
    const { rows, total } = await this.repository.page(request);
    return toPage(rows, total, query.page_size ? query.p : 0, query.page_size ?? total);
  }

  async find(id: number): Promise<ChannelRow> {
    const row = await this.repository.findById(id);
    if (!row) throw new AppError(messages.channel.channelNotFound, { code: 'channel_not_found' });
    return row;
  }

  async view(id: number): Promise<ChannelView> {
    return toChannelView(await this.find(id));
  }

  async key(id: number): Promise<string> {
    return (await this.find(id)).key;
  }

  /** Creates one channel, one per key line (batch), or one multi-key channel (multi_to_single); answers the new ids. */
  async create(request: ChannelCreateRequest): Promise<number[]> {
    const { columns, channels } = validateNewChannel(request);
    const createdTime = nowSeconds();
    return changeChannels(this.context, async (writer) => {
      const ids: number[] = [];
      for (const channel of channels) {
        ids.push(
          await writer.insert({
            ...columns,
            ...channel,
            created_time: createdTime,
            other_info: '{}',
          } as Insertable<ChannelsTable>),
        );
      }
      return ids;
    });
  }

  /**
   * A full update, or only the fields sent (`{id, status}`, `{id, priority}`, `{id, weight}`). An editor
   * below root who moves the channel (type, base URL, address fields) must give its key again.
   */
  async update(request: ChannelUpdateRequest, editorRole: number): Promise<ChannelView> {
    const existing = await this.find(request.id);
    const columns = validateChannelChanges(existing, request);
    checkDestinationChange(existing, columns, editorRole);
    if (Object.keys(columns).length > 0) {
      await changeChannels(this.context, (writer) => writer.update([existing.id], columns));
    }
    return this.view(existing.id);
  }

  async remove(id: number): Promise<void> {
    const removed = await changeChannels(this.context, (writer) => writer.remove([id]));
    if (removed === 0) throw new AppError(messages.channel.channelNotFound, { code: 'channel_not_found' });
  }

  /** Deletes the selected channels; answers how many were deleted. */
  async removeMany(ids: number[] | null | undefined): Promise<number> {
    if (!ids || ids.length === 0) throw new AppError(messages.channel.selectChannelsToDelete);
    return changeChannels(this.context, (writer) => writer.remove([...new Set(ids)]));
  }

  /** Deletes every manually or automatically disabled channel; answers the count. */
  async removeDisabled(): Promise<number> {
    return changeChannels(this.context, async (writer) => {
      const rows = await writer.executor
        .selectFrom('channels')
        .select('id')
        .where('status', 'in', [ChannelStatus.Disabled, ChannelStatus.AutoDisabled])
        .execute();
      return writer.remove(rows.map((row) => Number(row.id)));
    });
  }

  /** Copies a channel with its key under a new name; usage, balance and test results start over. */
  async copy(id: number, suffix: string): Promise<number> {
    const source = await this.find(id);
    const { id: _sourceId, ...columns } = source;
    return changeChannels(this.context, (writer) =>
      writer.insert({
        ...columns,
        name: `${source.name}${suffix}`,
        created_time: nowSeconds(),
        used_quota: 0,
        balance: 0,
        balance_updated_time: 0,
        response_time: 0,
        test_time: 0,
      }),
    );
  }

  /** Rebuilds abilities from the channels; answers how many channels needed it. */
  async repair(): Promise<number> {
    const { db } = this.context.database;
    const repaired = await db.transaction().execute((transaction) => repairAbilities(transaction));
    await this.context.bus.channelsChanged();
    return repaired;
  }
}
