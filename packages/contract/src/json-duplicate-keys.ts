/**
 * The first object key that appears twice in one object of a JSON text, or null. `JSON.parse` keeps
 * the last of duplicate keys silently, so a map such as GroupRatio with a group listed twice would
 * lose one entry without a word; this reads the raw text instead. The text must already parse.
 */
export function duplicateJsonKey(text: string): string | null {
  // One entry per open object or array: the keys seen so far (null for an array), and whether the next string is a key.
  const frames: Array<{ keys: Set<string> | null; expectingKey: boolean }> = [];
  let index = 0;
  while (index < text.length) {
    const character = text[index];
    if (character === '"') {
      const end = endOfString(text, index);
      const frame = frames.at(-1);
      if (frame?.keys && frame.expectingKey) {
        const key = JSON.parse(text.slice(index, end + 1)) as string;
        if (frame.keys.has(key)) return key;
        frame.keys.add(key);
        frame.expectingKey = false;
      }
      index = end + 1;
      continue;
    }
    if (character === '{') frames.push({ keys: new Set(), expectingKey: true });
    else if (character === '[') frames.push({ keys: null, expectingKey: false });
    else if (character === '}' || character === ']') frames.pop();
    else if (character === ',') {
      const frame = frames.at(-1);
      if (frame?.keys) frame.expectingKey = true;
    }
    index += 1;
  }
  return null;
}

/** The index of the quote that closes the string opening at `start`. */
function endOfString(text: string, start: number): number {
  let index = start + 1;
  while (index < text.length && text[index] !== '"') index += text[index] === '\\' ? 2 : 1;
  return index;
}
