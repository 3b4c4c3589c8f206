// The table page: one socket to the server, which sends this seat's view (or the
// public one to a watcher) and the public events; actions go back in the notation,
// from buttons, cards or the keyboard. Before the deal the waiting room (seating.js).
import { formatNumber, has, t } from "./i18n.js";
import { backs, cardElement, cardName, cardsShort, short } from "./cards.js";
import { h } from "./dom.js";
import { gameUi } from "./games.js";
import { header } from "./page.js";
import { cardsOf, resolve } from "./resolve.js";
import { actionLabel, logTexts, seatName, teamName } from "./words.js";
import { coachPanel, hintLine, lessonOver } from "./coach.js";
import { isAway, presence, stateArrived, takeoverForm, tickCountdowns, waitingRoom, watchBanner } from "./seating.js";
import { dealEnds, summaryBox } from "./summary.js";
import { autoPlay, sound, summarySeconds, tone } from "./prefs.js";
import { decisionTimes, forcedDelay, noteDecision } from "./pace.js";

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
let hintWaiting = null;  // {seq, place}: the hint asked for waits for the expert, at this place in line
let hinted = null;  // the last hint: the expert's values for the position at its seq  // a link to "#join" puts the cursor into the name field once
let endsSeen = -1;  // deal ends in the log when it was last read (-1: no state yet)
let summary = null;  // { index, until }: the finished deal's summary held in front
let premove = null;  // the card chosen while others play, sent on this seat's turn if legal
let forced = null;  // { action, seq, wait }: the one legal action, played after `wait` ms of the turn
let forcedTimer = null;
let turnSeq = -1;  // the seq of the last turn announced (tone, title)
let turnStarted = performance.now();  // when this seat's turn (or its summary's end) came
let moved = null;  // where the players went on ("play again")

// While the connection is down the table takes no input: nothing is queued, so nothing
// is sent twice when it is back ("open" again once the fresh state has arrived).
function online() { return connection === "open" && socket?.readyState === WebSocket.OPEN; }

function send(message) {
  if (online()) socket.send(JSON.stringify(message));
}

