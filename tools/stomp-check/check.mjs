// A check of a running chatlab with a STOMP client that is not ours (@stomp/stompjs over ws): members of one room
// spread over every instance given, senders SENDing at a fixed open-loop rate, every delivery timed from its SEND.
// It prints what it saw and exits 1 when a message was lost, duplicated, delivered out of its sender's order, missing
// from history, or when no message crossed from one instance to another.
//
//   node check.mjs --server=http://127.0.0.1:8081 --members=200 --senders=1 --rate=30 --seconds=10
// (--server reads the instances from its /actuator/info; --ports=8081,8082 names them instead)
import crypto from 'node:crypto';
import { Client } from '@stomp/stompjs';
import WebSocket from 'ws';

const option = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const host = option('host', '127.0.0.1');
const server = option('server', null);
const ports = server
  ? (await (await fetch(`${server}/actuator/info`)).json()).fleet.urls.map((url) => Number(new URL(url).port))
  : option('ports', '8080').split(',').map(Number);
const room = Number(option('room', '5'));
const members = Number(option('members', '200'));
const senders = Number(option('senders', '1'));
const rate = Number(option('rate', '30'));
const seconds = Number(option('seconds', '10'));
const store = option('store', 'mysql');
const firstUser = Number(option('firstUser', '101'));
const stalled = Number(option('stalled', '0'));
const pad = Number(option('pad', '0'));
const secret = process.env.JWT_SECRET ?? 'chatlab-local-development-secret-change-me';

const b64 = (value) => Buffer.from(value).toString('base64url');
function token(user) {
  const now = Math.floor(Date.now() / 1000);
  const unsigned = `${b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${b64(JSON.stringify({ sub: String(user), iat: now, exp: now + 3600 }))}`;
  return `${unsigned}.${crypto.createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}
const portOf = (i) => ports[i % ports.length];

async function enter(user, port) {
  const response = await fetch(`http://${host}:${port}/api/v1/chat-rooms/${room}/enter?store=${store}`, {
    method: 'POST', headers: { Authorization: `Bearer ${token(user)}` },
  });
  if (response.status !== 200) throw new Error(`user ${user} could not enter room ${room}: ${response.status} ${await response.text()}`);
}

function connect(user, port, onMessage, sockets = []) {
  return new Promise((resolve, reject) => {
    const client = new Client({
      webSocketFactory: () => sockets[sockets.push(new WebSocket(`ws://${host}:${port}/ws`)) - 1],
      connectHeaders: { Authorization: `Bearer ${token(user)}` },
      reconnectDelay: 0,
      heartbeatIncoming: 0,
      heartbeatOutgoing: 0,
    });
    client.onConnect = () => {
      client.subscribe('/user/queue/errors', (frame) => console.error(`user ${user}: error ${frame.body}`));
      if (!onMessage) return resolve(client);
      const receipt = `sub-${user}`;
      client.watchForReceipt(receipt, () => resolve(client));
      client.subscribe(`/topic/chat-rooms.${room}`, (frame) => onMessage(JSON.parse(frame.body)), { receipt });
    };
    client.onStompError = (frame) => reject(new Error(`user ${user} on port ${port}: ${frame.headers.message} ${frame.body}`));
    client.onWebSocketError = () => reject(new Error(`user ${user}: no WebSocket on port ${port}`));
    client.activate();
  });
}

const run = crypto.randomUUID().slice(0, 8);
const sentAt = new Map(); // clientMessageId -> { at, sender, seq, port }
const received = []; // per member: { port, list of [clientMessageId, id, sentAt, latency] }
const listeners = [];
for (let m = 0; m < members; m++) {
  const user = firstUser + m;
  const port = portOf(m);
  await enter(user, port);
  const seen = { port, list: [] };
  received.push(seen);
  listeners.push(await connect(user, port, (message) => {
    const sent = sentAt.get(message.clientMessageId);
    if (!sent) return; // someone else's message
    // sentAt compared as a time: as text, an instant on a whole second (…:55Z) sorts after …:55.036Z.
    seen.list.push([message.clientMessageId, message.id, Date.parse(message.sentAt), performance.now() - sent.at]);
  }));
  if ((m + 1) % 50 === 0) console.log(`${m + 1} of ${members} members subscribed`);
}
// Members who stop reading: subscribed, then their sockets are paused, so the server's writes to them back up.
const stalledMembers = [];
for (let i = 0; i < stalled; i++) {
  const user = firstUser + members + i;
  await enter(user, portOf(i));
  const member = { user, frames: 0, closed: false, sockets: [] };
  member.client = await connect(user, portOf(i), () => { member.frames++; }, member.sockets);
  member.sockets[0].on('close', () => { member.closed = true; });
  member.sockets[0].pause();
  stalledMembers.push(member);
}
const senderClients = [];
for (let s = 0; s < senders; s++) {
  const user = 1 + s; // users 1..100 are members of every open room
  senderClients.push({ user, port: portOf(s + 1), client: await connect(user, portOf(s + 1), null) });
}
console.log(`room ${room}: ${members} members over ports ${ports.join(', ')}${stalled ? ` and ${stalled} that stop reading` : ''}, ` +
  `${senders} senders at ${rate}/s each for ${seconds} s, store ${store}`);

