/** A JSON text column as a value (null when empty or unreadable: it was written by Switchboard itself). */
export function storedJson(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
