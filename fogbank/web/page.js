// What both pages, the umpire's console and a player's seat, do alike around the wire: the token
// taken from the URL fragment into this tab's sessionStorage (and off the address bar), the
// connection shown in the bar's pill, notices, and the server's messages handled one at a time.

import { Wire } from "./wire.js";

const $ = (id) => document.getElementById(id);

/** The token the URL's fragment gives (kept in this tab), or the one this tab kept before. */
export function takeToken(key) {
  const given = new URLSearchParams(location.hash.slice(1)).get("token");
  if (given) {
    sessionStorage.setItem(key, given);
    history.replaceState(null, "", location.pathname + location.search); // off the screen and history
  }
  return sessionStorage.getItem(key);
}

/** A passing note in the corner; an error stays longer. */
export function notice(text, kind = "info") {
  const box = $("notice");
  box.textContent = text;
  box.dataset.kind = kind;
  box.hidden = false;
  clearTimeout(notice.timer);
  notice.timer = setTimeout(() => (box.hidden = true), kind === "error" ? 9000 : 4000);
}

/** A queue that runs tasks one after another, in the order given; a failure is shown, not fatal. */
export function inOrder(what) {
  let inbox = Promise.resolve();
  return (task) => {
    inbox = inbox.then(task).catch((error) => {
      console.error(error);
      notice(`${what} failed: ${error.message}`, "error");
    });
  };
}

/** Open the wire with `token` (kept under `key`): the pill shows its state; a refused token is
 * forgotten and the login form shown instead of `main`. Welcome and stream go through `later`. */
export function connect(token, key, { main, later, onWelcome, onStream }) {
  $("login").hidden = true;
  const wire = new Wire(token, {
    onState(state, sentence) {
      const pill = $("connection");
      pill.dataset.state = state;
      pill.textContent = state;
      if (state === "refused") {
        notice(sentence, "error");
        sessionStorage.removeItem(key);
        $(main).hidden = true;
        $("login").hidden = false;
      }
    },
    onWelcome: (welcome) => later(() => onWelcome(welcome)),
    onStream: (message) => later(() => onStream(message)),
  });
  wire.open();
  return wire;
}

/** A link opened in this tab again, with another token (a seat's new link pasted over the old):
 * the address bar's fragment changes but the page does not reload, so `start` is called here. */
export function onNewToken(key, start) {
  window.addEventListener("hashchange", () => {
    const before = sessionStorage.getItem(key);
    const token = takeToken(key);
    if (token && token !== before) start(token);
  });
}

/** The login form: a pasted token is kept in the tab and `start`ed. */
export function loginForm(key, start) {
  $("login").onsubmit = (event) => {
    event.preventDefault();
    const token = $("token").value.trim();
    if (!token) return;
    sessionStorage.setItem(key, token);
    $("token").value = "";
    start(token);
  };
}
