import { countTokens } from '../../platform/token-counter/token-counter';
import type { Frame, TurnUsage } from './realtime-frames';
import { usageOfResponseDone } from './realtime-frames';

/** Audio bytes per second: pcm16 is 24 kHz of 2-byte samples; G.711 and anything else 8 kHz of 1 byte. */
const bytesPerSecond = (format: string) => (format === 'pcm16' || format === 'audio/pcm' ? 48_000 : 8_000);
/** The reference's local audio estimate: tokens per second of input and of output audio. */
const inputAudioTokens = (seconds: number) => Math.round(((seconds / 60) * 100) / 0.06);
const outputAudioTokens = (seconds: number) => Math.round(((seconds / 60) * 200) / 0.24);
/** Tokens a tool costs on each turn after the first, besides its definition's own. */
const TOOL_OVERHEAD = 8;

const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The audio format of a session object, in its beta (`input_audio_format`) or GA (`audio.input.format.type`) shape. */
function formatsOf(session: Record<string, unknown>): { input?: string; output?: string } {
  const audio = session.audio as
    { input?: { format?: { type?: unknown } }; output?: { format?: { type?: unknown } } } | undefined;
  const input = textOf(session.input_audio_format) || textOf(audio?.input?.format?.type);
  const output = textOf(session.output_audio_format) || textOf(audio?.output?.format?.type);
  return { input: input || undefined, output: output || undefined };
}

/**
 * What one realtime session has said since its last billed turn, for the local estimate of a turn
 * whose `response.done` carries no usage: instructions and tools from the client's session.update,
 * input_text items, transcripts, text and function-argument deltas, and audio measured in bytes
 * (seconds from the remembered audio formats). Each ended turn starts it afresh.
 */
export class RealtimeTurns {
  private instructions = '';
  private tools: string[] = [];
  private inputFormat = 'pcm16';
  private outputFormat = 'pcm16';
  private inputText: string[] = [];
  private outputText: string[] = [];
  private inputAudioBytes = 0;
  private outputAudioBytes = 0;
  private turnsEnded = 0;
  /** something was said since the last billed turn */
  pending = false;

  /** Reads a client event. */
  fromClient(frame: Frame): void {
    if (frame.kind === 'audio') {
      this.inputAudioBytes += frame.audioBytes;
      this.pending = true;
      return;
    }
    if (frame.kind !== 'event') return;
    const { event } = frame;
    if (frame.type === 'session.update' && event.session && typeof event.session === 'object') {
      const session = event.session as Record<string, unknown>;
      if (typeof session.instructions === 'string') this.instructions = session.instructions;
      if (Array.isArray(session.tools)) this.tools = session.tools.map((tool) => JSON.stringify(tool));
    } else if (frame.type === 'conversation.item.create') {
      const content = (event.item as { content?: unknown } | undefined)?.content;
      if (!Array.isArray(content)) return;
      for (const part of content as Array<{ type?: unknown; text?: unknown }>) {
        if (part?.type === 'input_text' && typeof part.text === 'string') {
          this.inputText.push(part.text);
          this.pending = true;
        }
      }
    }
  }

  /** Reads an upstream event; answers the turn's reported usage on `response.done` (null: none reported). */
  fromUpstream(frame: Frame): { done: false } | { done: true; usage: TurnUsage | null } {
    if (frame.kind === 'audio') {
      this.outputAudioBytes += frame.audioBytes;
      this.pending = true;
      return { done: false };
    }
    if (frame.kind !== 'event') return { done: false };
    const { type, event } = frame;
    if (type === 'session.created' || type === 'session.updated') {
      const formats = formatsOf((event.session ?? {}) as Record<string, unknown>);
      this.inputFormat = formats.input ?? this.inputFormat;
      this.outputFormat = formats.output ?? this.outputFormat;
    } else if (
      type === 'response.audio_transcript.delta' ||
      type === 'response.output_audio_transcript.delta' ||
      type === 'response.text.delta' ||
      type === 'response.output_text.delta' ||
      type === 'response.function_call_arguments.delta'
    ) {
      const delta = textOf(event.delta);
      if (delta) {
        this.outputText.push(delta);
        this.pending = true;
      }
    } else if (type === 'response.done') {
      return { done: true, usage: usageOfResponseDone(event) };
    }
    return { done: false };
  }

  /**
   * Ends the turn at once: what it said is taken and forgotten here, so that what the client says
   * while the bill is counted belongs to the next turn. Answers the turn's usage: `reported` when the
   * upstream gave it, else the local estimate (a promise while the tokenizer counts).
   */
  endTurn(reported: TurnUsage | null): TurnUsage | Promise<TurnUsage> {
    const said = {
      first: this.turnsEnded === 0,
      inputText: this.inputText.join('\n'),
      outputText: this.outputText.join(''),
      inputSeconds: this.inputAudioBytes / bytesPerSecond(this.inputFormat),
      outputSeconds: this.outputAudioBytes / bytesPerSecond(this.outputFormat),
    };
    this.turnsEnded += 1;
    this.inputText = [];
    this.outputText = [];
    this.inputAudioBytes = 0;
    this.outputAudioBytes = 0;
    this.pending = false;
    return reported ?? this.estimate(said, this.instructions, this.tools);
  }

  private async estimate(
    said: { first: boolean; inputText: string; outputText: string; inputSeconds: number; outputSeconds: number },
    instructions: string,
    tools: string[],
  ): Promise<TurnUsage> {
    const [prompt, instructionTokens, completion, toolTokens] = await Promise.all([
      countTokens(said.inputText),
      said.first ? countTokens(instructions) : 0,
      countTokens(said.outputText),
      said.first ? [] : Promise.all(tools.map(async (tool) => TOOL_OVERHEAD + (await countTokens(tool)))),
    ]);
    return {
      inputText: prompt + instructionTokens + toolTokens.reduce((sum, value) => sum + value, 0),
      inputAudio: inputAudioTokens(said.inputSeconds),
      cached: 0,
      outputText: completion,
      outputAudio: outputAudioTokens(said.outputSeconds),
    };
  }
}
