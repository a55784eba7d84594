import { roundHalfAwayFromZero } from '@switchboard/contract';
import type { OptionStore } from '../../platform/option-store';
import type { Price } from '../../domain/prices';
import type { TurnUsage } from './realtime-frames';

/** A model's audio ratios: audio tokens cost `audio` × its text prompt tokens; audio output `audio` × `audioCompletion`. */
export interface AudioRatios {
  audio: number;
  audioCompletion: number;
}

/**
 * A model's entry in a ratio table with the name normalized: the exact name, else the longest entry
 * the name starts with (`gpt-4o-realtime-preview-2024-12-17` finds `gpt-4o-realtime-preview`, and
 * `gpt-4o-realtime` in AudioCompletionRatio); a model in neither counts as 1.
 */
export function tableRatio(table: Record<string, number> | null | undefined, model: string): number {
  const valid = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;
  if (!table) return 1;
  if (valid(table[model])) return table[model];
  let best = '';
  for (const [name, value] of Object.entries(table)) {
    if (name.length > best.length && model.startsWith(name) && valid(value)) best = name;
  }
  return best ? (table[best] as number) : 1;
}

export function audioRatiosOf(options: OptionStore, model: string): AudioRatios {
  return {
    audio: tableRatio(options.json<Record<string, number>>('AudioRatio'), model),
    audioCompletion: tableRatio(options.json<Record<string, number>>('AudioCompletionRatio'), model),
  };
}

/**
 * One turn's bill (reference §12): (input text + output text × completion ratio + input audio × audio
 * ratio + output audio × audio ratio × audio completion ratio) × model ratio × group ratio, rounded half
 * away from zero, at least 1 when the ratios are not 0 and the turn used tokens. A per-call price bills
 * the session once at its end, never per turn (0 here).
 */
export function turnQuota(price: Price, audio: AudioRatios, usage: TurnUsage): number {
  if (price.kind === 'per-call') return 0;
  const tokens = usage.inputText + usage.inputAudio + usage.outputText + usage.outputAudio;
  if (tokens <= 0) return 0;
  const ratio = price.modelRatio * price.groupRatio;
  const weighted =
    usage.inputText +
    usage.outputText * price.completionRatio +
    usage.inputAudio * audio.audio +
    usage.outputAudio * audio.audio * audio.audioCompletion;
  const quota = roundHalfAwayFromZero(weighted * ratio);
  return ratio !== 0 && quota <= 0 ? 1 : quota;
}
