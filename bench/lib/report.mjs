// The compact table printed at the end, and the targets of issue #23 judged against the figures.

export const TARGETS = {
  cpuRatio: 1.6,
  streamCpuRatio: 1.6,
  addedFirstByteMs: 0.5,
  kilobytesPerStream: 32,
  workersThroughputRatio: 1.7,
  /** issue #42: PostgreSQL + Redis */
  scaleOutCpuRatio: 1.6,
};

const pad = (text, width) => String(text).padStart(width);
const fixed = (value, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '-');

/** The floor comparison of the stream or the non-stream load. */
const floorOf = (results, stream) => Object.values(results.floor).find((floor) => floor.stream === stream);

/** Which targets the figures meet (null: not measured in this run). */
export function judge(results) {
  const { memory, workers } = results;
  const workerRuns = workers?.runs ?? [];
  const scaleOut = results.scaleOut?.ledger ? results.scaleOut : null;
  return {
    cpuRatio: floorOf(results, false).ratio <= TARGETS.cpuRatio,
    streamCpuRatio: floorOf(results, true).ratio <= TARGETS.streamCpuRatio,
    firstByte: results.firstByte.added <= TARGETS.addedFirstByteMs,
    memoryPerStream: memory.open === memory.requested && memory.kilobytesPerStream < TARGETS.kilobytesPerStream,
    workersThroughput: workers ? workers.throughputRatio >= TARGETS.workersThroughputRatio : null,
    memoryReturns: memory.returned,
    nothingRefused:
      results.phases.every((phase) => phase.direct.refused === 0 && phase.gateway.refused === 0) &&
      memory.failed === 0 &&
      (results.realtime?.failed ?? 0) === 0 &&
      Object.values(results.floor).every((floor) => floor.refused === 0) &&
      workerRuns.every((run) => run.refused === 0) &&
      (scaleOut?.refused ?? 0) === 0,
    ledger: results.ledger.pass,
    workersLedger: workers ? workerRuns.every((run) => run.ledger.pass) : null,
    scaleOutCpuRatio: scaleOut ? scaleOut.ratio <= TARGETS.scaleOutCpuRatio : null,
    scaleOutLedger: scaleOut ? scaleOut.ledger.pass : null,
  };
}

const ledgerLine = (ledger) =>
  `used quota ${ledger.usedQuota}, spent ${ledger.spentQuota}, sum of ${ledger.loggedCalls} consumption logs ${ledger.loggedQuota}, request count ${ledger.requestCount}: ${ledger.pass ? 'PASS' : 'FAIL'}`;

function phaseLines(results) {
  const lines = [
    `${'phase'.padEnd(24)}${pad('direct req/s', 13)}${pad('p50/p99 ms', 12)}${pad('gateway req/s', 15)}${pad('p50/p99 ms', 12)}${pad('ratio', 8)}${pad('gw CPU/req', 12)}${pad('refused', 9)}`,
  ];
  for (const phase of results.phases) {
    const { direct, gateway } = phase;
    lines.push(
      `${phase.name.padEnd(24)}${pad(fixed(direct.requestsPerSecond, 0), 13)}${pad(`${direct.p50}/${direct.p99}`, 12)}${pad(fixed(gateway.requestsPerSecond, 0), 15)}${pad(`${gateway.p50}/${gateway.p99}`, 12)}${pad(`${fixed(phase.ratio * 100, 0)}%`, 8)}${pad(`${fixed(phase.gatewayCpuPerCallMs, 3)} ms`, 12)}${pad(direct.refused + gateway.refused, 9)}`,
    );
  }
  lines.push('');
  lines.push(
    'floor, a bare node:http + undici passthrough and the gateway in turns (the run with the lower CPU per call of two each):',
  );
  for (const stream of [false, true]) {
    const { phase, passthrough, gateway, ratio } = floorOf(results, stream);
    lines.push(
      `  ${phase}: passthrough ${fixed(passthrough.requestsPerSecond, 0)} req/s, ${fixed(passthrough.cpuPerCallMs, 3)} ms CPU per call; gateway ${fixed(gateway.requestsPerSecond, 0)} req/s, ${fixed(gateway.cpuPerCallMs, 3)} ms: ${fixed(ratio, 2)}x the floor's CPU per call (${fixed(gateway.cpuPerCallMs - passthrough.cpuPerCallMs, 3)} ms more)`,
    );
  }
  return lines;
}

