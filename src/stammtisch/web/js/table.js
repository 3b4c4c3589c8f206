// The table page: one socket to the server, which sends this seat's view (or the
// public one to a watcher) and the public events; actions go back in the notation,
// from buttons, cards or the keyboard. Before the deal the waiting room (seating.js).
import { formatNumber, has, t } from "./i18n.js";
import { backs, cardElement, cardName, cardsShort, short } from "./cards.js";
import { gameUi, h } from "./games.js";
import { header } from "./page.js";
import { cardsOf, resolve } from "./resolve.js";
import { actionLabel, eventText, seatName, teamName } from "./words.js";
import { coachPanel, hintLine } from "./coach.js";
import { startLike } from "./lesson.js";
import { isAway, presence, stateArrived, takeoverForm, tickCountdowns, waitingRoom, watchBanner } from "./seating.js";

const tableId = decodeURIComponent(location.pathname.split("/").pop());
const tokenKey = `stammtisch.token.${tableId}`;
let token = localStorage.getItem(tokenKey) || "";
const root = document.getElementById("app");

let socket = null;
let retry = 0;
let state = null;
let events = [];
let selected = [];
let showLast = false;
let textOpen = false;
let notice = "";
let connection = "connecting";
let announced = 0;
let lastCenter = new Set();
let catalog = [];  // the games on offer, for the computer levels the owner may choose
let joinFocused = false;
let hinted = null;  // the last hint: the expert's values for the position at its seq  // a link to "#join" puts the cursor into the name field once

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

