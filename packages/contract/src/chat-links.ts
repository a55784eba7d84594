/** Schemes a chat link may never use: they run script in the console's page or read local files. */
export const UNSAFE_LINK_SCHEMES: readonly string[] = ['javascript', 'data', 'vbscript', 'file'];

/**
 * The scheme of `link` when it is one of UNSAFE_LINK_SCHEMES, else null. Read as a browser reads it:
 * leading spaces and control characters, and tabs or line breaks anywhere, are ignored, case too.
 */
export function unsafeLinkScheme(link: string): string | null {
  // eslint-disable-next-line no-control-regex
  const leadingControls = /^[\u0000-\u0020]+/;
  const scheme = /^([a-z][a-z0-9+.-]*):/i
    .exec(link.replace(/[\t\n\r]/g, '').replace(leadingControls, ''))?.[1]
    ?.toLowerCase();
  return scheme !== undefined && UNSAFE_LINK_SCHEMES.includes(scheme) ? scheme : null;
}
