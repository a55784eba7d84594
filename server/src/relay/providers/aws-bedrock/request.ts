import { Hash } from '@smithy/hash-node';
import { SignatureV4 } from '@smithy/signature-v4';
import { modelBetaFlags } from '../anthropic/claude-options';
import { platformClaudeBody } from '../anthropic/request';
import type { UpstreamRequest, UpstreamTarget } from '../provider';
import { bedrockCredentialsOf } from './credentials';
import { inlineImageUrls } from './images';
import { bedrockModelId } from './model-ids';

const BEDROCK_ANTHROPIC_VERSION = 'bedrock-2023-05-31';

/** The client's `anthropic-beta` flags and the model's configured ones, which Bedrock takes in the body. */
export function betasOf(target: UpstreamTarget): string[] {
  const header = target.clientHeaders['anthropic-beta'];
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const flags = text
    .split(',')
    .map((flag) => flag.trim())
    .filter(Boolean);
  return [...new Set([...flags, ...modelBetaFlags(target.upstreamModel, target.settings.claude)])];
}

/**
 * An InvokeModel (or InvokeModelWithResponseStream) call for a Claude body (URL images inlined), signed with SigV4 from the
 * channel's access keys, or carrying the channel's Bedrock API key. The channel's base URL, when set,
 * replaces the regional endpoint.
 */
export async function bedrockRequest(
  target: UpstreamTarget,
  claude: Record<string, unknown>,
  passThroughBody?: Buffer,
): Promise<UpstreamRequest> {
  const credentials = bedrockCredentialsOf(target.channel.key);
  const modelId = bedrockModelId(target.upstreamModel, credentials.region);
  const base = target.channel.baseUrl || `https://bedrock-runtime.${credentials.region}.amazonaws.com`;
  const action = target.stream ? 'invoke-with-response-stream' : 'invoke';
  const url = new URL(`${base}/model/${encodeURIComponent(modelId)}/${action}`);
  if (!passThroughBody) await inlineImageUrls(target, claude);
  const body = passThroughBody ?? platformClaudeBody(claude, BEDROCK_ANTHROPIC_VERSION, betasOf(target));
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: target.stream ? 'application/vnd.amazon.eventstream' : 'application/json',
  };
  if (credentials.kind === 'api-key') {
    return { url: url.toString(), headers: { ...headers, authorization: `Bearer ${credentials.apiKey}` }, body };
  }
  const signer = new SignatureV4({
    service: 'bedrock',
    region: credentials.region,
    credentials: { accessKeyId: credentials.accessKeyId, secretAccessKey: credentials.secretAccessKey },
    sha256: Hash.bind(null, 'sha256'),
  });
  const signed = await signer.sign({
    method: 'POST',
    protocol: url.protocol,
    hostname: url.hostname,
    ...(url.port ? { port: Number(url.port) } : {}),
    path: url.pathname,
    query: {},
    headers: { ...headers, host: url.host },
    body,
  });
  const { host: _host, ...sent } = signed.headers;
  return { url: url.toString(), headers: sent, body };
}
