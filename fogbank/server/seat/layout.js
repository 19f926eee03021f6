// The seat page on any screen (seat.css lays it out): the bar's and the zoom bar's heights, measured as they wrap, so
// the chart fits the window under it and the order pad stays in sight beside the chart however
// far the page scrolls; and on a phone, where the pad comes under the chart, a dock at the foot
// of the screen to go from the chart to the pad and the messages and back, the order being
// written left as it is (nothing is drawn again: the page only scrolls).

import { h } from "/web/dom.js";

const $ = (id) => document.getElementById(id);

/** `--bar` and `--controls`: the bar's and the map's zoom bar's heights now (each as it wraps), for seat.css. */
function measure(element, property) {
  if (!element) return;
  const set = () => document.documentElement.style.setProperty(property, `${Math.ceil(element.getBoundingClientRect().height)}px`);
  new ResizeObserver(set).observe(element);
  set();
}

/** The dock: a button for each part of the seat, which scrolls it into sight under the bar. */
function dock() {
  const go = (id, what) => {
    const button = h("button", { type: "button", class: "quiet", "data-go": id }, what);
    button.onclick = () => $(id)?.scrollIntoView({ block: "start", behavior: "smooth" });
    return button;
  };
  const nav = h("nav", { id: "dock", class: "dock", "aria-label": "Parts of your seat" },
    go("chart-area", "Chart"), go("orders-panel", "Orders"), go("papers", "Reports and messages"));
  $("seat").append(nav);
}

measure(document.querySelector("body > .bar"), "--bar");
measure($("map-controls"), "--controls");
dock();