// "seq" names the state the action was chosen in; the server refuses it if the table moved on.
function act(action) { selected = []; notice = ""; send({ type: "act", action, seq: state?.seq ?? 0 }); }

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(tableId)}?token=${encodeURIComponent(token)}`);
  socket.addEventListener("open", () => { retry = 0; connection = "open"; });
  socket.addEventListener("message", (message) => receive(JSON.parse(message.data)));
  socket.addEventListener("close", (closed) => {
    if (closed.code === 4404) { connection = "missing"; render(); return; }
    if (closed.code >= 4000) { connection = "failed"; render(); return; }
    connection = "lost";
    render();
    setTimeout(connect, Math.min(8000, 400 * 2 ** retry++));
  });
}

function receive(message) {
  if (message.type === "state") {
    events.splice(message.log_start);
    events.push(...message.events);
    if (message.log_start < announced) announced = message.log_start;
    state = message;
    stateArrived();
    const legal = myLegal();
    selected = selected.filter((c) => legal.some((a) => cardsOf(a).includes(c)));
  } else if (message.type === "seated") {
    token = message.token;
    localStorage.setItem(tokenKey, token);
    notice = "";
  } else if (message.type === "error") {
    if (message.code === "stale") return;  // the fresh state follows at once
    if (message.code === "bad_token") {
      localStorage.removeItem(tokenKey);
      token = "";
      notice = t("ui.bad_token");
    } else {
      // The server's text names the details (in English); a known code is said in the page's language.
      notice = has(`err.${message.code}`) ? t(`err.${message.code}`) : message.message;
    }
  } else if (message.type === "hint") {
    hinted = { seq: message.seq, advice: message.advice };
    notice = "";
  }
  render();
}

function ctx() { return { me: state?.seat ?? null, seats: state?.seats || [] }; }

function myLegal() {
  if (!state || state.seat === null || state.to_act !== state.seat) return [];
  return state.view.legal_actions || [];
}

// --- choosing actions with cards --------------------------------------------------

function candidates(legal) {
  if (!selected.length) return { all: [], exact: [] };
  const all = legal.filter((a) => { const own = cardsOf(a); return selected.every((c) => own.includes(c)); });
  const exact = all.filter((a) => cardsOf(a).length === selected.length);
  return { all, exact };
}

function clickCard(code) {
  const legal = myLegal();
  selected = selected.includes(code) ? selected.filter((c) => c !== code) : [...selected, code];
  if (selected.length && !candidates(legal).all.length) selected = [code];
  const { all, exact } = candidates(legal);
  if (all.length === 1 && exact.length === 1) { act(exact[0]); return; }
  notice = "";
  render();
}

// --- keys -------------------------------------------------------------------------

function keyFor(action, used) {
  const words = action.split(" ");
  const tries = [];
  if (words.length === 2 && /^[0-9]+$|^[CDHS]$/.test(words[1])) tries.push(words[1].toLowerCase());
  for (const w of [...words].reverse()) tries.push(w[0].toLowerCase());
  tries.push(...words[0].toLowerCase());
  return tries.find((k) => /^[a-z0-9]$/.test(k) && !used.has(k)) || "";
}

let keyed = { cards: [], buttons: new Map() };

document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.target.closest("input, select, textarea")) return;
  const key = event.key.toLowerCase();
  if (key === "escape") { selected = []; notice = ""; render(); return; }
  if (key === "/") { event.preventDefault(); document.getElementById("typed")?.focus(); return; }
  if (key === "enter") {
    const { exact } = candidates(myLegal());
    if (exact.length === 1) { event.preventDefault(); act(exact[0]); }
    return;
  }
  const digit = key === "0" ? 10 : Number(key);
  if (digit && keyed.cards[digit - 1] && !keyed.buttons.has(key)) { clickCard(keyed.cards[digit - 1]); return; }
  const button = keyed.buttons.get(key);
  if (button) { event.preventDefault(); button(); }
});

// --- drawing ----------------------------------------------------------------------

function makeUi(legal) {
  const clickable = new Set(legal.flatMap(cardsOf));
  const order = [];
  const ui = {
    ctx: ctx(),
    card(code, { plain = false, label = "" } = {}) {
      const canClick = !plain && clickable.has(code);
      let key = "";
      if (canClick) { order.push(code); key = order.length <= 10 ? String(order.length % 10) : ""; }
      const node = cardElement(code, {
        onClick: canClick ? () => clickCard(code) : null, selected: selected.includes(code), key,
        label: label ? label + cardName(code) : "",
      });
      if (!lastCenter.has(code)) node.classList.add("enter");
      return node;
    },
    mini(code) { return h("span", { class: `mini suit-${code[1]}` }, short(code)); },
    backs,
    pileButton(node, action) {
      if (!legal.includes(action)) return node;
      return h("button", { type: "button", class: "pile-button", "aria-label": actionLabel(action), onclick: () => act(action) }, node);
    },
    lastTrick(zone) {
      if (!zone) return null;
      const button = h("button", { type: "button", class: "secondary", onclick: () => { showLast = !showLast; render(); } },
        showLast ? t("ui.hide_last_trick") : t("ui.show_last_trick"));
      return h("div", { class: "last-trick" }, button, showLast ? zone : null);
    },
  };
  return { ui, order };
}

function seatsStrip(view, game, c) {
  const count = state.seats.length;
  const first = state.seat === null ? 0 : state.seat + 1;  // a watcher sees the seats in order
  const order = Array.from({ length: count }, (_, i) => (first + i) % count).filter((s) => s !== state.seat);
  return h("ol", { class: "seats", "aria-label": t("ui.seats") }, order.map((seat) => {
    const info = state.seats[seat];
    const level = info.kind === "bot" ? t(`level.${info.level}`) : "";
    return h("li", { class: "seat" + (view.to_act === seat ? " acting" : "") + (isAway(info) ? " is-away" : ""),
      "data-seat": String(seat) },
      h("div", { class: "seat-name" }, seatName(seat, c),
        view.dealer === seat ? h("span", { class: "badge" }, t("ui.dealer")) : null),
      level ? h("div", { class: "level" }, `${t("ui.computer")}: ${level}`) : null,
      h("div", { class: "seat-stats" }, game.seat(view, seat).filter(Boolean).map((x) => h("span", {}, x))),
      view.to_act === seat ? h("div", { class: "acting-note" }, t("ui.to_act")) : null,
      presence(info, seat), takeoverForm(state, seat, levelNames(), send));
  }));
}

function statusLine(view) {
  if (connection === "missing") return t("ui.no_table");
  if (state.result) return resultText(state.result);
  if (state.seat === null) {
    return typeof view.to_act === "number" ? t("ui.waiting", { name: seatName(view.to_act, ctx()) }) : t("ui.spectator");
  }
  if (view.to_act === state.seat) return t("ui.your_turn");
  return t("ui.waiting", { name: seatName(view.to_act, ctx()) });
}

function resultText(result) {
  if (result.winners && result.winners.length > 1) {
    return t("ui.joint_win", { names: result.winners.map((w) => teamName(w)).join(", ") });
  }
  if (result.winning_seats) {
    return result.winning_seats.includes(state.seat) ? t("ui.you_win") : t("ui.team_wins", { name: teamName(result.winner) });
  }
  return result.winner === state.seat ? t("ui.you_win") : t("ui.wins", { name: seatName(result.winner, ctx()) });
}

function actionBar(legal) {
  const used = new Set();
  keyed.buttons = new Map();
  const { all, exact } = candidates(legal);
  const plain = legal.filter((a) => !cardsOf(a).length);
  const offered = [...exact, ...all.filter((a) => !exact.includes(a)).slice(0, 11)];
  const buttons = [...plain, ...offered].map((action) => {
    const key = keyFor(action, used);
    if (key) used.add(key);
    const run = () => act(action);
    if (key) keyed.buttons.set(key, run);
    return h("button", { type: "button", class: "action" + (exact.includes(action) ? " primary" : ""),
      "data-action": action, "aria-keyshortcuts": key ? key.toUpperCase() : null, onclick: run }, actionLabel(action), key ? h("kbd", { "aria-hidden": "true" }, key.toUpperCase()) : null);
  });
  return h("div", { class: "actions", role: "group", "aria-label": t("ui.play") }, buttons);
}

function typedForm(legal) {
  const input = h("input", { id: "typed", type: "text", autocomplete: "off", autocapitalize: "off", spellcheck: "false",
    placeholder: legal.length ? `${legal.slice(0, 2).join(", ")} …` : "" });
  const form = h("form", { class: "typed", onsubmit: (event) => {
    event.preventDefault();
    const text = input.value;
    const found = resolve(text, legal);
    if (found.action) { input.value = ""; act(found.action); return; }
    const list = found.candidates.slice(0, 12).join(", ");
    notice = found.problem === "ambiguous" ? t("ui.ambiguous", { text, list }) : t("ui.not_action", { text, list });
    render();
    document.getElementById("typed")?.focus();
  } }, h("label", { for: "typed" }, t("ui.type_action")), input, h("button", { type: "submit" }, t("ui.play")));
  if (!legal.length) input.disabled = true;
  return form;
}

function tableText(view, game, ui) {
  const lines = [statusLine(view)];
  if (view.hand) lines.push(`${t("ui.your_hand")}: ${view.hand.map(cardName).join(", ")}`);
  lines.push(...game.text(view, ui));
  const legal = myLegal();
  if (legal.length) lines.push(`${t("ui.choose")} ${legal.slice(0, 30).map(actionLabel).join("; ")}`);
  const details = h("details", { class: "table-text", open: textOpen }, h("summary", {}, t("ui.table_text")),
    h("ul", {}, lines.map((l) => h("li", {}, l))));
  details.addEventListener("toggle", () => { textOpen = details.open; });
  return details;
}

function valueText(value) {
  const key = `val.${value}`;
  return has(key) ? t(key) : typeof value === "number" ? formatNumber(value) : String(value);
}

// The hinted action's button and cards stand out.
function markHint(action) {
  for (const node of root.querySelectorAll(".actions .action")) node.classList.toggle("hinted", node.dataset.action === action);
  const cards = cardsOf(action);
  for (const node of root.querySelectorAll(".hand .card[data-card]")) node.classList.toggle("hinted", cards.includes(node.dataset.card));
}

// "?": the game's rules page, with this table's options in words, at the current phase.
function rulesHelp(phase) {
  const href = `/rules/${state.game}?options=${encodeURIComponent(JSON.stringify(state.options))}#${phase || "goal"}`;
  return h("a", { class: "button rules-help", href, target: "_blank", rel: "noopener",
    "aria-label": t("ui.rules"), title: t("ui.rules") }, "?");
}

