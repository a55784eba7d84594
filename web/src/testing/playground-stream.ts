const encoder = new TextEncoder();

/** A body delivering the given pieces one read at a time, as a network would. */
export function streamOf(pieces: Array<string | Uint8Array>): ReadableStream<Uint8Array> {
  let index = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const piece = pieces[index++];
      if (piece === undefined) controller.close();
      else controller.enqueue(typeof piece === 'string' ? encoder.encode(piece) : piece);
    },
  });
}

/** One server-sent OpenAI chat chunk carrying `content`. */
export const chunk = (content: string) =>
  `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`;
