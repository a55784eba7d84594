import { setFlagsFromString } from 'node:v8';

/*
 * V8's allocation-site pretenuring watches which allocation sites' objects survive, and from then on
 * allocates a site's objects straight in the old generation. A burst of long streams (every request
 * object alive for minutes) tenures the sites of the request path, and V8 never takes that back: the
 * objects of every later call, which die within milliseconds, then fill the old generation and each
 * young collection costs twice as much. Measured with `node bench/compare.mjs --burst`: after 1000
 * streams held at once, a non-stream call cost 1.3 times its CPU before the burst. Without pretenuring
 * a call costs the same after a burst as before it. Imported first by main.ts, before any request code
 * is compiled.
 */
setFlagsFromString('--no-allocation-site-pretenuring');
