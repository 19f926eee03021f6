// Links to a game's seats, as the umpire's pages show them: each with a copy button. A link is
// the page's own address (where the umpire reached the server) and the seat's path; its token is
// in the fragment, which the browser never sends to a server.

import { h } from "./dom.js";
import { notice } from "./page.js";

/** A path from the server (`/play#token=...`) as a whole link on this page's address. */
export function whole(path) {
  return path.startsWith("http") ? path : `${location.origin}${path}`;
}

/** A button that copies `text` to the clipboard, and says so. */
export function copyButton(text, what, attributes = {}) {
  const button = h("button", { type: "button", class: "quiet copy", ...attributes }, "Copy");
  button.onclick = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notice(`${what}: link copied.`);
    } catch {
      notice("This browser would not copy: select the link and copy it by hand.", "error");
    }
  };
  return button;
}

/** A table row: who the link is for, the link (read-only, selectable) and its copy button. */
export function linkRow(who, link, seat) {
  const field = h("input", { type: "text", readonly: true, value: link, "aria-label": `${who}: link`, spellcheck: "false" });
  field.onfocus = () => field.select();
  return h("tr", { "data-seat": seat }, h("td", { class: "who" }, who), h("td", {}, field), h("td", {}, copyButton(link, who, { "data-copy": seat })));
}
