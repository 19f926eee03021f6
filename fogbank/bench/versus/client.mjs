// One load client for both servers: N seats, a socket each, one order a second per seat.
//
//   node client.mjs --kind fogbank|bgio --port P --seats N [--rate R] [--seconds S]
//                   [--codec msgpack|json] [--admin-key KEY] [--concurrency C]
//
// Driven a step at a time from stdin, one word a line ("create", "join", "warm", "drive", "close"), and
// answering each with one JSON line on stdout, so the bench reads the server's CPU and memory
// between the steps. fogbank is spoken as fogbank/protocols/README.md says (a websocket with the
// fogbank.v1.msgpack or .json subprotocol, join with folded_ack, an order answered by the
// observation that resolves the turn); boardgame.io as its socket.io master does (a match made
// and joined over its Lobby API, `sync`, then `update` with a MAKE_MOVE action and the stateID,
// answered by an `update` with the new filtered state). Each seat plays the submarine's standing
// order (hold still at the present level) and, when its game ends, a fresh game on a fresh socket.

import { createInterface } from 'node:readline';
import { decode, encode } from '@msgpack/msgpack';
import WebSocket from 'ws';
import { io } from 'socket.io-client';

const options = { rate: 1, seconds: 30, codec: 'msgpack', concurrency: 100 };
for (let i = 2; i < process.argv.length; i += 2) {
  options[process.argv[i].replace(/^--/, '').replace(/-(.)/g, (_, c) => c.toUpperCase())] = process.argv[i + 1];
}
const seats = Number(options.seats);
const rate = Number(options.rate);
const seconds = Number(options.seconds);
const http = `http://127.0.0.1:${options.port}`;
if (!(seats > 0) || !(rate > 0) || !(seconds > 0) || !(Number(options.port) > 0)) {
  process.stderr.write('client.mjs: --port, --seats, --rate and --seconds are positive numbers\n');
  process.exit(2);
}

const tally = { latencies: [], observations: 0, bytes: 0, framesIn: 0, refusals: 0, gamesFinished: 0, failures: {}, inFlight: 0 };
const failed = (error) => {
  const name = (error && (error.code || error.name)) || String(error);
  tally.failures[name] = (tally.failures[name] || 0) + 1;
};

// fogbank makes a game on POST /admin/new; a baseline before be189f0 answers only GET (its
// websockets HTTP parser refuses other methods): a request refused for its method is asked again
// with the other, which the seats after it then use.
let adminMethod = 'POST';

