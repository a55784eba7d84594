// The parsing thread of json-parse.ts: scans a body for the guard's faults, then parses it, and hands
// the bytes back with the answer.
import { parentPort } from 'node:worker_threads';
import { scanJsonBody } from '../json-scan.mjs';

parentPort?.on('message', (/** @type {{ id: number, bytes: ArrayBuffer }} */ job) => {
  const { id, bytes } = job;
  const body = Buffer.from(bytes);
  const fault = scanJsonBody(body);
  if (fault) return parentPort?.postMessage({ id, fault, bytes }, [bytes]);
  try {
    parentPort?.postMessage({ id, value: JSON.parse(body.toString('utf8')), bytes }, [bytes]);
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error), bytes }, [bytes]);
  }
});
