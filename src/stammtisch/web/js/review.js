// The expert's review of a match for one seat: progress while it is worked out, each deal
// shown as soon as the expert is through it, then the accuracy, the biggest mistakes, a
// chart of the seat's chances and a move list that jumps to any position, shown face up
// (history step API) or from the seat's view.
import { lang, t } from "./i18n.js";
import { backs, cardElement, short } from "./cards.js";
import { h, svg } from "./dom.js";
import { gameUi } from "./games.js";
import { header } from "./page.js";
import { namedContext } from "./seatnames.js";
import { actionLabel, seatName } from "./words.js";

const root = document.getElementById("app");
const id = decodeURIComponent(location.pathname.split("/").pop());
const seat = Number(new URLSearchParams(location.search).get("seat") || "0");
const token = localStorage.getItem(`stammtisch.token.${id}`) || "";
const auth = token ? { Authorization: `Bearer ${token}` } : {};
const POLL = 300;       // ms between two questions while the expert works: a deal shows soon after it is done

let status = null;      // {status, progress, review?} from the server
let problem = "";       // an i18n key when the review cannot be had
let held = "";          // an i18n key while the server asks the page to come back later
let review = null;
let byIndex = new Map(); // action index -> the seat's decision there
let pos = 0;            // the position shown: history step, before action `pos`
let faceUp = true;
let step = null;        // the face-up position fetched, {step, view, hands, ...}
let asking = false;
let wanted = 0;
let seats = [];
let lastSaid = "";      // what the last answer said, to draw the page again only on a change

function percent(x) {
  return x === null || x === undefined ? "–" : new Intl.NumberFormat(lang(), { style: "percent" }).format(x);
}

function number(x, digits = 2) {
  return new Intl.NumberFormat(lang(), { maximumFractionDigits: digits }).format(x);
}

async function start() {
  const response = await fetch(`/api/reviews/${encodeURIComponent(id)}`, {
    method: "POST", headers: { "Content-Type": "application/json", ...auth }, body: JSON.stringify({ seat }),
  });
  await answered(response);
}

async function poll() {
  const response = await fetch(`/api/reviews/${encodeURIComponent(id)}?seat=${seat}`, { headers: auth });
  await answered(response);
}

async function answered(response) {
  // 429: this browser's other review comes first; 503: the queue is full (or the database away).
  if (response.status === 429 || response.status === 503) {
    held = response.status === 429 ? "review.one_at_a_time" : "review.full";
    render();
    setTimeout(start, response.status === 429 ? 1500 : 60_000);
    return;
  }
  held = "";
  if (!response.ok) {
    problem = { 403: "review.refused", 404: "ui.no_table", 400: "review.bad_seat" }[response.status] || "review.failed";
    render();
    return;
  }
  status = await response.json();
  const shown = review;
  if (status.review && (!shown || status.status === "done" || status.review.decisions.length !== shown.decisions.length)) {
    // The whole review, or the deals judged so far while the expert goes on with the rest.
    review = status.review;
    byIndex = new Map(review.decisions.map((d, n) => [d.index, { ...d, n }]));
    if (!shown) {
      faceUp = review.finished;
      const first = review.biggest.length ? review.decisions[review.biggest[0]].index : review.decisions[0]?.index ?? 0;
      if (status.status !== "done") setTimeout(poll, POLL);
      await go(first);
      return;
    }
  }
  // Drawn again only when something changed: a page that is read is not redrawn under the reader.
  const said = JSON.stringify([status.status, status.place, status.progress, held, review?.decisions.length]);
  if (said !== lastSaid || status.status === "done") render();
  lastSaid = said;
  if (status.status !== "done") setTimeout(poll, POLL);
}

// One face-up step asked at a time (the server replays one per client): the last wanted wins.
async function fetchStep(target) {
  wanted = target;
  if (asking) return;
  asking = true;
  try {
    for (let asked = null; asked !== wanted;) {
      asked = wanted;
      const response = await fetch(`/api/history/${encodeURIComponent(id)}?step=${asked}`);
      if (response.status === 429) { asked = null; await new Promise((r) => setTimeout(r, 250)); continue; }
      if (!response.ok) { step = null; faceUp = false; break; }
      step = await response.json();
      seats = step.seats;
    }
  } finally {
    asking = false;
  }
  render();
}

async function go(target) {
  pos = Math.max(0, Math.min(review.total, target));
  if (!faceUp && !byIndex.has(pos)) faceUp = review.finished;
  render();
  if (faceUp) await fetchStep(pos);
}