async function postJSON(path, body, headers = {}) {
  for (let attempt = 1; ; attempt++) {
    const method = body === undefined ? adminMethod : 'POST';
    let response;
    try {
      response = await fetch(`${http}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {  // a pooled connection the server closed meanwhile: once more, on a new one
      if (attempt >= 3) throw new Error(`${path}: ${error.cause || error}`);
      continue;
    }
    if (!response.ok && body === undefined && [400, 405].includes(response.status) && attempt < 3) {
      adminMethod = method === 'POST' ? 'GET' : 'POST';  // the other method, for this seat and the rest
      continue;
    }
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json();
  }
}

// A message in, one at a time, to whoever waits on the seat's socket.
class Inbox {
  constructor() { this.queue = []; this.waiting = null; }
  put(message) {
    if (this.waiting) { const resolve = this.waiting; this.waiting = null; resolve(message); } else this.queue.push(message);
  }
  next() { return this.queue.length ? Promise.resolve(this.queue.shift()) : new Promise((resolve) => { this.waiting = resolve; }); }
}

class FogbankSeat {
  constructor() {
    this.ref = 0;
    this.subprotocol = options.codec === 'json' ? 'fogbank.v1.json' : 'fogbank.v1.msgpack';
    this.pack = options.codec === 'json' ? (message) => JSON.stringify(message) : (message) => encode(message);
    this.unpack = options.codec === 'json' ? (frame) => JSON.parse(frame.toString()) : (frame) => decode(frame);
  }

  async newGame() {
    const created = await postJSON('/admin/new?scenario=b11', undefined, { authorization: `Bearer ${options.adminKey}` });
    this.token = Object.values(created.seats)[0];
  }

  async join() {
    if (this.ws) this.ws.terminate();
    const inbox = this.inbox = new Inbox();
    const ws = this.ws = new WebSocket(`ws://127.0.0.1:${options.port}/`, [this.subprotocol], { perMessageDeflate: false });
    ws.on('message', (frame) => inbox.put(frame));
    ws.on('error', (error) => inbox.put(error));
    ws.on('close', () => inbox.put(new Error('closed')));
    await new Promise((resolve, reject) => { ws.once('open', resolve); ws.once('error', reject); });
    ws.send(this.pack({ type: 'join', token: this.token, folded_ack: true }));
    for (;;) {
      const message = await this.receive();
      if (message.type === 'snapshot') { this.turn = message.turn; this.view = message.view; return; }
      if (message.type === 'error') throw new Error(`join refused: ${message.code}`);
    }
  }

  async receive() {
    const frame = await this.inbox.next();
    if (frame instanceof Error) throw frame;
    this.lastBytes = frame.length;
    return this.unpack(frame);
  }

  // One order, and what answers it: true once the seat's game is over (it then has a new one).
  async turnOnce(sent) {
    this.ref += 1;
    this.ws.send(this.pack({ type: 'order', ref: this.ref, turn: this.turn, order: { course: 'N', speed: 0, level: this.view.level } }));
    for (;;) {
      const message = await this.receive();
      tally.framesIn += 1;
      if (message.type === 'observation') {
        answered(sent, this.lastBytes);
        this.turn = message.turn; this.view = message.view;
        if (this.view.outcome == null) return;
      } else if (message.type === 'error' && message.ref === this.ref) {
        tally.refusals += 1;
        throw new Error(`order refused: ${message.code}`);
      } else if (message.type === 'game_over') {
        tally.gamesFinished += 1;
        await this.newGame();
        await this.join();
        return;
      }
    }
  }

  close() { if (this.ws) this.ws.terminate(); }
}

class BoardgameSeat {
  async newGame() {
    const { matchID } = await postJSON('/games/dardanelles/create', { numPlayers: 1 });
    const joined = await postJSON(`/games/dardanelles/${matchID}/join`, { playerID: '0', playerName: 'B11' });
    this.matchID = matchID; this.credentials = joined.playerCredentials;
  }

  async join() {
    if (this.socket) this.socket.disconnect();
    const inbox = this.inbox = new Inbox();
    // A websocket from the start, as fogbank's: no long-polling handshake first.
    const socket = this.socket = io(`${http}/dardanelles`, { transports: ['websocket'], reconnection: false, forceNew: true });
    socket.onAny((type, ...args) => inbox.put({ type, args }));
    socket.on('connect_error', (error) => inbox.put(error));
    socket.on('disconnect', () => inbox.put(new Error('closed')));
    socket.emit('sync', this.matchID, '0', this.credentials, 1);
    for (;;) {
      const message = await this.receive();
      if (message.type === 'sync') { this.state = message.args[1].state; return; }
    }
  }

  async receive() {
    const message = await this.inbox.next();
    if (message instanceof Error) throw message;
    return message;
  }

  async turnOnce(sent) {
    const order = { course: 'N', speed: 0, level: this.state.G.level };
    const action = { type: 'MAKE_MOVE', payload: { type: 'order', args: [order], playerID: '0', credentials: this.credentials } };
    this.socket.emit('update', action, this.state._stateID, this.matchID, '0');
    for (;;) {
      const message = await this.receive();
      tally.framesIn += 1;
      if (message.type === 'update' && message.args[0] === this.matchID) {
        // What socket.io put on the wire for it: the event name and its arguments as JSON.
        answered(sent, Buffer.byteLength(JSON.stringify([message.type, ...message.args])) + 2);
        this.state = message.args[1];
        if (this.state.ctx.gameover === undefined) return;
        tally.gamesFinished += 1;
        await this.newGame();
        await this.join();
        return;
      }
    }
  }

  close() { if (this.socket) this.socket.disconnect(); }
}

let deadline = Infinity;
function answered(sent, bytes) {
  tally.latencies.push(performance.now() - sent);
  tally.inFlight -= 1;
  if (performance.now() < deadline) tally.observations += 1;
  tally.bytes += bytes;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function play(seat, interval) {
  let nextAt = performance.now() + Math.random() * interval;  // the seats spread over one tick
  for (;;) {
    const now = performance.now();
    if (nextAt > now) await sleep(nextAt - now);
    if (performance.now() >= deadline) return;
    const sent = performance.now();
    tally.inFlight += 1;
    await seat.turnOnce(sent);
    nextAt = Math.max(performance.now(), sent + interval);
  }
}

async function bounded(makers, limit) {
  const queue = makers.entries();
  const worker = async () => { for (const [, make] of queue) await make(); };
  await Promise.all(Array.from({ length: Math.min(limit, makers.length) }, worker));
}

function percentile(sorted, fraction) {
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(fraction * (sorted.length - 1))))];
}

