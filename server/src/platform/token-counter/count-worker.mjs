// The counting thread of token-count-pool.ts: counts each text it is sent and answers with the count.
import { parentPort } from 'node:worker_threads';
import { countTokensInPieces } from './piece-count.mjs';

parentPort?.on('message', (/** @type {{ id: number, text: string }} */ job) => {
  try {
    parentPort?.postMessage({ id: job.id, tokens: countTokensInPieces(job.text) });
  } catch (error) {
    parentPort?.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) });
  }
});
