import { ChannelStatus, type ChannelBatchTagRequest, type ChannelTagUpdateRequest } from '@switchboard/contract';
import type { Updateable } from 'kysely';
import type { AppContext } from '../../app-context';
import { toNumber } from '../../db/dialect';
import type { ChannelsTable } from '../../db/tables/channels';
import { AppError } from '../../platform/errors';
import { fill } from '../../platform/text';
import { changeChannels, type ChannelWriter } from './channel-writes';
import { checkJsonObject, normaliseGroups, normaliseModels, parseInteger, parsePriority } from './validation';
import { messages } from '../../platform/i18n/catalogue';

function requireTag(tag: string | null | undefined): string {
  const trimmed = tag?.trim() ?? '';
  if (!trimmed) throw new AppError(messages.channel.tagEmpty);
  return trimmed;
}

async function idsExisting(writer: ChannelWriter, ids: number[]): Promise<number[]> {
  const rows = await writer.executor.selectFrom('channels').select('id').where('id', 'in', ids).execute();
  return rows.map((row) => toNumber(row.id));
}

async function membersOf(writer: ChannelWriter, tag: string): Promise<number[]> {
  const rows = await writer.executor.selectFrom('channels').select('id').where('tag', '=', tag).execute();
  if (rows.length === 0) throw new AppError(fill(messages.channel.tagNotFound, { tag }));
  return rows.map((row) => toNumber(row.id));
}

/**
 * What a tag edit changes on every member (spec 001 "Tag edit dialog"): each filled field overwrites,
 * an empty one means unchanged; an empty new tag dissolves the tag.
 */
export function tagChanges(request: ChannelTagUpdateRequest, tag: string): Updateable<ChannelsTable> {
  const changes: Updateable<ChannelsTable> = {};
  if (request.new_tag !== undefined && request.new_tag !== null && request.new_tag.trim() !== tag) {
    changes.tag = request.new_tag.trim() || null;
  }
  const models = normaliseModels(request.models ?? '');
  if (models.length > 0) changes.models = models.join(',');
  if (request.groups?.trim()) changes.group = normaliseGroups(request.groups);
  if (request.model_mapping?.trim())
    changes.model_mapping = checkJsonObject(request.model_mapping, messages.channel.modelMappingInvalid);
  const priority = parsePriority(request.priority);
  if (priority !== undefined) changes.priority = priority;
  // A tag weight below 0 is taken as 0 (spec 001 §5 Tag update).
  const weight = parseInteger(request.weight, messages.channel.weightInvalid);
  if (weight !== undefined) changes.weight = Math.max(weight, 0);
  return changes;
}

/** Tag-wide operations: edit, enable, disable, and setting a tag on selected channels. */
export class ChannelTagService {
  constructor(private readonly context: AppContext) {}

  async edit(request: ChannelTagUpdateRequest): Promise<number> {
    const tag = requireTag(request.tag);
    const changes = tagChanges(request, tag);
    // The reference answers an edit with nothing changed as a success; our console says "no changes" before sending.
    if (Object.keys(changes).length === 0) return 0;
    return changeChannels(this.context, async (writer) => {
      const ids = await membersOf(writer, tag);
      await writer.update(ids, changes);
      return ids.length;
    });
  }

  /** Enables (status 1) or disables (status 2) every member of the tag; answers how many. */
  async setStatus(tag: string, enabled: boolean): Promise<number> {
    const name = requireTag(tag);
    const status = enabled ? ChannelStatus.Enabled : ChannelStatus.Disabled;
    return changeChannels(this.context, async (writer) => {
      const ids = await membersOf(writer, name);
      await writer.update(ids, { status });
      return ids.length;
    });
  }

  /** Sets one tag on the selected channels; answers how many exist. */
  async setOnChannels(request: ChannelBatchTagRequest): Promise<number> {
    if (!request.ids || request.ids.length === 0) throw new AppError(messages.channel.selectChannelsToTag);
    const tag = requireTag(request.tag);
    const ids = [...new Set(request.ids)];
    return changeChannels(this.context, async (writer) => {
      const existing = await idsExisting(writer, ids);
      await writer.update(existing, { tag });
      return existing.length;
    });
  }
}