// "seq" names the state the action was chosen in; the server refuses it if the table moved on.
// Acting also puts the finished deal's summary away. A choice among several actions
// adds its time to this person's pace (pace.js).
function act(action) {
  if (!online()) return;
  if (myLegal().length > 1) noteDecision(tableId, performance.now() - turnStarted);
  selected = []; notice = ""; summary = null; premove = null; cancelForced();
  send({ type: "act", action, seq: state?.seq ?? 0 });
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(tableId)}`,
    token ? ["stammtisch", `token.${token}`] : ["stammtisch"]);  // the token never in the address
  socket.addEventListener("open", () => { retry = 0; connection = "syncing"; });
  socket.addEventListener("message", (message) => receive(JSON.parse(message.data)));
  socket.addEventListener("close", (closed) => {
    if (closed.code === 4404) { connection = "missing"; render(); return; }
    if (closed.code >= 4000) { connection = "failed"; render(); return; }
    connection = "lost";
    premove = null;
    selected = [];
    cancelForced();
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
    if (connection === "syncing") connection = "open";
    stateArrived();
    noteDealEnd();
    const legal = myLegal();
    selected = selected.filter((c) => legal.some((a) => cardsOf(a).includes(c)));
    if (confirmPremove()) return;
    announceTurn();
    planForced();
  } else if (message.type === "moved") {
    goOn(message);
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
      notice = message.code === "busy" && message.wait ? t("err.busy_wait", { seconds: message.wait })
        : has(`err.${message.code}`) ? t(`err.${message.code}`) : message.message;
      if (["busy", "server", "not_now"].includes(message.code)) hintWaiting = null;
    }
  } else if (message.type === "hint_queued") {
    hintWaiting = { seq: message.seq, place: message.place };
  } else if (message.type === "hint") {
    hinted = { seq: message.seq, advice: message.advice };
    hintWaiting = null;
    notice = "";
  }
  render();
}

function ctx() { return { me: state?.seat ?? null, seats: state?.seats || [] }; }

function myLegal() {
  if (!state || !online() || state.seat === null || state.to_act !== state.seat) return [];
  return state.view.legal_actions || [];
}

// --- between deals: the summary of the deal just finished ----------------------------

function noteDealEnd() {
  const ends = dealEnds(events);
  if (endsSeen >= 0 && ends.length > endsSeen) {
    const seconds = state.result ? 0 : summarySeconds();
    summary = { index: ends[ends.length - 1], until: seconds ? Date.now() + seconds * 1000 : 0 };
    if (seconds) setTimeout(() => { if (summary && summary.until && Date.now() >= summary.until - 50) closeSummary(); }, seconds * 1000);
  }
  if (summary && summary.index >= events.length) summary = null;  // taken back (undo)
  endsSeen = ends.length;
}

function closeSummary() {
  summary = null;
  turnStarted = performance.now();
  render();
  planForced();
  document.getElementById("table")?.focus();
}

function summaryLeft() { return summary?.until ? Math.max(0, Math.ceil((summary.until - Date.now()) / 1000)) : 0; }

// --- moves the page makes by itself: a forced move, a premove ------------------------

function cancelForced() { clearTimeout(forcedTimer); forcedTimer = null; forced = null; }

// One legal action (and the setting on): shown, then played after as long as this person
// takes over a choice (pace.js), never a fixed pause that would tell the others. Not
// while the summary is in front or a guided deal explains the move.
// The pause is drawn once per turn: a state that only refreshes the table keeps it.
function planForced() {
  const planned = forced;
  cancelForced();
  const legal = myLegal();
  if (legal.length !== 1 || !autoPlay() || summary || state.coach) return;
  const same = planned && planned.seq === state.seq && planned.action === legal[0];
  forced = { action: legal[0], seq: state.seq, wait: same ? planned.wait : forcedDelay(decisionTimes(tableId)) };
  forcedTimer = setTimeout(() => {
    const still = forced && state.seq === forced.seq && myLegal().length === 1 && myLegal()[0] === forced.action;
    const action = forced?.action;
    forced = null;
    if (still && !summary) act(action);
  }, Math.max(0, forced.wait - (performance.now() - turnStarted)));
}

function canPremove() {
  if (!state || !online() || state.seat === null || state.result || state.phase !== "playing") return false;
  if (state.to_act === state.seat) return false;
  return Boolean(gameUi(state.game).premove?.(state.view));
}

function togglePremove(code) { premove = premove === code ? null : code; notice = ""; render(); }

// This seat's turn has come with a premove waiting: played if it is legal now, else
// dropped (and said). True when it was sent.
function confirmPremove() {
  if (!premove) return false;
  if (!(state.view.hand || []).includes(premove) || state.result) { premove = null; return false; }
  const legal = myLegal();
  if (!legal.length) return false;
  const card = premove;
  const matching = legal.filter((a) => { const own = cardsOf(a); return own.length === 1 && own[0] === card && a.startsWith("play "); });
  premove = null;
  if (matching.length === 1) { act(matching[0]); render(); return true; }
  notice = t("ui.premove_dropped", { card: cardName(card) });
  return false;
}

// A new turn of this seat: a tone (when chosen) and a marker in the tab's title.
function announceTurn() {
  const mine = myLegal().length > 0;
  if (!mine || state.seq === turnSeq) return;
  turnSeq = state.seq;
  turnStarted = performance.now();
  if (sound() && !(autoPlay() && myLegal().length === 1)) tone();
}

function setTitle() {
  if (!state) return;
  const mine = myLegal().length > 0;
  const base = `${t(`game.${state.game}`)} · ${t("app.title")}`;
  document.title = mine && document.hidden ? `● ${t("ui.title_turn")} · ${base}` : base;
}

// --- play again ------------------------------------------------------------------------

function goOn(message) {
  moved = message.table;
  if (message.token) {
    localStorage.setItem(`stammtisch.token.${message.table}`, message.token);
    location.assign(`/table/${encodeURIComponent(message.table)}`);
  }
}

function againBox() {
  const target = moved || state.moved_to;
  if (target) {
    return h("p", { class: "again" }, t("ui.again_moved"), " ",
      h("a", { class: "button", href: `/table/${encodeURIComponent(target)}` }, t("ui.again_go")));
  }
  if (state.coach) return null;
  const people = state.seats.flatMap((info, seat) => (info.kind === "human" ? [seat] : []));
  const asked = state.again || [];
  const missing = people.filter((seat) => !asked.includes(seat));
  const said = (seats) => seats.map((seat) => seatName(seat, ctx())).join(", ");
  // Whoever has not asked yet reads who would like to; whoever has, whom they wait for.
  const waiting = !asked.length || !missing.length ? null : h("span", { class: "again-wait" },
    missing.includes(state.seat) ? t("ui.again_asked", { names: said(asked) }) : t("ui.again_waiting", { names: said(missing) }));
  if (state.seat === null) return waiting ? h("p", { class: "again" }, waiting) : null;
  const mine = asked.includes(state.seat);
  return h("p", { class: "again" }, h("button", { type: "button", id: "play-again", class: "primary", disabled: mine || !online(),
    onclick: () => send({ type: "again" }) }, t("ui.play_again")), " ", waiting);
}

// --- choosing actions with cards --------------------------------------------------

function candidates(legal) {
  if (!selected.length) return { all: [], exact: [] };
  const all = legal.filter((a) => { const own = cardsOf(a); return selected.every((c) => own.includes(c)); });
  const exact = all.filter((a) => cardsOf(a).length === selected.length);
  return { all, exact };
}

function clickCard(code) {
  if (canPremove()) { togglePremove(code); return; }
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
  if (key === "escape") { selected = []; premove = null; notice = ""; if (summary) closeSummary(); else render(); return; }
  if (!online()) return;
  if (summary && key === "enter" && document.activeElement?.id !== "typed" && !candidates(myLegal()).exact.length) {
    event.preventDefault(); closeSummary(); return;
  }
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
  if (canPremove()) for (const code of state.view.hand || []) clickable.add(code);
  const order = [];
  const ui = {
    ctx: ctx(),
    card(code, { plain = false, label = "" } = {}) {
      const canClick = !plain && clickable.has(code);
      let key = "";
      if (canClick) { order.push(code); key = order.length <= 10 ? String(order.length % 10) : ""; }
      const node = cardElement(code, {
        onClick: canClick ? () => clickCard(code) : null, selected: selected.includes(code) || premove === code, key,
        label: label ? label + cardName(code) : "",
      });
      if (premove === code) node.classList.add("premove");
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
        view.dealer === seat ? [" ", h("span", { class: "badge" }, t("ui.dealer"))] : null),
      level ? h("div", { class: "level" }, `${t("ui.computer")}: ${level}`) : null,
      h("div", { class: "seat-stats" }, game.seat(view, seat).filter(Boolean).map((x) => h("span", {}, x))),
      view.to_act === seat ? h("div", { class: "acting-note" }, t("ui.to_act")) : null,
      presence(info, seat), takeoverForm(state, seat, levelNames(), send));
  }));
}

// Beside the hand: this seat's own lives (Schnauz, Scat), and that the next loss puts
// it out when it has none left.
function myStanding(view) {
  const seat = state.seat;
  if (seat === null || !view.lives || view.eliminated?.[seat]) return null;
  const lives = view.lives[seat];
  const last = view.swimming?.[seat] ? t("ui.you_swim") : view.on_the_county?.[seat] ? t("ui.you_county") : "";
  return [h("span", { class: "my-lives" }, t("ui.life_count", { n: lives }), " ",
    h("span", { class: "tokens", "aria-hidden": "true" }, "●".repeat(Math.min(lives, 10)))),
  last ? h("strong", { class: "swim" }, last) : null];
}

function statusLine(view) {
  if (connection === "missing") return t("ui.no_table");
  if (state.result) return resultText(state.result);
  if (state.seat === null) {
    return typeof view.to_act === "number" ? t("ui.waiting", { name: seatName(view.to_act, ctx()) }) : t("ui.spectator");
  }
  if (view.to_act === state.seat) {
    const prompt = gameUi(state.game).prompt?.(view);
    return prompt ? `${t("ui.your_turn")}: ${prompt}` : t("ui.your_turn");
  }
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
    placeholder: legal.length ? t("ui.typed_placeholder", { example: legal[0] }) : "" });
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
  return h("details", { class: "table-text", open: textOpen, ontoggle: (event) => { textOpen = event.target.open; } },
    h("summary", {}, t("ui.table_text")), h("ul", {}, lines.map((l) => h("li", {}, l))));
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
  const items = logTexts(events, c).map((text) => h("li", {}, text));
  const box = h("ol", { class: "log-list" }, items);
  return h("section", { class: "log", id: "log", "aria-label": t("ui.log") }, h("h2", {}, t("ui.log")), box);
}

// On a narrow screen the log sits below the table: its last lines stand under the
// status, a link away from the rest.
function recentBox(c) {
  const lines = logTexts(events, c).slice(-2);
  if (!lines.length) return null;
  return h("div", { class: "recent", "aria-hidden": "true" }, h("a", { href: "#log", tabindex: "-1" }, t("ui.log")),
    h("ul", {}, lines.map((text) => h("li", {}, text))));
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
  // The finished deal's summary stands in front of the next deal's table (which stays in
  // sight below it: the player may act at once, and acting puts the summary away).
  const dealOver = summary && !lessonOver(state) ? summaryBox(state.game, events, summary.index, { ctx: c, mini: ui.mini,
    left: summaryLeft(), next: state.result ? null : closeSummary }) : null;
  const focused = focusKey(document.activeElement);
  const typedValue = document.getElementById("typed")?.value || "";
  keyed.cards = order;
  const hand = h("section", { class: "hand-area", "aria-label": t("ui.your_hand") },
    h("div", { class: "hand-head" }, h("h2", {}, t("ui.your_hand")), h("span", { class: "mine" }, game.mine(view, state.options)),
      myStanding(view)),
    h("div", { class: "hand" }, handNodes.length ? handNodes : h("span", { class: "empty" }, "–")));
  const tools = h("div", { class: "tools" },
    state.can_undo ? h("button", { type: "button", class: "secondary", onclick: () => send({ type: "undo", seq: state.seq }) }, t("ui.undo")) : null,
    state.hint && legal.length ? h("button", { type: "button", class: "secondary", onclick: () => send({ type: "hint" }) }, t("ui.hint")) : null);
  const sheet = game.sheet(view, ui, events);
  const status = h("p", { class: "status" + (legal.length ? " my-turn" : "") + (state.result ? " over" : ""), role: "status" },
    statusLine(view), view.phase ? h("span", { class: "phase" }, ` · ${t(`phase.${view.phase}`)}`) : null,
    connection === "lost" ? h("span", { class: "warn" }, ` · ${t("ui.reconnecting")}`) : null);
  const down = connection === "lost" || connection === "syncing";
  // One line above the hand, its space kept so that the hand never shifts: the move the
  // page is about to make, the premove, the cards chosen, or how to premove.
  const [noteKind, noteText] = forced && forced.seq === state.seq && legal.length
    ? ["forced", t("ui.forced_move", { action: actionLabel(forced.action) })]
    : premove ? ["premove-note", t("ui.premove", { card: cardName(premove) })]
      : selected.length ? ["chosen", t("ui.selected", { cards: cardsShort(selected) })]
        : canPremove() && (view.hand || []).length ? ["hint-doc", t("ui.premove_doc")] : ["", ""];
  const moveNote = state.seat === null ? null
    : h("p", { class: `selection ${noteKind}`, "aria-hidden": noteText ? null : "true" }, noteText);
  // A player who lost every life watches the rest of the match from the seat.
  const out = state.seat !== null && !state.result && Boolean(view.eliminated?.[state.seat]);
  const outBanner = out ? h("p", { class: "watch-banner", id: "out-banner" }, h("strong", {}, t("ui.you_are_out")), " ",
    t("ui.you_are_out_doc"), " ", h("a", { href: "/", class: "button" }, t("ui.new_match"))) : null;
  const newLines = logTexts(events.slice(announced), c).slice(-3).join(" ");
  announced = events.length;
  root.replaceChildren(
    h("div", { class: "table-layout" },
      h("main", { class: "felt" + (down ? " offline" : "") + (lessonOver(state) ? " lesson-over" : ""), id: "table", tabindex: "-1", "data-actions": state.actions,
        "data-phase": view.phase, "data-turn": state.result ? "over" : legal.length ? "me" : "other",
        "data-connection": down ? "down" : "up" },
        h("h1", { class: "game-title" }, t(`game.${state.game}`), " ", rulesHelp(view.phase)),
        watchBanner(state),
        outBanner,
        state.chosen_deals ? h("p", { class: "practice" }, t("ui.chosen_deals")) : null,
        seatsStrip(view, game, c),
        dealOver,
        h("section", { class: "center", "aria-label": t("ui.table") }, center),
        status,
        recentBox(c),
        down ? h("p", { class: "offline-note", role: "alert" }, t("ui.offline_locked")) : null,
        notice ? h("p", { class: "notice", role: "alert" }, notice) : null,
        coachPanel(state, events, c, (start) => start(state).catch((e) => { notice = e.message; render(); }), act),
        hinted && hinted.seq === state.seq && legal.length ? hintLine(hinted.advice) : null,
        hintWaiting && hintWaiting.seq === state.seq && legal.length
          ? h("p", { class: "hint-line hint-queued", role: "status" }, t("ui.hint_queued", { place: hintWaiting.place })) : null,
        out ? null : moveNote,
        state.seat === null || out ? null : hand,
        state.result ? againBox() : null,
        state.result ? h("p", { class: "after" }, h("a", { href: "/", class: "button" }, t("ui.new_match")), " ",
          h("a", { href: `/history/${encodeURIComponent(tableId)}`, class: "button secondary-link" }, t("ui.replay")), " ",
          h("a", { href: `/review/${encodeURIComponent(tableId)}?seat=${state.seat ?? 0}`, class: "button secondary-link review-link" }, t("review.button")))
          : state.seat === null || out ? null : [actionBar(legal), h("div", { class: "controls" }, typedForm(legal), tools),
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
  setTitle();
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
setInterval(() => {
  tickCountdowns(state);
  const left = document.querySelector("[data-summary-left]");
  if (left) left.textContent = ` (${summaryLeft()})`;
}, 1000);
document.addEventListener("visibilitychange", setTitle);
