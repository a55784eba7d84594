import { RelayError } from '../../relay-error';
import { messages } from '../../../platform/i18n/catalogue';

/** Bedrock credentials stored in the channel key: `AccessKey|SecretKey|region` or `ApiKey|region`. */
export type BedrockCredentials =
  | { kind: 'keys'; accessKeyId: string; secretAccessKey: string; region: string }
  | { kind: 'api-key'; apiKey: string; region: string };

const badKey = new RelayError(messages.provider.awsKeyInvalid, 500, 'channel_invalid_key', 'api_error', true);

export function bedrockCredentialsOf(key: string): BedrockCredentials {
  const parts = key.split('|').map((part) => part.trim());
  if (parts.length === 3 && parts.every(Boolean)) {
    return {
      kind: 'keys',
      accessKeyId: parts[0] as string,
      secretAccessKey: parts[1] as string,
      region: parts[2] as string,
    };
  }
  if (parts.length === 2 && parts.every(Boolean))
    return { kind: 'api-key', apiKey: parts[0] as string, region: parts[1] as string };
  throw badKey;
}