function neighbour(direction) {
  if (faceUp) return pos + direction;
  const indices = review.decisions.map((d) => d.index);
  const next = direction > 0 ? indices.find((i) => i > pos) : [...indices].reverse().find((i) => i < pos);
  return next ?? pos;
}

// The reader's own seat, called "you": a running match is reviewed only by the player
// of its seat (the server checks the seat's token); a finished one by anyone, so only a
// browser that holds a seat token of this match is "you": at its seat of the one person,
// else at the reviewed seat when a person played it.
function viewerSeat() {
  if (review && !review.finished) return seat;
  if (!token) return null;
  const people = seats.flatMap((info, s) => (info.kind === "human" ? [s] : []));
  if (people.length === 1) return people[0];
  return seats[seat]?.kind === "human" ? seat : null;
}

function ctx() { return namedContext(seats, viewerSeat()); }

// The text ``key`` with ``who``'s name as {slot}, or its ".you" form when ``who`` is the reader.
function about(key, who, slot, params = {}) {
  return who === viewerSeat() ? t(`${key}.you`, params) : t(key, { ...params, [slot]: seatName(who, ctx()) });
}

function valueText(x) { return review.unit === "win" ? percent(x) : number(x); }

function mistakeText(d) {
  return t("review.mistake_item", { deal: d.deal + 1, move: d.move, played: actionLabel(d.played),
    best: actionLabel(d.best), loss: valueText(d.loss) });
}

function summary() {
  const rule = t(review.unit === "win" ? "review.rule_win" : "review.rule_points",
    { mistake: valueText(review.mistake), close: valueText(review.close), budget: number(review.budget) });
  const deals = review.deals.filter((d) => d.decisions || d.pending).map((d) => (d.pending
    ? h("li", { class: "pending", "data-deal": d.deal }, t("review.deal_pending", { n: d.deal + 1 }))
    : h("li", { class: "judged", "data-deal": d.deal },
      t("review.deal_accuracy", { n: d.deal + 1, percent: percent(d.accuracy) }), " ",
      h("span", { class: "doc" }, t("review.deal_counts", { n: d.decisions, mistakes: d.mistakes })))));
  return h("section", { class: "review-summary" },
    h("p", { class: "review-accuracy" }, t("review.accuracy", { percent: percent(review.accuracy) })),
    h("p", { class: "doc" }, rule),
    h("ul", { class: "review-deals" }, deals));
}

function mistakes() {
  const items = review.biggest.map((n) => review.decisions[n]).map((d) => h("li", {},
    h("button", { type: "button", class: "link review-mistake", "data-index": d.index, onclick: () => go(d.index) }, mistakeText(d))));
  return h("section", { class: "review-mistakes" }, h("h2", {}, t("review.mistakes")),
    items.length ? h("ol", {}, items) : h("p", {}, t("review.no_mistakes", { mistake: valueText(review.mistake) })));
}

function chart() {
  const points = review.decisions;
  const W = 640, H = 180, L = 40, R = 8, T = 10, B = 20;
  const values = points.map((d) => d.best_value);
  let low = review.unit === "win" ? 0 : Math.min(0, ...values);
  let high = review.unit === "win" ? 1 : Math.max(0, ...values);
  if (high === low) { high += 1; low -= 1; }
  const x = (n) => L + (points.length > 1 ? n / (points.length - 1) : 0.5) * (W - L - R);
  const y = (v) => T + (1 - (v - low) / (high - low)) * (H - T - B);
  const grid = (review.unit === "win" ? [0, 0.5, 1] : [low, 0, high]).map((v) => [
    svg("line", { x1: L, x2: W - R, y1: y(v), y2: y(v), class: "grid" }),
    svg("text", { x: L - 4, y: y(v) + 4, "text-anchor": "end", class: "axis" }, valueText(v))]);
  const bounds = points.map((d, n) => (n && d.deal !== points[n - 1].deal) || n === 0 ? [
    n ? svg("line", { x1: (x(n) + x(n - 1)) / 2, x2: (x(n) + x(n - 1)) / 2, y1: T, y2: H - B, class: "deal-line" }) : null,
    svg("text", { x: n ? (x(n) + x(n - 1)) / 2 + 3 : L + 3, y: H - 6, class: "axis" }, t("ui.deal_n", { n: d.deal + 1 }))] : null);
  const line = svg("polyline", { points: points.map((d, n) => `${x(n)},${y(d.best_value)}`).join(" "), class: "curve" });
  const dots = points.map((d, n) => svg("circle", {
    cx: x(n), cy: y(d.best_value), r: d.index === pos ? 6 : d.mistake ? 5 : 3,
    class: `dot${d.mistake ? " mistake" : ""}${d.index === pos ? " here" : ""}`, onclick: () => go(d.index),
  }, svg("title", {}, `${t("ui.deal_n", { n: d.deal + 1 })} · ${actionLabel(d.played)} · ${valueText(d.best_value)}`)));
  return h("section", { class: "review-chart" },
    h("h2", {}, t(review.unit === "win" ? "review.chart_win" : "review.chart_points")),
    svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": t(review.unit === "win" ? "review.chart_win" : "review.chart_points") },
      grid, bounds, line, dots));
}