function memoryAndJournalLines(results) {
  const { firstByte, memory, journal, ledger } = results;
  const floor = floorOf(results, false).passthrough;
  const lines = [
    `time to first streamed byte (median of ${firstByte.samples}): direct ${fixed(firstByte.direct, 3)} ms, gateway ${fixed(firstByte.gateway, 3)} ms, added ${fixed(firstByte.added, 3)} ms`,
    `gateway RSS: ${fixed(memory.beforeKilobytes / 1024)} MB before, ${fixed(memory.openKilobytes / 1024)} MB with ${memory.open}/${memory.requested} streams open (${fixed(memory.kilobytesPerStream)} KB per stream), ${fixed(memory.afterKilobytes / 1024)} MB after they ended`,
    `bare passthrough RSS with ${memory.passthrough.open}/${memory.requested} streams open: ${fixed(memory.passthrough.kilobytesPerStream)} KB per stream (what any Node proxy pays for the sockets, buffers and parsers)`,
    `gateway JS heap after a full GC: ${fixed(memory.heap.beforeKilobytes / 1024)} MB before, ${fixed(memory.heap.openKilobytes / 1024)} MB open (${fixed(memory.heap.kilobytesPerStream)} KB per stream), ${fixed(memory.heap.afterKilobytes / 1024)} MB after`,
    `bare passthrough JS heap after a full GC: ${fixed(memory.passthrough.heapKilobytesPerStream)} KB per stream; the gateway's own per-stream state is the difference, ${fixed(memory.heap.kilobytesPerStream - memory.passthrough.heapKilobytesPerStream)} KB (node bench/stream-heap.mjs lists it by kind of object)`,
  ];
  const { realtime } = results;
  lines.push(
    realtime
      ? `realtime sessions (WebSocket, one finished turn each): ${realtime.open}/${realtime.requested} open, ${fixed(realtime.kilobytesPerSession)} KB RSS and ${fixed(realtime.heapKilobytesPerSession)} KB JS heap per open session; heap returned after they closed: ${realtime.returned ? 'yes' : 'NO'}`
      : 'realtime sessions: skipped (--skip realtime)',
  );
  if (journal.withCpuPerCallMs !== undefined) {
    lines.push(
      `settlement journal (${results.phases[0].name}, lower of two runs each): ${fixed(journal.withCpuPerCallMs, 3)} ms CPU per call with it (${fixed(journal.withCpuPerCallMs / floor.cpuPerCallMs, 2)}x the floor), ${fixed(journal.withoutCpuPerCallMs, 3)} ms with BILLING_JOURNAL=off (${fixed(journal.withoutCpuPerCallMs / floor.cpuPerCallMs, 2)}x), cost ${fixed(journal.withCpuPerCallMs - journal.withoutCpuPerCallMs, 3)} ms per call`,
    );
  } else {
    lines.push('settlement journal cost: skipped (--skip journal)');
  }
  lines.push(`write-behind worst lag over the whole run: ${journal.worstWriteBehindLagMs ?? '-'} ms`);
  lines.push(`ledger (WORKERS=1 gateway): ${ledgerLine(ledger)}`);
  return lines;
}

function workersLines(workers) {
  if (!workers) return ['workers phase: skipped (--skip workers)'];
  const lines = [
    `workers (${workers.phase}, the run with the higher throughput of two each; CPU summed over the primary and its workers):`,
    `${'gateway'.padEnd(24)}${pad('processes', 10)}${pad('req/s', 9)}${pad('p50/p99 ms', 12)}${pad('CPU/req', 11)}${pad('refused', 9)}  ledger`,
  ];
  for (const run of workers.runs) {
    lines.push(
      `${`WORKERS=${run.workers}`.padEnd(24)}${pad(run.processes, 10)}${pad(fixed(run.requestsPerSecond, 0), 9)}${pad(`${run.p50}/${run.p99}`, 12)}${pad(`${fixed(run.cpuPerCallMs, 3)} ms`, 11)}${pad(run.refused, 9)}  ${ledgerLine(run.ledger)}`,
    );
  }
  const [one, two] = workers.runs;
  lines.push(
    `throughput WORKERS=${two.workers} / WORKERS=${one.workers}: ${fixed(workers.throughputRatio, 2)}x; CPU per call ${fixed(two.cpuPerCallMs / one.cpuPerCallMs, 2)}x`,
  );
  lines.push(`measured on ${workers.pinning}.`);
  lines.push(
    `The #23 target presumes a load generator off the gateway's cores; ${workers.loadGeneratorApart ? 'this run had that.' : 'this run did not have that, so the ratio understates what the workers give.'}`,
  );
  if (two.processes <= 1)
    lines.push(
      `WORKERS=${two.workers} ran as a single process: this build has no workers (the ratio is about 1 by construction).`,
    );
  return lines;
}

