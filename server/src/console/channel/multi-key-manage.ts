import {
  ChannelStatus,
  KeyStatus,
  MULTI_KEY_PAGE_SIZE_MAXIMUM,
  multiKeyActions,
  type MultiKeyAction,
  type MultiKeyManageRequest,
  type MultiKeyStatusPage,
  type MultiKeyStatusRow,
} from '@switchboard/contract';
import type { Updateable } from 'kysely';
import type { AppContext } from '../../app-context';
import type { ChannelsTable } from '../../db/tables/channels';
import {
  allEnabled,
  enabledIndexes,
  joinKeys,
  keyStatus,
  parseChannelInfo,
  storedKeys,
  withKeyStatus,
  withoutIndexes,
  type ChannelInfo,
} from '../../domain/multi-key';
import { refuse } from '../../platform/errors';
import { fill, type Text } from '../../platform/text';
import type { ChannelRow } from './channel-view';
import { changeChannels } from './channel-writes';
import type { ChannelService } from './channel-service';
import { messages } from '../../platform/i18n/catalogue';

const DEFAULT_PAGE_SIZE = 50;
const PREVIEW_LENGTH = 10;

/** What an action answers: `data` (status page, deleted count) and the message. */
export interface ManageOutcome {
  data?: MultiKeyStatusPage | number;
  message: Text;
}

/** `get_key_status`: every key's status, filtered and paged; the counts ignore the filter. */
function statusPage(keys: string[], info: ChannelInfo, request: MultiKeyManageRequest): MultiKeyStatusPage {
  const rows: MultiKeyStatusRow[] = keys.map((key, index) => {
    const status = keyStatus(info, index);
    const row: MultiKeyStatusRow = { index, status, key_preview: `${key.slice(0, PREVIEW_LENGTH)}...` };
    const time = info.multi_key_disabled_time?.[String(index)];
    const reason = info.multi_key_disabled_reason?.[String(index)];
    if (status !== KeyStatus.Enabled && time !== undefined) row.disabled_time = time;
    if (status !== KeyStatus.Enabled && reason !== undefined) row.reason = reason;
    return row;
  });
  const count = (status: number) => rows.filter((row) => row.status === status).length;
  const filter = request.status;
  const matching = filter === 1 || filter === 2 || filter === 3 ? rows.filter((row) => row.status === filter) : rows;
  const pageSize = Math.min(
    MULTI_KEY_PAGE_SIZE_MAXIMUM,
    request.page_size && request.page_size > 0 ? request.page_size : DEFAULT_PAGE_SIZE,
  );
  const totalPages = Math.ceil(matching.length / pageSize);
  const page = Math.max(1, Math.min(request.page && request.page > 0 ? request.page : 1, Math.max(1, totalPages)));
  return {
    keys: matching.slice((page - 1) * pageSize, page * pageSize),
    total: matching.length,
    page,
    page_size: pageSize,
    total_pages: totalPages,
    enabled_count: count(KeyStatus.Enabled),
    manual_disabled_count: count(KeyStatus.ManuallyDisabled),
    auto_disabled_count: count(KeyStatus.AutoDisabled),
  };
}

/**
 * `POST /api/channel/multi_key/manage` (issue 37): reads and changes the keys of one multi-key channel.
 * A change that leaves no key enabled disables an enabled channel (by hand); one that enables a key
 * brings back a channel that was disabled automatically (its keys were all refused). Manually disabled
 * channels stay as they are.
 */
export class MultiKeyManager {
  constructor(
    private readonly context: AppContext,
    private readonly channels: ChannelService,
  ) {}

  async manage(request: MultiKeyManageRequest): Promise<ManageOutcome> {
    const action = request.action as MultiKeyAction;
    if (!(multiKeyActions as readonly string[]).includes(action)) refuse(messages.multiKey.unsupportedAction);
    const row = await this.channels.find(request.channel_id);
    const info = parseChannelInfo(row.channel_info);
    if (!info.is_multi_key) refuse(messages.multiKey.notMultiKey);
    const keys = storedKeys(row.type, row.key);
    if (action === 'get_key_status')
      return { data: statusPage(keys, info, request), message: messages.multiKey.statusRead };
    const index = (): number => {
      const at = request.key_index;
      if (at === null || at === undefined || at < 0 || at >= keys.length)
        refuse(fill(messages.multiKey.indexOutOfRange, { size: keys.length }));
      return at!;
    };
    switch (action) {
      case 'disable_key':
        await this.save(row, keys, withKeyStatus(info, index(), KeyStatus.ManuallyDisabled));
        return { message: messages.multiKey.keyDisabled };
      case 'enable_key':
        await this.save(row, keys, withKeyStatus(info, index(), KeyStatus.Enabled));
        return { message: messages.multiKey.keyEnabled };
      case 'enable_all_keys':
        await this.save(row, keys, allEnabled(info));
        return { message: messages.multiKey.allEnabled };
      case 'disable_all_keys': {
        const enabled = enabledIndexes(info, keys.length);
        if (enabled.length === 0) refuse(messages.multiKey.noKeysToDisable);
        const next = enabled.reduce((each, at) => withKeyStatus(each, at, KeyStatus.ManuallyDisabled), info);
        await this.save(row, keys, next);
        return { message: fill(messages.multiKey.allDisabled, { count: enabled.length }) };
      }
      case 'delete_key': {
        const at = index();
        if (keys.length <= 1) refuse(messages.multiKey.lastKey);
        await this.save(
          row,
          keys.filter((_, each) => each !== at),
          withoutIndexes(info, new Set([at]), keys.length),
        );
        return { message: messages.multiKey.keyDeleted };
      }
      case 'delete_disabled_keys': {
        const removed = new Set(
          keys.flatMap((_, each) => (keyStatus(info, each) === KeyStatus.AutoDisabled ? [each] : [])),
        );
        if (removed.size === 0) refuse(messages.multiKey.noneToDelete);
        if (removed.size === keys.length) refuse(messages.multiKey.lastKey);
        await this.save(
          row,
          keys.filter((_, each) => !removed.has(each)),
          withoutIndexes(info, removed, keys.length),
        );
        return { data: removed.size, message: fill(messages.multiKey.disabledDeleted, { count: removed.size }) };
      }
    }
    return refuse(messages.multiKey.unsupportedAction);
  }

  private async save(row: ChannelRow, keys: string[], info: ChannelInfo): Promise<void> {
    const values: Updateable<ChannelsTable> = {
      key: joinKeys(keys),
      channel_info: JSON.stringify({ ...info, multi_key_size: keys.length }),
    };
    const anyEnabled = enabledIndexes(info, keys.length).length > 0;
    if (!anyEnabled && row.status === ChannelStatus.Enabled) values.status = ChannelStatus.Disabled;
    if (anyEnabled && row.status === ChannelStatus.AutoDisabled) values.status = ChannelStatus.Enabled;
    await changeChannels(this.context, (writer) => writer.update([row.id], values));
  }
}
