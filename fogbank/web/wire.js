// The fogbank wire protocol, JSON subprotocol, over ws(s)://<this host>/ (protocols/README.md).
// One socket: stream messages (numbered per seat) go to `onStream`; replies resolve the request
// that carries the same `ref`. A dropped socket reconnects and resumes with `last_seq`.

export const SUBPROTOCOL = "fogbank.v1.json";
const STREAM = new Set(["snapshot", "observation", "narrative", "link", "answer", "amended", "talk", "status", "umpire_update", "game_over"]);

export class RequestRefused extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

export class Wire {
  constructor(token, { onWelcome, onStream, onState }) {
    this.token = token;
    this.onWelcome = onWelcome;
    this.onStream = onStream;
    this.onState = onState;
    this.lastSeq = null;
    this.nextRef = 1;
    this.pending = new Map(); // ref -> {resolve, reject}
    this.snapshots = []; // snapshots that answer `observe` (they carry no ref; the ack follows them)
    this.observing = 0; // `observe` requests not yet answered
    this.sent = {}; // requests sent, by type: how often the console asked for what
    this.socket = null;
    this.closed = false;
    this.retry = 500;
  }

  open() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    const socket = new WebSocket(`${scheme}${location.host}/`, SUBPROTOCOL);
    this.socket = socket;
    this.onState("connecting");
    socket.onopen = () => {
      socket.send(JSON.stringify({ type: "join", token: this.token, last_seq: this.lastSeq, folded_ack: true }));
    };
    socket.onmessage = (event) => this.receive(JSON.parse(event.data));
    socket.onclose = () => {
      this.observing = 0;
      for (const { reject } of this.pending.values()) reject(new RequestRefused("connection_lost", "The connection dropped."));
      this.pending.clear();
      if (this.closed) return;
      this.onState("reconnecting");
      setTimeout(() => this.open(), this.retry);
      this.retry = Math.min(this.retry * 2, 8000);
    };
  }

  receive(message) {
    if (message.type === "welcome") {
      this.retry = 500;
      this.onState("connected");
      this.onWelcome(message);
      return;
    }
    if (message.type === "error" && message.ref === null) {
      if (message.code === "bad_token") {
        this.closed = true;
        this.socket.close();
      }
      this.onState("refused", message.message);
      return;
    }
    if (STREAM.has(message.type) && message.ref === undefined) {
      if (message.type === "snapshot" && this.observing) {
        this.snapshots.push(message); // a seat's view, asked for with `observe` (its ack follows)
        return;
      }
      this.lastSeq = message.seq;
      this.onStream(message);
      // The turn's observation may answer our order itself: then it is that order's ack.
      if (message.ack !== undefined) this.answer({ type: "ack", seq: message.seq, ref: message.ack });
      return;
    }
    this.answer(message);
  }

  answer(message) {
    const waiting = this.pending.get(message.ref);
    if (!waiting) return;
    this.pending.delete(message.ref);
    if (message.type === "error") waiting.reject(new RequestRefused(message.code, message.message));
    else waiting.resolve(message);
  }

  request(type, fields = {}) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) {
      return Promise.reject(new RequestRefused("not_connected", "Not connected to the server."));
    }
    const ref = this.nextRef++;
    this.sent[type] = (this.sent[type] || 0) + 1;
    return new Promise((resolve, reject) => {
      this.pending.set(ref, { resolve, reject });
      this.socket.send(JSON.stringify({ type, ref, ...fields }));
    });
  }

  /** Close for good: no reconnecting (a new token is being opened instead). */
  close() {
    this.closed = true;
    this.socket?.close();
  }

  /** A seat's view as that seat sees it now: the snapshot the server sends before its ack. */
  async observe(seat) {
    this.snapshots = [];
    this.observing += 1;
    try {
      await this.request("observe", { seat });
    } finally {
      this.observing = Math.max(0, this.observing - 1);
    }
    return this.snapshots.pop() ?? null;
  }
}