function moveList() {
  const items = [];
  let deal = null;
  for (const move of review.moves) {
    if (move.deal !== deal) {
      deal = move.deal;
      items.push(h("li", { class: "deal-head" }, t("ui.deal_n", { n: deal + 1 })));
    }
    const d = byIndex.get(move.index);
    const text = move.action === null ? t("review.hidden_move") : actionLabel(move.action);
    items.push(h("li", { class: `${move.index === pos ? "current" : ""}${d ? " mine" : ""}` },
      h("button", { type: "button", class: "move", "data-index": move.index, onclick: () => go(move.index),
        "aria-current": move.index === pos ? "step" : null },
      `${move.index + 1}. ${seatName(move.seat, ctx())}: ${text}`,
      d && d.loss ? h("span", { class: "loss" }, ` −${valueText(d.loss)}`) : null,
      d && d.mistake ? h("span", { class: "mark", title: t("review.mistake") }, " ??") : null)));
  }
  return h("section", { class: "review-moves" }, h("h2", {}, t("review.moves")), h("ol", { class: "move-list" }, items));
}

function decisionPanel() {
  const d = byIndex.get(pos);
  if (!d) {
    const move = review.moves[pos];
    return h("p", { class: "status" }, move ? about("review.to_play", move.seat, "who") : t("ui.match_over"));
  }
  const ranked = d.ranked.slice(0, 5).map(([action, value]) => h("li", { class: action === d.played ? "was-played" : "" },
    `${actionLabel(action)} · ${valueText(value)}`));
  return h("div", { class: `review-decision${d.mistake ? " is-mistake" : ""}` },
    h("p", {}, t("review.played", { action: actionLabel(d.played) }),
      d.mistake ? h("strong", { class: "mark" }, ` ?? ${t("review.mistake")}`) : null),
    h("p", {}, t("review.best", { action: actionLabel(d.best), value: valueText(d.best_value) })),
    h("p", {}, d.loss === null ? t("review.unweighed") : t("review.loss", { loss: valueText(d.loss) })),
    h("h3", {}, t("review.values")), h("ol", { class: "ranked" }, ranked));
}

// The position in the numbering the move list and the mistakes use: before move n.
function positionText() {
  return pos < review.total ? t("review.move_of", { n: pos + 1, total: review.total })
    : t("review.after_last", { total: review.total });
}

