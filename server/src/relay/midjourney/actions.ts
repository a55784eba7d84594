/** The submit routes of midjourney-proxy that create a task, and the action each one names. */
export const submitKinds = [
  'imagine',
  'action',
  'blend',
  'describe',
  'change',
  'simple-change',
  'modal',
  'shorten',
  'upload-discord-images',
  'edits',
  'video',
] as const;
export type SubmitKind = (typeof submitKinds)[number];

/** Kinds that continue an earlier task (its id in the body): they go to that task's channel. */
export const continuingKinds = new Set<SubmitKind>(['action', 'change', 'simple-change', 'modal']);

const fixedActions: Partial<Record<SubmitKind, string>> = {
  imagine: 'IMAGINE',
  blend: 'BLEND',
  describe: 'DESCRIBE',
  modal: 'MODAL',
  shorten: 'SHORTEN',
  'upload-discord-images': 'UPLOAD',
  edits: 'EDITS',
  video: 'VIDEO',
};

/** The action of a fixed-action route (imagine, blend, ...), or undefined for the continuing kinds. */
export const fixedActionOf = (kind: SubmitKind) => fixedActions[kind];

/** midjourney-proxy Plus button ids (`MJ::JOB::upsample::1::<hash>`) by the action they run, most specific first. */
const customIdActions: Array<[RegExp, string]> = [
  [/^MJ::JOB::upsample/, 'UPSCALE'],
  [/^MJ::JOB::high_variation/, 'HIGH_VARIATION'],
  [/^MJ::JOB::low_variation/, 'LOW_VARIATION'],
  [/^MJ::JOB::variation/, 'VARIATION'],
  [/^MJ::JOB::reroll/, 'REROLL'],
  [/^MJ::JOB::pan_/, 'PAN'],
  [/^MJ::Outpaint::/, 'ZOOM'],
  [/^MJ::CustomZoom::/, 'CUSTOM_ZOOM'],
  [/^MJ::Inpaint::/, 'INPAINT'],
  [/^MJ::JOB::animate/, 'VIDEO'],
];

/** The action a Plus button id runs, or undefined for an id it does not know. */
export function actionOfCustomId(customId: string): string | undefined {
  return customIdActions.find(([pattern]) => pattern.test(customId))?.[1];
}

const simpleChangeLetters: Record<string, string> = { U: 'UPSCALE', V: 'VARIATION', R: 'REROLL' };

/** `simple-change` content: "<taskId> U2", "<taskId> V1" or "<taskId> R". */
export function parseSimpleChange(content: string): { taskId: string; action: string; index: number } | undefined {
  const match = /^\s*(\S+)\s+([UVR])([1-4])?\s*$/i.exec(content);
  if (!match) return undefined;
  const letter = match[2]!.toUpperCase();
  if (letter !== 'R' && !match[3]) return undefined;
  return { taskId: match[1]!, action: simpleChangeLetters[letter]!, index: Number(match[3] ?? 0) };
}

/** Actions the reference never charges for: they only open a dialog on the proxy. */
export const freeActions = new Set(['INPAINT', 'CUSTOM_ZOOM']);

/** The priced model of an action: `mj_` + the action in lower case; face swap is `swap_face`. */
export function modelOfAction(action: string): string {
  return action === 'SWAP_FACE' ? 'swap_face' : `mj_${action.toLowerCase()}`;
}

/** Prompt flags MjModeClearEnabled removes, so the channel's own mode applies. */
const MODE_FLAGS = /\s*--(fast|relax|turbo)\b/g;
export const clearModeFlags = (prompt: string) => prompt.replace(MODE_FLAGS, '');
