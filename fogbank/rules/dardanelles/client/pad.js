// The submarine's order pad: course on a compass rose, speed, level, and a torpedo at a contact
// seen; the cost of the order in movement and battery shown before it is sent (the rules of
// units.py: six squares only for an hour begun and ended on the surface, three otherwise; each
// change of level uses a square; a square below the surface costs a unit of battery). The server
// checks the order all the same: this only tells the captain before he sends it.

import { h } from "/web/dom.js";

export const COURSES = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];
export const LEVELS = ["surface", "periscope", "submerged", "bottom"];
const ROSE = ["NW", "N", "NE", "W", null, "E", "SW", "S", "SE"];

// Every contact the seat was told of, by number: an observation carries only the last hour's,
// a snapshot (on joining) all of them, so the page keeps what it was told.
const known = new Map();

/** The contacts in the seat's log so far, `view`'s among them, oldest first. */
export function contactLog(view) {
  for (const contact of view?.contacts || []) known.set(contact.number, contact);
  return [...known.values()].sort((a, b) => a.number - b.number);
}

/** Squares of movement the hour allows, going from level `start` to `end`. */
export function allowance(start, end) {
  // As the rules count it: six for an hour that ends on the surface (the level changes first), three below.
  return end === "surface" ? 6 : 3;
}

/** Battery the order uses: the level changes below the surface, and each square below it. */
export function batteryCost(start, end, speed) {
  const from = LEVELS.indexOf(start);
  const to = LEVELS.indexOf(end);
  let changes = 0;
  if (from !== to) {
    const step = to > from ? 1 : -1;
    for (let d = from + step; d !== to + step; d += step) if (d > 0) changes += 1;
  }
  return changes + (end === "surface" ? 0 : speed);
}

/** The course, of the eight, nearest the way from square centre `from` to `to` (SVG: y grows south). */
export function courseToward(from, to) {
  const angle = (Math.atan2(to[0] - from[0], from[1] - to[1]) * 180) / Math.PI;
  return COURSES[((Math.round(angle / 45) % 8) + 8) % 8];
}

