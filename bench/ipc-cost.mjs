// node bench/ipc-cost.mjs [--rate 600] [--seconds 8] [--ops 40]
//
// What one message over Node's cluster IPC channel costs on this machine, apart from its size: a worker
// sends `--rate` messages a second, each a batch of `--ops` operations shaped like a cluster worker's
// (charge, usage, log row, rollup entry, durable), and the primary answers each with one reply, as the
// cluster primary does. Each side's CPU time, less that of a run that only ticks the same timer, is
// divided by the messages: the cost per message of sending one and receiving the other's. The same
// run with 1 operation per message shows how much of it is the batch's size.
import cluster from 'node:cluster';
import { parseArgs } from 'node:util';

const { values: options } = parseArgs({
  options: {
    rate: { type: 'string', default: '600' },
    seconds: { type: 'string', default: '8' },
    ops: { type: 'string', default: '40' },
  },
});

const cpuMs = (usage) => (usage.user + usage.system) / 1000;

/** A cluster worker's operations for one call; the log row is its values in column order. */
const callOperations = (requestId) => [
  [0, 'charge', 1, null, 0, 7, 7],
  [0, 'recordUsage', 1, 0, 1, 7, 1],
  [
    0,
    'log',
    [
      1,
      1795630119,
      2,
      '',
      'root',
      'bench',
      1,
      'gpt-4o-mini',
      7,
      12,
      30,
      0,
      0,
      1,
      'bench upstream',
      'default',
      '127.0.0.1',
      `req-${requestId}`,
      '{"model_ratio":0.075,"group_ratio":1,"completion_ratio":4,"model_price":-1,"frt":-1,"admin_info":{"use_channel":["1"]}}',
    ],
  ],
  [0, 'roll', [1, 'root', 'gpt-4o-mini', 1795630119, 42, 7]],
  [requestId, 'durable'],
];

function runWorker({ rate, seconds, ops, send }) {
  const batch = [];
  for (let call = 1; batch.length < ops; call += 1) batch.push(...callOperations(call));
  batch.length = ops;
  const start = process.cpuUsage();
  const total = rate * seconds;
  let sent = 0;
  const timer = setInterval(() => {
    if (send) process.send({ switchboard: 'ops', ops: batch });
    sent += 1;
    if (sent < total) return;
    clearInterval(timer);
    const workerMs = cpuMs(process.cpuUsage(start));
    // The last replies arrive meanwhile; the primary reads its own CPU time on this message.
    setTimeout(() => process.send({ done: workerMs, messages: total }), 200);
  }, 1000 / rate);
}

/** One worker run; resolves with both sides' CPU time and the messages sent. */
function measure(settings) {
  return new Promise((resolve) => {
    const primaryStart = process.cpuUsage();
    const worker = cluster.fork({ IPC_COST_WORKER: JSON.stringify(settings) });
    worker.on('message', (message) => {
      if (message.done === undefined) {
        const replies = message.ops
          .filter((operation) => operation[0] !== 0)
          .map((operation) => [operation[0], 1, null]);
        worker.send({ switchboard: 'answers', replies, pushes: [] });
        return;
      }
      const primaryMs = cpuMs(process.cpuUsage(primaryStart));
      worker.kill();
      resolve({ workerMs: message.done, primaryMs, messages: message.messages });
    });
  });
}

if (cluster.isWorker) {
  runWorker(JSON.parse(process.env.IPC_COST_WORKER));
} else {
  const base = { rate: Number(options.rate), seconds: Number(options.seconds) };
  const idle = await measure({ ...base, ops: 0, send: false });
  console.log(
    `${base.rate} messages a second for ${base.seconds} s; CPU per message beyond a bare timer tick (worker: send one and read the reply; primary: read one and reply):`,
  );
  for (const ops of [Number(options.ops), 1]) {
    const run = await measure({ ...base, ops, send: true });
    const perMessage = (ms) => ((ms * 1000) / run.messages).toFixed(1);
    console.log(
      `  ${String(ops).padStart(3)} operations a message: worker ${perMessage(run.workerMs - idle.workerMs)} µs, primary ${perMessage(run.primaryMs - idle.primaryMs)} µs`,
    );
  }
  process.exit(0);
}
