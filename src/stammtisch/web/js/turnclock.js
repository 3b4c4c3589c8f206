// The turn clock of a table that has one (server/table/clock.py): the seconds left of
// the decision running, shown at the seat whose turn it is, counted down here from
// what the last state said; a warning near the end (and the turn's tone, for this
// person, when sound is on). The server decides at zero, never this page.
import { t } from "./i18n.js";
import { h } from "./dom.js";
import { sound, tone } from "./prefs.js";
import { current } from "./state.js";

const WARN = 10;  // seconds: the countdown turns to a warning
let running = null;  // { seat, seq, left, decisionLeft, at }: the decision timed, as told
let warned = -1;  // the seq whose warning tone was played

// A state came: the clock as it says, from now on this page's clock.
export function noteClock(state) {
  const clock = state.turn_clock?.running;
  running = clock ? { seat: clock.seat, seq: state.seq, left: clock.left, decisionLeft: clock.decision_left, at: performance.now() } : null;
}

// Seconds left of `seat`'s decision (its reserve included), or null when its clock does not run.
function left(seat) {
  if (!running || running.seat !== seat) return null;
  return Math.max(0, running.left - (performance.now() - running.at) / 1000);
}

// Milliseconds this person has before the stand-in decides for them, or Infinity.
export function myTimeLeft() {
  const state = current();
  const seconds = state ? left(state.seat) : null;
  return seconds === null ? Infinity : seconds * 1000;
}

function shownTime(seconds) {
  const whole = Math.ceil(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

function label(seat) {
  const seconds = left(seat);
  const inReserve = running.decisionLeft - (performance.now() - running.at) / 1000 <= 0;
  return t(inReserve ? "ui.clock_reserve" : "ui.clock_left", { time: shownTime(seconds) });
}

// The countdown beside `seat`, or null when its clock does not run.
export function clockBadge(seat) {
  if (left(seat) === null) return null;
  const seconds = left(seat);
  return h("div", { class: "turn-clock" + (seconds <= WARN ? " warn" : ""), "data-turn-clock": String(seat),
    role: "timer", "aria-live": seconds <= WARN ? "assertive" : "off" }, label(seat));
}

// Every second: the countdowns on the page, and the warning tone once per decision.
export function tickClock() {
  for (const node of document.querySelectorAll("[data-turn-clock]")) {
    const seat = Number(node.dataset.turnClock);
    const seconds = left(seat);
    if (seconds === null) continue;
    node.textContent = label(seat);
    const warn = seconds <= WARN;
    node.classList.toggle("warn", warn);
    node.setAttribute("aria-live", warn ? "assertive" : "off");
  }
  const state = current();
  const mine = state ? left(state.seat) : null;
  if (mine !== null && mine <= WARN && warned !== running.seq) {
    warned = running.seq;
    if (sound()) tone();
  }
}