function rulesBox() {
  const rows = Object.entries(state.options).map(([name, value]) => h("li", {},
    `${has(`opt.${name}`) ? t(`opt.${name}`) : name}: ${valueText(value)}`));
  const people = state.seats.filter((s) => s.kind !== "bot").length;
  if (people > 1) rows.push(h("li", { class: "hints-rule" }, t(state.hints_for_all ? "ui.hints_on" : "ui.hints_off")));
  return h("details", { class: "rules" }, h("summary", {}, t("ui.table_rules")), h("ul", {}, rows));
}

function logBox(c) {
  const items = events.map((e) => h("li", {}, eventText(e, c)));
  const box = h("ol", { class: "log-list" }, items);
  return h("section", { class: "log", "aria-label": t("ui.log") }, h("h2", {}, t("ui.log")), box);
}

// A selector for the focused control, so that keyboard focus survives a redraw.
function focusKey(node) {
  if (!node || !root.contains(node)) return "";
  if (node.id) return `#${CSS.escape(node.id)}`;
  if (node.dataset.card) return `button.card[data-card="${node.dataset.card}"]`;
  if (node.dataset.action) return `button[data-action="${CSS.escape(node.dataset.action)}"]`;
  return "";
}

function render() {
  if (!state) {
    const text = connection === "missing" ? t("ui.no_table") : connection === "failed" ? notice : t("ui.connecting");
    root.replaceChildren(h("p", { class: "status" }, text));
    return;
  }
  if (state.phase === "waiting") { renderWaiting(); return; }
  const view = state.view;
  const game = gameUi(state.game);
  const legal = myLegal();
  const c = ctx();
  const { ui, order } = makeUi(legal);
  const handNodes = (view.hand || []).map((code) => ui.card(code));
  const center = game.center(view, ui).filter(Boolean);
  const focused = focusKey(document.activeElement);
  const typedValue = document.getElementById("typed")?.value || "";
  keyed.cards = order;
  const hand = h("section", { class: "hand-area", "aria-label": t("ui.your_hand") },
    h("div", { class: "hand-head" }, h("h2", {}, t("ui.your_hand")), h("span", { class: "mine" }, game.mine(view))),
    h("div", { class: "hand" }, handNodes.length ? handNodes : h("span", { class: "empty" }, "–")));
  const tools = h("div", { class: "tools" },
    state.can_undo ? h("button", { type: "button", class: "secondary", onclick: () => send({ type: "undo", seq: state.seq }) }, t("ui.undo")) : null,
    state.hint && legal.length ? h("button", { type: "button", class: "secondary", onclick: () => send({ type: "hint" }) }, t("ui.hint")) : null);
  const sheet = game.sheet(view, ui, events);
  const status = h("p", { class: "status" + (legal.length ? " my-turn" : "") + (state.result ? " over" : ""), role: "status" },
    statusLine(view), view.phase ? h("span", { class: "phase" }, ` · ${t(`phase.${view.phase}`)}`) : null,
    connection === "lost" ? h("span", { class: "warn" }, ` · ${t("ui.reconnecting")}`) : null);
  const newLines = events.slice(announced).map((e) => eventText(e, c)).slice(-3).join(" ");
  announced = events.length;
  root.replaceChildren(
    h("div", { class: "table-layout" },
      h("main", { class: "felt", id: "table", "data-actions": state.actions, "data-phase": view.phase,
        "data-turn": state.result ? "over" : legal.length ? "me" : "other" },
        h("h1", { class: "game-title" }, t(`game.${state.game}`), " ", rulesHelp(view.phase)),
        watchBanner(state),
        state.chosen_deals ? h("p", { class: "practice" }, t("ui.chosen_deals")) : null,
        seatsStrip(view, game, c),
        h("section", { class: "center", "aria-label": t("ui.table") }, center),
        status,
        notice ? h("p", { class: "notice", role: "alert" }, notice) : null,
        coachPanel(state, events, c, () => startLike(state).catch((e) => { notice = e.message; render(); })),
        hinted && hinted.seq === state.seq && legal.length ? hintLine(hinted.advice) : null,
        selected.length ? h("p", { class: "selection" }, t("ui.selected", { cards: cardsShort(selected) })) : null,
        state.seat === null ? null : hand,
        state.result ? h("p", { class: "after" }, h("a", { href: "/", class: "button" }, t("ui.new_match")), " ",
          h("a", { href: `/history/${encodeURIComponent(tableId)}`, class: "button secondary-link" }, t("ui.replay")), " ",
          h("a", { href: `/review/${encodeURIComponent(tableId)}?seat=${state.seat ?? 0}`, class: "button secondary-link review-link" }, t("review.button")))
          : state.seat === null ? null : [actionBar(legal), h("div", { class: "controls" }, typedForm(legal), tools),
            h("p", { class: "keys-help" }, t("ui.keys_help"))]),
      h("aside", { class: "side" }, tableText(view, game, ui),
        sheet ? h("section", { class: "sheet-box", "aria-label": t("ui.score_sheet") }, sheet) : null, logBox(c), rulesBox()),
      h("div", { class: "sr-only", "aria-live": "polite" }, newLines)));
  if (hinted && hinted.seq === state.seq) markHint(hinted.advice.best);
  lastCenter = new Set([...(view.hand || []), ...[...root.querySelectorAll(".center .card")].map((n) => n.dataset.card)]);
  const log = root.querySelector(".log-list");
  if (log) log.scrollTop = log.scrollHeight;
  const typed = document.getElementById("typed");
  if (typed) typed.value = typedValue;
  if (focused) root.querySelector(focused)?.focus();
  document.title = `${t(`game.${state.game}`)} · ${t("app.title")}`;
}

