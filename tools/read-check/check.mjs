// The cached newest page against the server's no-op answer, both loaded by wrk (an HTTP load generator that is not
// ours) at the same concurrency, in alternating blocks on one running instance: what the cache path costs above the
// cheapest authenticated answer the server gives (GET /api/v1/me: the token checked, no store touched).
// It prints each block, then the medians and the page/no-op ratio's median and range; with --pids, the CPU each named
// process used per answer (read from /proc). It exits 1 when an answer was not 200 or a page read was not a cache hit.
//
//   node check.mjs --port=8081 --blocks=6 --seconds=10 --connections=50 --pids=$(pgrep -f 'server-.*-exec.jar' | paste -sd,)
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const option = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const host = option('host', '127.0.0.1');
const port = Number(option('port', '8080'));
const room = Number(option('room', '5'));
const size = Number(option('size', '20'));
const blocks = Number(option('blocks', '6'));
const seconds = Number(option('seconds', '10'));
const warmup = Number(option('warmup', '20'));
const connections = Number(option('connections', '50'));
const threads = option('threads', '2');
const pids = option('pids', '').split(',').filter(Boolean).map(Number);
const secret = process.env.JWT_SECRET ?? 'chatlab-local-development-secret-change-me';

const b64 = (value) => Buffer.from(value).toString('base64url');
function token(user, scope) {
  const now = Math.floor(Date.now() / 1000);
  const claims = { sub: String(user), iat: now, exp: now + 3600, ...(scope ? { scope } : {}) };
  const unsigned = `${b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${b64(JSON.stringify(claims))}`;
  return `${unsigned}.${crypto.createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}
const reader = token(101);
const lab = token(1, 'lab');
const base = `http://${host}:${port}`;
const paths = {
  'no-op': '/api/v1/me',
  'cached page': `/api/v1/chat-rooms/${room}/messages?store=mongo-redis&size=${size}`,
};

async function call(path, bearer, method = 'GET') {
  const response = await fetch(`${base}${path}`, { method, headers: { Authorization: `Bearer ${bearer}` } });
  if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response;
}

/** How many mongo-redis reads the cache did not answer in full (missed, partial or bypassed), from the server's counter. */
async function notHits() {
  const count = async (query) => (await (await call(`/actuator/metrics/chatlab.cache.reads${query}`, lab)).json())
    .measurements.find((m) => m.statistic === 'COUNT').value;
  let sum = 0;
  for (const outcome of ['miss', 'partial', 'bypass']) sum += await count(`?tag=outcome:${outcome}`);
  return sum;
}

/** CPU seconds each process has used so far (user + system, from /proc). */
function cpu() {
  const tick = 100; // USER_HZ on Linux
  return pids.map((pid) => {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / tick;
  });
}

/** One wrk run on [path]: answers per second, latency p50 and p99 (ms), answers, CPU µs per answer per pid. */
function load(path, duration) {
  const before = cpu();
  const out = execFileSync('wrk', [`-t${threads}`, `-c${connections}`, `-d${duration}s`, '--latency',
    '-H', `Authorization: Bearer ${reader}`, `${base}${path}`], { encoding: 'utf8' });
  const after = cpu();
  const failed = Number(out.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0);
  const socket = out.match(/Socket errors: (.*)/)?.[1];
  if (failed > 0 || socket) throw new Error(`wrk on ${path}: ${failed} answers not 2xx; socket errors: ${socket ?? 'none'}\n${out}`);
  const answers = Number(out.match(/(\d+) requests in/)[1]);
  const ms = (label) => {
    const [, value, unit] = out.match(new RegExp(`${label}%\\s+([\\d.]+)(us|ms|s)`));
    return Number(value) * { us: 0.001, ms: 1, s: 1000 }[unit];
  };
  return {
    rate: Number(out.match(/Requests\/sec:\s+([\d.]+)/)[1]), p50: ms('50'), p99: ms('99'), answers,
    cpu: after.map((seconds, i) => ((seconds - before[i]) * 1e6) / answers),
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const round = (value, digits = 0) => Number(value.toFixed(digits));

await call(`/api/v1/chat-rooms/${room}/enter?store=mongo-redis`, reader, 'POST');
const first = await call(paths['cached page'], reader);
console.log(`room ${room}, newest ${size} on mongo-redis (cache ${first.headers.get('x-chatlab-cache')} on first read), ` +
  `${connections} connections, ${threads} wrk threads; warm-up ${warmup} s each, then ${blocks} blocks of ${seconds} s each`);
for (const path of Object.values(paths)) load(path, warmup);

const rows = [];
let misses = 0;
for (let block = 1; block <= blocks; block++) {
  const order = block % 2 ? ['no-op', 'cached page'] : ['cached page', 'no-op'];
  const row = {};
  for (const name of order) {
    const before = await notHits();
    row[name] = load(paths[name], seconds);
    misses += (await notHits()) - before;
  }
  row.ratio = row['cached page'].rate / row['no-op'].rate;
  rows.push(row);
  const text = (r) => `${round(r.rate)}/s p50 ${round(r.p50, 2)} ms p99 ${round(r.p99, 2)} ms` +
    (pids.length ? `, CPU µs per answer ${r.cpu.map((c) => round(c)).join(' + ')}` : '');
  console.log(`block ${block} (${order.join(' first, ')} second): no-op ${text(row['no-op'])} | ` +
    `cached page ${text(row['cached page'])} | ratio ${round(row.ratio, 2)}`);
}

const ratios = rows.map((r) => r.ratio);
console.log(`medians: no-op ${round(median(rows.map((r) => r['no-op'].rate)))}/s, cached page ` +
  `${round(median(rows.map((r) => r['cached page'].rate)))}/s; page/no-op ${round(median(ratios), 2)} ` +
  `(${round(Math.min(...ratios), 2)}–${round(Math.max(...ratios), 2)}, ${rows.length} blocks)`);
pids.forEach((pid, i) => console.log(`pid ${pid}: CPU µs per answer, median: no-op ` +
  `${round(median(rows.map((r) => r['no-op'].cpu[i])))}, cached page ${round(median(rows.map((r) => r['cached page'].cpu[i])))}`));
if (misses !== 0) {
  console.log(`FAILED: ${misses} page reads were not answered from the cache in full`);
  process.exit(1);
}
console.log('PASSED');