const total = rate * seconds;
const started = performance.now();
const wallStart = Date.now();
await Promise.all(senderClients.map(({ user, port, client }, s) => new Promise((resolve) => {
  let seq = 0;
  const tick = () => {
    while (seq < total && performance.now() - started >= (seq * 1000) / rate) {
      const clientMessageId = `check-${run}-${s}-${seq}`;
      sentAt.set(clientMessageId, { at: performance.now(), sender: s, seq, port });
      client.publish({ destination: `/pub/chat-rooms/${room}/messages`, headers: { store }, body: JSON.stringify({ type: 'TALK', content: `${s}:${seq}:${'한'.repeat(pad)}`, clientMessageId }) });
      seq++;
    }
    if (seq < total) setTimeout(tick, 1); else resolve();
  };
  tick();
})));
const expected = total * senders;
const deadline = performance.now() + 30_000;
while (received.some((r) => r.list.length < expected) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 100));

let lost = 0, duplicated = 0, senderOrder = 0, storeOrder = 0, crossed = 0;
const latencies = [];
for (const { port, list } of received) {
  const ids = new Set(list.map(([cid]) => cid));
  lost += expected - ids.size;
  duplicated += list.length - ids.size;
  const lastSeq = new Map();
  let previous = null;
  for (const [cid, id, at, latency] of list) {
    const sent = sentAt.get(cid);
    if (sent.port !== port) crossed++;
    if ((lastSeq.get(sent.sender) ?? -1) > sent.seq) senderOrder++;
    lastSeq.set(sent.sender, Math.max(lastSeq.get(sent.sender) ?? -1, sent.seq));
    if (previous && (previous[0] > at || (previous[0] === at && previous[1] > id))) storeOrder++;
    previous = [at, id];
    latencies.push(latency);
  }
}
latencies.sort((a, b) => a - b);
const pct = (q) => latencies.length ? latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)].toFixed(1) : '-';

// History: every message sent is stored exactly once, in each sender's order.
const history = [];
let cursor = null;
do {
  const query = `store=${store}&size=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
  const page = await (await fetch(`http://${host}:${ports[0]}/api/v1/chat-rooms/${room}/messages?${query}`, { headers: { Authorization: `Bearer ${token(1)}` } })).json();
  history.push(...page.messages);
  cursor = page.messages.some((m) => Date.parse(m.sentAt) < wallStart - 60_000) ? null : page.nextCursor;
} while (cursor);
const stored = history.filter((m) => sentAt.has(m.clientMessageId)).reverse(); // oldest first
const storedOnce = new Set(stored.map((m) => m.clientMessageId)).size === stored.length;
let storedOutOfOrder = 0;
const lastStored = new Map();
for (const m of stored) {
  const sent = sentAt.get(m.clientMessageId);
  if ((lastStored.get(sent.sender) ?? -1) > sent.seq) storedOutOfOrder++;
  lastStored.set(sent.sender, sent.seq);
}

console.log(`sent ${expected}; stored ${stored.length} (${storedOnce ? 'each once' : 'DUPLICATES'}), stored out of sender order ${storedOutOfOrder}`);
console.log(`deliveries ${latencies.length} of ${expected * members} (${crossed} crossed instances); lost ${lost}, duplicated ${duplicated}, ` +
  `out of sender order ${senderOrder}, out of store order ${storeOrder}`);
console.log(`latency SEND → delivery ms: p50 ${pct(0.5)}, p95 ${pct(0.95)}, p99 ${pct(0.99)}, max ${latencies.length ? latencies.at(-1).toFixed(1) : '-'}`);

// The members who stopped reading read again: the server must have closed them, holding no more than its buffers did.
for (const member of stalledMembers) member.sockets[0].resume();
const stallDeadline = performance.now() + 10_000;
while (stalledMembers.some((m) => !m.closed) && performance.now() < stallDeadline) await new Promise((r) => setTimeout(r, 100));
const notCut = stalledMembers.filter((m) => !m.closed).length;
if (stalled) {
  console.log(`stopped reading ${stalled}: closed by the server ${stalled - notCut}; frames waiting when they read again: ` +
    `${stalledMembers.map((m) => m.frames).join(', ')} of ${expected}`);
}
await Promise.all([...listeners, ...senderClients.map((s) => s.client), ...stalledMembers.map((m) => m.client)].map((c) => c.deactivate()));
const failed = notCut > 0 || lost > 0 || duplicated > 0 || senderOrder > 0 || storedOutOfOrder > 0 || !storedOnce || stored.length !== expected || (ports.length > 1 && crossed === 0);
console.log(failed ? 'FAILED' : 'PASSED');
process.exit(failed ? 1 : 0);