// Before every seat is taken: the waiting room instead of the cards.
function renderWaiting() {
  const focused = focusKey(document.activeElement);
  const c = ctx();
  root.replaceChildren(
    h("div", { class: "table-layout" },
      h("main", { class: "felt", id: "table", "data-actions": state.actions, "data-phase": "waiting", "data-turn": "other" },
        h("h1", { class: "game-title" }, t(`game.${state.game}`), " ", rulesHelp("")),
        watchBanner(state),
        waitingRoom(state, { levels: levelNames(), send, seatLabel: (seat) => seatName(seat, c),
          onProblem: (text) => { notice = text; render(); } }),
        notice ? h("p", { class: "notice", role: "alert" }, notice) : null,
        connection === "lost" ? h("p", { class: "warn" }, t("ui.reconnecting")) : null),
      h("aside", { class: "side" }, rulesBox())));
  if (focused) root.querySelector(focused)?.focus();
  if (!joinFocused && location.hash === "#join") {
    joinFocused = true;
    document.getElementById("sit-name")?.focus();
  }
  document.title = `${t(`game.${state.game}`)} · ${t("app.title")}`;
}

function levelNames() {
  return (catalog.find((g) => g.name === state?.game)?.levels || []).map((l) => l.name);
}

header(render, { settings: true });
render();
connect();
fetch("/api/games").then((r) => r.json()).then((list) => { catalog = list; render(); })
  .catch(() => { /* without the list the owner's computer choices stay hidden */ });
setInterval(() => tickCountdowns(state), 1000);
