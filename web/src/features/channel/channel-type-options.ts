import { channelTypes } from '@switchboard/contract';

export interface ChannelTypeOption {
  value: number;
  label: string;
  disabled: boolean;
}

/**
 * The editor's type list: legacy types only for a channel already of that type; types Switchboard
 * cannot relay are listed but disabled and say so.
 */
export function channelTypeOptions(
  currentType: number,
  translate: (key: string, defaultValue?: string) => string,
): ChannelTypeOption[] {
  return channelTypes
    .filter((type) => !type.legacy || type.id === currentType)
    .map((type) => {
      const name = `${type.id} · ${translate(`types.${type.id}`, type.name)}`;
      const unavailable = type.relayable === false;
      return {
        value: type.id,
        label: unavailable ? `${name} (${translate('editor.typeUnavailable')})` : name,
        disabled: unavailable,
      };
    });
}
