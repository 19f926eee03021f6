// The games this browser keeps: each seat (and each umpire's or spectators' view) opened here
// once, so that /play (or /umpire) in any new tab of the same browser lists them and enters one
// with a click. Kept in this origin's localStorage, never in a cookie: a token leaves the browser
// only in a join or a glance, over the websocket. Forgetting a game takes it off the list (and its
// draft order with it).

import { SUBPROTOCOL, RequestRefused } from "./wire.js";

const KEY = "fogbank.kept";
const GLANCE_WAIT = 15000; // ms before a glance that has had no answer is given up

function read() {
  try {
    const kept = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(kept) ? kept.filter((entry) => entry && typeof entry.token === "string") : [];
  } catch {
    return [];
  }
}

function write(kept) {
  try {
    localStorage.setItem(KEY, JSON.stringify(kept));
  } catch {
    // A browser that keeps nothing (a private window's storage full, say): the link still works.
  }
}

/** The games kept for a page ("play" or "umpire"), the latest opened first. */
export function kept(page) {
  return read()
    .filter((entry) => entry.page === page)
    .sort((a, b) => (b.opened || "").localeCompare(a.opened || ""));
}

/** The kept entry of a game's seat, or undefined. */
export function keptFor(game, seat) {
  return read().find((entry) => entry.game === game && entry.seat === seat);
}

/** Keep the seat a welcome opened with `token`: a new link for the same seat replaces the old. The
 * dice commitment is the one first shown here (the debrief's `fogbank verify` checks against it). */
export function keep(page, welcome, token) {
  const all = read();
  const before = all.find((entry) => entry.game === welcome.game && entry.seat === welcome.seat);
  const entry = {
    ...before,
    page,
    game: welcome.game,
    seat: welcome.seat,
    token,
    commitment: before?.commitment || welcome.commitment,
    opened: new Date().toISOString(),
    refused: undefined,
  };
  write([entry, ...all.filter((other) => other !== before)]);
  return entry;
}

/** Keep what a glance said of a game (a finished one is not asked again), or that its token was refused. */
export function note(game, seat, fields) {
  write(read().map((entry) => (entry.game === game && entry.seat === seat ? { ...entry, ...fields } : entry)));
}

/** Take a game off this browser's list, its draft order with it. */
export function forget(game, seat) {
  write(read().filter((entry) => !(entry.game === game && entry.seat === seat)));
  for (const store of [localStorage, sessionStorage]) {
    try {
      store.removeItem(`fogbank.seat.draft.${game}.${seat}`);
    } catch {
      // nothing kept there
    }
  }
}

/** Where the seat `token` opens stands: the server's `summary`, from what that seat's own join
 * would tell it. One connection a glance (with several server processes, each goes to the one
 * holding its game). Rejects with a RequestRefused (`bad_token`: the link no longer opens it). */
export function glance(token) {
  return new Promise((resolve, reject) => {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    const socket = new WebSocket(`${scheme}${location.host}/`, SUBPROTOCOL);
    const done = (settle, value) => {
      clearTimeout(timer);
      socket.onclose = null;
      socket.close();
      settle(value);
    };
    const timer = setTimeout(() => done(reject, new RequestRefused("no_answer", "The server did not answer.")), GLANCE_WAIT);
    socket.onopen = () => socket.send(JSON.stringify({ type: "glance", ref: 1, token }));
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "summary") done(resolve, message);
      else if (message.type === "error") done(reject, new RequestRefused(message.code, message.message));
    };
    socket.onclose = () => done(reject, new RequestRefused("connection_lost", "The server could not be reached."));
  });
}