export function orderForm({ view, changed }) {
  let course = "N";
  const roseButtons = {};
  const rose = h(
    "div",
    { class: "rose", role: "group", "aria-label": "Course" },
    ROSE.map((name) => {
      if (!name) return h("span", { class: "hub", "aria-hidden": "true" }, "course");
      const button = h("button", { type: "button", "data-course": name, "aria-pressed": "false" }, name);
      button.onclick = () => {
        setCourse(name);
        changed();
      };
      roseButtons[name] = button;
      return button;
    }),
  );
  function setCourse(name) {
    course = COURSES.includes(name) ? name : "N";
    for (const [n, b] of Object.entries(roseButtons)) b.setAttribute("aria-pressed", String(n === course));
  }
  setCourse("N");

  const speed = h("input", { id: "order-speed", type: "number", min: 0, max: 6, value: 0, inputmode: "numeric" });
  const levels = h(
    "div",
    { class: "segmented", role: "radiogroup", "aria-label": "Level" },
    LEVELS.map((level) =>
      h("label", {}, h("input", { type: "radio", name: "level", value: level, "data-level": level }), h("span", {}, level)),
    ),
  );
  const fire = h("input", { type: "checkbox", id: "order-fire" });
  const target = h("select", { id: "fire-target", "aria-label": "Target contact" });
  const direction = h("select", { id: "fire-direction", "aria-label": "Fire direction" }, COURSES.map((c) => h("option", { value: c }, c)));
  const torpedoes = h("input", { id: "fire-torpedoes", type: "number", min: 1, max: 4, value: 1, "aria-label": "Torpedoes" });
  const fireBox = h(
    "fieldset",
    { class: "fire" },
    h("legend", {}, h("label", { class: "check" }, fire, " Fire torpedoes")),
    h("div", { class: "row" }, h("label", {}, "At", target), h("label", {}, "Bearing", direction), h("label", {}, "Torpedoes", torpedoes)),
  );
  const levelOf = () => levels.querySelector("input:checked")?.value ?? view()?.level ?? "periscope";

  /** The contacts a torpedo may be fired at: seen, not only heard. */
  function targets() {
    const seen = contactLog(view()).filter((c) => c.fidelity !== "bearing");
    const chosen = target.value;
    target.replaceChildren(
      ...(seen.length
        ? seen.map((c) => h("option", { value: c.number }, `c${c.number} ${c.silhouette ?? c.identity ?? ""} ${String(c.bearing).padStart(3, "0")}°`))
        : [h("option", { value: "" }, "no contact seen")]),
    );
    if (chosen) target.value = chosen;
  }

  for (const input of [speed, fire, target, direction, torpedoes]) input.addEventListener("input", changed);
  levels.addEventListener("change", changed);
  fire.addEventListener("change", () => {
    targets();
    changed();
  });
  target.addEventListener("focus", targets);

  return {
    /** A new view: the contacts to fire at; and for a new hour, the level the boat is at now
     * (the course and speed stay as last ordered). */
    seen(now, fresh) {
      targets();
      if (fresh || !levels.querySelector("input:checked")) {
        const radio = levels.querySelector(`input[value="${now?.level}"]`);
        if (radio) radio.checked = true;
      }
    },
    fields: h(
      "div",
      { class: "stack" },
      h("div", { class: "row" }, rose, h("div", { class: "stack" }, h("label", {}, "Speed (squares)", speed), h("label", {}, "Level"), levels)),
      fireBox,
    ),
    read() {
      const squares = Number(speed.value);
      if (!Number.isInteger(squares) || squares < 0) throw new Error("Speed is a whole number of squares, 0 or more.");
      const order = { course, speed: squares, level: levelOf() };
      if (fire.checked) {
        if (!target.value) throw new Error("No contact has been seen to fire at.");
        order.fire = { target: Number(target.value), direction: direction.value, torpedoes: Number(torpedoes.value) || 1 };
      }
      return order;
    },
    fill(order) {
      if (!order) return;
      setCourse(order.course);
      speed.value = order.speed ?? 0;
      const radio = levels.querySelector(`input[value="${order.level}"]`);
      if (radio) radio.checked = true;
      fire.checked = Boolean(order.fire);
      targets();
      if (order.fire) {
        target.value = String(order.fire.target);
        direction.value = order.fire.direction;
        torpedoes.value = order.fire.torpedoes ?? 1;
      }
    },
    cost(order) {
      const now = view();
      if (!now) return null;
      const changes = Math.abs(LEVELS.indexOf(order.level) - LEVELS.indexOf(now.level));
      const most = allowance(now.level, order.level);
      const battery = batteryCost(now.level, order.level, order.speed);
      const used = order.speed + changes;
      const still = order.level === "bottom" && order.speed > 0; // on the seabed the boat only drifts
      const over = used > most || battery > now.battery || still;
      return {
        text: still
          ? "At the bottom the boat lies still and drifts: speed 0, or choose a level above the bottom."
          : `Movement ${used} of ${most} (${order.speed} sq + ${changes} level change${changes === 1 ? "" : "s"}) · battery ${battery} of ${now.battery}`,
        over,
      };
    },
    /** A square clicked on the chart: steer for it from the plotted position, as fast as the hour allows. */
    pick(place, map) {
      const now = view();
      const from = now && map.centre(now.plotted);
      const to = map.centre(place.name);
      if (!from || !to || place.name === now.plotted) return;
      setCourse(courseToward(from, to));
      const level = levelOf();
      const changes = Math.abs(LEVELS.indexOf(level) - LEVELS.indexOf(now.level));
      const distance = Math.max(Math.abs(to[0] - from[0]), Math.abs(to[1] - from[1])) / map.size;
      const most = level === "bottom" ? 0 : allowance(now.level, level) - changes;
      speed.value = Math.max(0, Math.min(Math.round(distance), most));
    },
  };
}