function summary() {
  const sorted = Float64Array.from(tally.latencies).sort();
  const round = (value) => (value === null ? null : Math.round(value * 100) / 100);
  return {
    answered: sorted.length,
    turns_per_s: Math.round((tally.observations / seconds) * 10) / 10,
    p50_ms: round(percentile(sorted, 0.5)), p99_ms: round(percentile(sorted, 0.99)), max_ms: round(sorted[sorted.length - 1] ?? null),
    bytes_per_observation: sorted.length ? Math.round(tally.bytes / sorted.length) : null,
    frames_in_per_turn: sorted.length ? Math.round((tally.framesIn / sorted.length) * 100) / 100 : null,
    refusals: tally.refusals, games_finished: tally.gamesFinished, never_answered: tally.inFlight, failures: tally.failures,
  };
}

const all = Array.from({ length: seats }, () => (options.kind === 'fogbank' ? new FogbankSeat() : new BoardgameSeat()));
const steps = {
  create: () => bounded(all.map((seat) => () => seat.newGame()), Number(options.concurrency)),
  join: () => bounded(all.map((seat) => () => seat.join()), Number(options.concurrency)),
  // Three seconds of play before the drive, not counted: boardgame.io's JIT has compiled its hot
  // paths, and fogbank's caches are warm, when the drive starts.
  warm: async () => {
    deadline = performance.now() + 3000;
    await Promise.all(all.map((seat) => play(seat, 1000 / rate).catch(failed)));
    for (const key of ['observations', 'bytes', 'framesIn', 'refusals', 'gamesFinished', 'inFlight']) tally[key] = 0;
    tally.latencies = [];
  },
  drive: async () => {
    deadline = performance.now() + seconds * 1000;
    const cpu = process.cpuUsage();
    const playing = all.map((seat) => play(seat, 1000 / rate).catch(failed));
    const late = sleep(seconds * 1000 + 10000).then(() => 'late');
    const finished = await Promise.race([Promise.all(playing), late]);
    const used = process.cpuUsage(cpu);
    return { ...summary(), still_waiting: finished === 'late', client_cpu_s: (used.user + used.system) / 1e6 };
  },
  close: async () => { for (const seat of all) seat.close(); },
};

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  const step = steps[line.trim()];
  const started = performance.now();
  try {
    const result = (await step()) || {};
    process.stdout.write(JSON.stringify({ ok: true, seconds: (performance.now() - started) / 1000, ...result }) + '\n');
  } catch (error) {
    process.stdout.write(JSON.stringify({ ok: false, error: String(error && error.stack || error) }) + '\n');
  }
  if (line.trim() === 'close') break;
}
process.exit(0);