function board() {
  const ui = { ctx: ctx(), card: (c) => cardElement(c), mini: (c) => h("span", { class: `mini suit-${c[1]}` }, short(c)), backs,
    pileButton: (n) => n, lastTrick: () => null };
  const game = gameUi(review.game);
  const toggle = h("div", { class: "review-toggle", role: "group", "aria-label": t("review.shown_as") },
    h("button", { type: "button", class: faceUp ? "" : "secondary", "aria-pressed": String(faceUp), disabled: review.finished ? null : true,
      onclick: () => { faceUp = true; go(pos); } }, t("review.face_up")),
    h("button", { type: "button", class: faceUp ? "secondary" : "", "aria-pressed": String(!faceUp),
      disabled: byIndex.size ? null : true,
      onclick: () => { faceUp = false; go(byIndex.has(pos) ? pos : neighbour(1) === pos ? neighbour(-1) : neighbour(1)); } },
    about("review.seat_view", seat, "seat")));
  const nav = (label, target, key) => h("button", { type: "button", class: "secondary", "aria-keyshortcuts": key,
    disabled: target === pos ? true : null, onclick: () => go(target) }, label);
  let center = [];
  let hands = [];
  if (faceUp && step && step.step === pos) {
    center = game.center(step.view, ui).filter(Boolean);
    hands = Object.entries(step.hands).map(([s, cards]) => h("li", { class: `replay-hand${Number(s) === seat ? " reviewed" : ""}` },
      h("strong", {}, seatName(Number(s), ctx())), h("div", { class: "hand small" }, cards.map((c) => cardElement(c)))));
  } else if (!faceUp && byIndex.has(pos)) {
    const view = byIndex.get(pos).view;
    center = game.center(view, ui).filter(Boolean);
    hands = [h("li", { class: "replay-hand reviewed" }, h("strong", {}, seatName(seat, ctx())),
      h("div", { class: "hand small" }, (view.hand || []).map((c) => cardElement(c))))];
  } else {
    center = [h("p", {}, t("ui.connecting"))];
  }
  return h("section", { class: "review-board felt" },
    toggle,
    h("div", { class: "replay-nav", role: "group", "aria-label": t("review.positions") },
      nav(t("ui.first"), faceUp ? 0 : review.decisions[0]?.index ?? 0, "Home"),
      nav(t("ui.back"), neighbour(-1), "ArrowLeft"),
      h("span", { class: "step" }, positionText()),
      nav(t("ui.forward"), neighbour(1), "ArrowRight"),
      nav(t("ui.last"), faceUp ? review.total : review.decisions.at(-1)?.index ?? 0, "End")),
    decisionPanel(),
    h("div", { class: "center" }, center),
    h("ul", { class: "replay-hands" }, hands),
    h("p", { class: "keys-help" }, t("review.keys")));
}

function render() {
  document.title = `${t("review.title")} · ${t("app.title")}`;
  if (problem) { root.replaceChildren(h("main", { class: "review" }, h("p", { class: "notice", role: "alert" }, t(problem)))); return; }
  if (!review) {
    const progress = status ? status.progress : 0;
    const queued = status?.status === "queued";
    root.replaceChildren(h("main", { class: "review", "data-status": status?.status || "starting" },
      h("h1", {}, t("review.title")),
      queued
        ? h("div", { class: "review-queue", role: "status" },
          h("p", { class: "review-place" }, t("review.queued", { place: status.place })),
          h("p", { class: "doc" }, t("review.queued_doc")))
        : h("p", { role: "status" }, t("review.working", { percent: percent(progress) })),
      held ? h("p", { class: "notice", role: "status" }, t(held)) : null,
      // While it waits the bar has no value: the browser shows it as indeterminate.
      h("progress", { class: "review-progress", max: "1", value: queued ? null : String(progress), "aria-label": t("review.title") })));
    return;
  }
  const keepScroll = root.querySelector(".move-list")?.scrollTop;
  const judged = review.deals.filter((d) => !d.pending).length;
  root.replaceChildren(h("main", { class: "review", "data-status": review.partial ? "partial" : "done",
    "data-deals": judged },
    h("h1", {}, about("review.heading", seat, "seat", { game: t(`game.${review.game}`) })),
    review.partial ? h("div", { class: "review-partial", role: "status" },
      h("p", {}, t("review.partial", { done: judged, total: review.deals.length })),
      h("progress", { class: "review-progress", max: "1", value: String(status?.progress ?? 0), "aria-label": t("review.title") }))
      : null,
    h("div", { class: "review-layout" },
      h("div", { class: "review-main" }, board(), chart()),
      h("aside", { class: "review-side" }, summary(), mistakes(), moveList()))));
  const list = root.querySelector(".move-list");
  const current = list?.querySelector(".current");
  if (list && keepScroll !== undefined) list.scrollTop = keepScroll;
  if (list && current && (current.offsetTop < list.scrollTop || current.offsetTop > list.scrollTop + list.clientHeight - 30)) {
    list.scrollTop = current.offsetTop - list.clientHeight / 2;
  }
}

document.addEventListener("keydown", (event) => {
  if (!review || event.target.closest("input, select, textarea")) return;
  const target = { ArrowRight: neighbour(1), ArrowDown: neighbour(1), ArrowLeft: neighbour(-1), ArrowUp: neighbour(-1),
    Home: faceUp ? 0 : review.decisions[0]?.index, End: faceUp ? review.total : review.decisions.at(-1)?.index }[event.key];
  if (target === undefined) return;
  event.preventDefault();  // the arrows move through the positions, never the page
  go(target);
});

header(render);
render();
start().catch(() => { problem = "review.failed"; render(); });
