import type { ChannelTagUpdateRequest } from '@switchboard/contract';
import { isJsonObjectText } from './channel-form';

/** The tag edit dialog's fields (spec 001 "Tag edit dialog"). */
export interface TagEditValues {
  newTag: string;
  models: string[];
  groups: string[];
  modelMapping: string;
}

export const tagEditValuesOf = (tag: string): TagEditValues => ({
  newTag: tag,
  models: [],
  groups: [],
  modelMapping: '',
});

export type TagEditProblem = 'noChanges' | 'modelMappingInvalid';

/**
 * The request for `PUT /api/channel/tag`: every filled field overwrites all members, an empty one is
 * left out (unchanged); an empty new tag dissolves the tag.
 */
export function tagEditRequestOf(tag: string, values: TagEditValues): ChannelTagUpdateRequest | TagEditProblem {
  const request: ChannelTagUpdateRequest = { tag };
  const newTag = values.newTag.trim();
  if (newTag !== tag) request.new_tag = newTag;
  if (values.models.length > 0) request.models = values.models.join(',');
  if (values.groups.length > 0) request.groups = values.groups.join(',');
  if (values.modelMapping.trim()) {
    if (!isJsonObjectText(values.modelMapping)) return 'modelMappingInvalid';
    request.model_mapping = values.modelMapping.trim();
  }
  return Object.keys(request).length === 1 ? 'noChanges' : request;
}