function scaleOutLines(scaleOut) {
  if (!scaleOut) return ['scale-out phase: skipped (--skip scaleout)'];
  if (scaleOut.notRun) return [`scale-out phase: not run: ${scaleOut.notRun}`];
  const { passthrough, gateway } = scaleOut;
  return [
    `scale-out, PostgreSQL + Redis (${scaleOut.phase}, one process, the bare passthrough in turns, the lower CPU per call of two each):`,
    `  passthrough ${fixed(passthrough.requestsPerSecond, 0)} req/s, ${fixed(passthrough.cpuPerCallMs, 3)} ms CPU per call; gateway ${fixed(gateway.requestsPerSecond, 0)} req/s, p50/p99 ${gateway.p50}/${gateway.p99} ms, ${fixed(gateway.cpuPerCallMs, 3)} ms: ${fixed(scaleOut.ratio, 2)}x the passthrough`,
    `  the Redis server's CPU per call: ${fixed(scaleOut.redisCpuPerCallMs * 1000, 1)} µs (its own redis-server, read from /proc/<pid>/stat)`,
    `  ledger (PostgreSQL): ${ledgerLine(scaleOut.ledger)}`,
  ];
}

export function printReport(results, verdict) {
  const lines = [
    ...phaseLines(results),
    ...memoryAndJournalLines(results),
    '',
    ...workersLines(results.workers),
    '',
    ...scaleOutLines(results.scaleOut),
    '',
  ];
  const mark = (ok) => (ok === null ? 'skip' : ok ? 'met ' : 'MISS');
  const check = (ok) => (ok === null ? 'skip' : ok ? 'pass' : 'FAIL');
  const cpu = floorOf(results, false);
  const stream = floorOf(results, true);
  const { workers } = results;
  lines.push('issue #23 targets (ratios from this run):');
  lines.push(
    `[${mark(verdict.cpuRatio)}] CPU per non-stream call: gateway / bare passthrough ${fixed(cpu.ratio, 2)}x <= ${TARGETS.cpuRatio}x`,
  );
  lines.push(
    `[${mark(verdict.streamCpuRatio)}] CPU per streamed call: gateway / bare streaming passthrough ${fixed(stream.ratio, 2)}x <= ${TARGETS.streamCpuRatio}x`,
  );
  lines.push(
    `[${mark(verdict.firstByte)}] added time to first streamed byte (median) ${fixed(results.firstByte.added, 3)} ms <= ${TARGETS.addedFirstByteMs} ms`,
  );
  lines.push(
    `[${mark(verdict.memoryPerStream)}] every stream opened (${results.memory.open}/${results.memory.requested}), ${fixed(results.memory.kilobytesPerStream)} KB per open stream < ${TARGETS.kilobytesPerStream} KB`,
  );
  lines.push(
    `[${mark(verdict.workersThroughput)}] throughput WORKERS=2 / WORKERS=1 ${workers ? `${fixed(workers.throughputRatio, 2)}x` : '-'} >= ${TARGETS.workersThroughputRatio}x (with the load generator off the gateway's cores)`,
  );
  lines.push(`[${check(verdict.workersLedger)}] with WORKERS=2 the bill equals the sum of the consumption logs`);
  lines.push(
    `[${mark(verdict.memoryReturns)}] memory returns after the streams end (heap after a full GC within a tenth of the growth or 1 MB)`,
  );
  lines.push(`[${check(verdict.nothingRefused)}] no request refused, failed or timed out in any phase`);
  lines.push(`[${check(verdict.ledger)}] the bill equals the sum of the consumption logs`);
  const scaleOut = results.scaleOut?.ledger ? results.scaleOut : null;
  lines.push(
    `[${mark(verdict.scaleOutCpuRatio)}] issue #42: CPU per non-stream call on PostgreSQL + Redis / bare passthrough ${scaleOut ? `${fixed(scaleOut.ratio, 2)}x` : '-'} <= ${TARGETS.scaleOutCpuRatio}x`,
  );
  lines.push(
    `[${check(verdict.scaleOutLedger)}] on PostgreSQL + Redis the bill equals the sum of the consumption logs`,
  );
  console.log(lines.join('\n'));
}
