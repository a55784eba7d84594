// The compact table printed at the end, and the targets of issue #11 judged against the figures.

export const TARGETS = {
  cpuPerCallMs: 0.15,
  throughputRatio: 0.4,
  addedFirstByteMs: 1,
  kilobytesPerStream: 64,
};

const pad = (text, width) => String(text).padStart(width);
const fixed = (value, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '-');

/** Which targets the figures meet. */
export function judge(results) {
  const nonStream = results.phases.filter((phase) => !phase.stream);
  const memory = results.memory;
  return {
    cpuPerCall: nonStream.every((phase) => phase.gatewayCpuPerCallMs <= TARGETS.cpuPerCallMs),
    throughput: nonStream.every((phase) => phase.ratio >= TARGETS.throughputRatio),
    firstByte: results.firstByte.added <= TARGETS.addedFirstByteMs,
    memoryPerStream: memory.open === memory.requested && memory.kilobytesPerStream < TARGETS.kilobytesPerStream,
    memoryReturns: memory.returned,
    nothingRefused:
      results.phases.every((phase) => phase.direct.refused === 0 && phase.gateway.refused === 0) && memory.failed === 0 && results.floor.refused === 0,
    ledger: results.ledger.pass,
  };
}

export function printReport(results, verdict) {
  const lines = [];
  lines.push(
    `${'phase'.padEnd(22)}${pad('direct req/s', 13)}${pad('p50/p99 ms', 12)}${pad('gateway req/s', 15)}${pad('p50/p99 ms', 12)}${pad('ratio', 8)}${pad('gw CPU/req', 12)}${pad('refused', 9)}`,
  );
  for (const phase of results.phases) {
    const { direct, gateway } = phase;
    lines.push(
      `${phase.name.padEnd(22)}${pad(fixed(direct.requestsPerSecond, 0), 13)}${pad(`${direct.p50}/${direct.p99}`, 12)}${pad(fixed(gateway.requestsPerSecond, 0), 15)}${pad(`${gateway.p50}/${gateway.p99}`, 12)}${pad(`${fixed(phase.ratio * 100, 0)}%`, 8)}${pad(`${fixed(phase.gatewayCpuPerCallMs, 3)} ms`, 12)}${pad(direct.refused + gateway.refused, 9)}`,
    );
  }
  const { firstByte, memory, ledger, floor } = results;
  lines.push('');
  const first = results.phases[0];
  lines.push(
    `floor, bare node:http + undici passthrough (${first.name}): ${fixed(floor.requestsPerSecond, 0)} req/s, ${fixed(floor.cpuPerCallMs, 3)} ms CPU per call (${fixed((floor.requestsPerSecond / first.direct.requestsPerSecond) * 100, 0)}% of direct); the gateway adds ${fixed(first.gatewayCpuPerCallMs - floor.cpuPerCallMs, 3)} ms per call and reaches ${fixed((first.gateway.requestsPerSecond / floor.requestsPerSecond) * 100, 0)}% of the floor's throughput`,
  );
  lines.push(
    `time to first streamed byte (median of ${firstByte.samples}): direct ${fixed(firstByte.direct, 3)} ms, gateway ${fixed(firstByte.gateway, 3)} ms, added ${fixed(firstByte.added, 3)} ms`,
  );
  lines.push(
    `gateway RSS: ${fixed(memory.beforeKilobytes / 1024)} MB before, ${fixed(memory.openKilobytes / 1024)} MB with ${memory.open}/${memory.requested} streams open (${fixed(memory.kilobytesPerStream)} KB per stream), ${fixed(memory.afterKilobytes / 1024)} MB after they ended`,
  );
  lines.push(
    `gateway JS heap after a full GC: ${fixed(memory.heap.beforeKilobytes / 1024)} MB before, ${fixed(memory.heap.openKilobytes / 1024)} MB open (${fixed(memory.heap.kilobytesPerStream)} KB per stream), ${fixed(memory.heap.afterKilobytes / 1024)} MB after`,
  );
  const { journal } = results;
  lines.push(
    `settlement journal (${first.name}, lower of two runs each): ${fixed(journal.withCpuPerCallMs, 3)} ms CPU per call with it (${fixed(journal.withCpuPerCallMs / floor.cpuPerCallMs, 2)}x the floor), ${fixed(journal.withoutCpuPerCallMs, 3)} ms with BILLING_JOURNAL=off (${fixed(journal.withoutCpuPerCallMs / floor.cpuPerCallMs, 2)}x), cost ${fixed(journal.withCpuPerCallMs - journal.withoutCpuPerCallMs, 3)} ms per call`,
  );
  lines.push(`write-behind worst lag over the whole run: ${journal.worstWriteBehindLagMs ?? '-'} ms`);
  lines.push(
    `ledger: used quota ${ledger.usedQuota}, spent ${ledger.spentQuota}, sum of ${ledger.loggedCalls} consumption logs ${ledger.loggedQuota}, request count ${ledger.requestCount}: ${ledger.pass ? 'PASS' : 'FAIL'}`,
  );
  lines.push('');
  const mark = (ok) => (ok ? 'met ' : 'MISS');
  lines.push(`[${mark(verdict.cpuPerCall)}] gateway CPU per non-stream call <= ${TARGETS.cpuPerCallMs} ms`);
  lines.push(`[${mark(verdict.throughput)}] non-stream throughput through the gateway >= ${TARGETS.throughputRatio * 100}% of direct`);
  lines.push(`[${mark(verdict.firstByte)}] added time to first streamed byte <= ${TARGETS.addedFirstByteMs} ms (median)`);
  lines.push(`[${mark(verdict.memoryPerStream)}] every stream opened, memory < ${TARGETS.kilobytesPerStream} KB per open stream`);
  lines.push(`[${mark(verdict.memoryReturns)}] memory returns after the streams end (heap after a full GC within a tenth of the growth or 1 MB)`);
  lines.push(`[${verdict.nothingRefused ? 'pass' : 'FAIL'}] no request refused, failed or timed out in any phase`);
  lines.push(`[${verdict.ledger ? 'pass' : 'FAIL'}] the bill equals the sum of the consumption logs`);
  console.log(lines.join('\n'));
}
