// The pieces of the table page's drawing: the other seats, this seat's lives, the
// status line, the action buttons and the typed line, the text of the table, the rules
// box, the log, and "play again". Each reads what the page knows (state.js) and draws
// it; what a click does comes from the caller.
import { formatNumber, has, t } from "./i18n.js";
import { cardName } from "./cards.js";
import { h } from "./dom.js";
import { gameUi } from "./games.js";
import { cardsOf, resolve } from "./resolve.js";
import { actionLabel, logTexts, seatName, teamName } from "./words.js";
import { isAway, presence, takeoverForm } from "./seating.js";
import { bindButtons, candidates, keyFor } from "./choosing.js";
import { connectionStatus, online, send } from "./connection.js";
import { ctx, current, levelNames, movedTo, myLegal } from "./state.js";
import { talkBubble, talkInLog } from "./talk.js";
import { clockBadge } from "./turnclock.js";

// The other seats in the order they play after this one (a watcher sees them in order).
export function seatsStrip(view, game, c) {
  const state = current();
  const count = state.seats.length;
  const first = state.seat === null ? 0 : state.seat + 1;
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
      clockBadge(seat), presence(info, seat), takeoverForm(state, seat, levelNames(), send), talkBubble(seat));
  }));
}

// Beside the hand: this seat's own lives (Schnauz, Scat), and that the next loss puts
// it out when it has none left.
export function myStanding(view) {
  const seat = current().seat;
  if (seat === null || !view.lives || view.eliminated?.[seat]) return null;
  const lives = view.lives[seat];
  const last = view.swimming?.[seat] ? t("ui.you_swim") : view.on_the_county?.[seat] ? t("ui.you_county") : "";
  return [h("span", { class: "my-lives" }, t("ui.life_count", { n: lives }), " ",
    h("span", { class: "tokens", "aria-hidden": "true" }, "●".repeat(Math.min(lives, 10)))),
  last ? h("strong", { class: "swim" }, last) : null];
}

export function statusLine(view) {
  const state = current();
  if (connectionStatus() === "missing") return t("ui.no_table");
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
  const state = current();
  if (result.winners && result.winners.length > 1) {
    return t("ui.joint_win", { names: result.winners.map((w) => teamName(w)).join(", ") });
  }
  if (result.winning_seats) {
    return result.winning_seats.includes(state.seat) ? t("ui.you_win") : t("ui.team_wins", { name: teamName(result.winner) });
  }
  return result.winner === state.seat ? t("ui.you_win") : t("ui.wins", { name: seatName(result.winner, ctx()) });
}

// --- a rated match's end ----------------------------------------------------------------

// Once a rated match is rated: how it moved this seat's rating ("1500 → 1546 (+46)"), or
// while that is being worked out, that it counts.
export function ratingLine() {
  const state = current();
  if (!state.rated) return null;
  const mine = state.seat === null ? null : state.rating?.[state.seat];
  if (!mine) return h("p", { class: "rating-change" }, t("ui.rated_match"));
  const change = mine.after - mine.before;
  // Plain digits, as every rating is shown ("1623", never "1,623").
  return h("p", { class: "rating-change", role: "status" }, t("ui.rating_change", {
    before: String(mine.before), after: mine.display,
    change: `${change >= 0 ? "+" : "−"}${Math.abs(change)}` }));
}

// --- play again ------------------------------------------------------------------------

export function againBox() {
  const state = current();
  const target = movedTo();
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

// --- acting: buttons and the typed line ----------------------------------------------

// A button for every card-free action and for the actions the selected cards name, each
// with a letter key (bound in choosing.js).
export function actionBar(legal, act) {
  const used = new Set();
  const keys = new Map();
  bindButtons(keys);
  const { all, exact } = candidates(legal);
  const plain = legal.filter((a) => !cardsOf(a).length);
  const offered = [...exact, ...all.filter((a) => !exact.includes(a)).slice(0, 11)];
  const buttons = [...plain, ...offered].map((action) => {
    const key = keyFor(action, used);
    if (key) used.add(key);
    const run = () => act(action);
    if (key) keys.set(key, run);
    return h("button", { type: "button", class: "action" + (exact.includes(action) ? " primary" : ""),
      "data-action": action, "aria-keyshortcuts": key ? key.toUpperCase() : null, onclick: run }, actionLabel(action), key ? h("kbd", { "aria-hidden": "true" }, key.toUpperCase()) : null);
  });
  return h("div", { class: "actions", role: "group", "aria-label": t("ui.play") }, buttons);
}

// The notation typed in: played when it names one legal action, else `onProblem(text)`
// says why.
export function typedForm(legal, act, onProblem) {
  const input = h("input", { id: "typed", type: "text", autocomplete: "off", autocapitalize: "off", spellcheck: "false",
    placeholder: legal.length ? t("ui.typed_placeholder", { example: legal[0] }) : "" });
  const form = h("form", { class: "typed", onsubmit: (event) => {
    event.preventDefault();
    const text = input.value;
    const found = resolve(text, legal);
    if (found.action) { input.value = ""; act(found.action); return; }
    const list = found.candidates.slice(0, 12).join(", ");
    onProblem(found.problem === "ambiguous" ? t("ui.ambiguous", { text, list }) : t("ui.not_action", { text, list }));
    document.getElementById("typed")?.focus();
  } }, h("label", { for: "typed" }, t("ui.type_action")), input, h("button", { type: "submit" }, t("ui.play")));
  if (!legal.length) input.disabled = true;
  return form;
}

// --- beside the table: its text, its rules, its log -------------------------------------

export function tableText(view, game, ui, open, onToggle) {
  const lines = [statusLine(view)];
  if (view.hand) lines.push(`${t("ui.your_hand")}: ${view.hand.map(cardName).join(", ")}`);
  lines.push(...game.text(view, ui));
  const legal = myLegal();
  if (legal.length) lines.push(`${t("ui.choose")} ${legal.slice(0, 30).map(actionLabel).join("; ")}`);
  return h("details", { class: "table-text", open, ontoggle: (event) => onToggle(event.target.open) },
    h("summary", {}, t("ui.table_text")), h("ul", {}, lines.map((l) => h("li", {}, l))));
}

function valueText(value) {
  const key = `val.${value}`;
  return has(key) ? t(key) : typeof value === "number" ? formatNumber(value) : String(value);
}

// "?": the game's rules page, with this table's options in words, at the current phase.
export function rulesHelp(phase) {
  const state = current();
  const href = `/rules/${state.game}?options=${encodeURIComponent(JSON.stringify(state.options))}#${phase || "goal"}`;
  return h("a", { class: "button rules-help", href, target: "_blank", rel: "noopener",
    "aria-label": t("ui.rules"), title: t("ui.rules") }, "?");
}

export function rulesBox() {
  const state = current();
  const rows = Object.entries(state.options).map(([name, value]) => h("li", {},
    `${has(`opt.${name}`) ? t(`opt.${name}`) : name}: ${valueText(value)}`));
  const people = state.seats.filter((s) => s.kind !== "bot").length;
  if (people > 1) rows.push(h("li", { class: "hints-rule" }, t(state.hints_for_all ? "ui.hints_on" : "ui.hints_off")));
  return h("details", { class: "rules" }, h("summary", {}, t("ui.table_rules")), h("ul", {}, rows));
}

export function logBox(events, c) {
  const items = talkInLog(events, c, logTexts(events, c).map((text) => h("li", {}, text)));
  const box = h("ol", { class: "log-list" }, items);
  return h("section", { class: "log", id: "log", "aria-label": t("ui.log") }, h("h2", {}, t("ui.log")), box);
}

// On a narrow screen the log sits below the table: its last lines stand under the
// status, a link away from the rest.
export function recentBox(events, c) {
  const lines = logTexts(events, c).slice(-2);
  if (!lines.length) return null;
  return h("div", { class: "recent", "aria-hidden": "true" }, h("a", { href: "#log", tabindex: "-1" }, t("ui.log")),
    h("ul", {}, lines.map((text) => h("li", {}, text))));
}

// The hinted action's button and cards stand out.
export function markHint(root, action) {
  for (const node of root.querySelectorAll(".actions .action")) node.classList.toggle("hinted", node.dataset.action === action);
  const cards = cardsOf(action);
  for (const node of root.querySelectorAll(".hand .card[data-card]")) node.classList.toggle("hinted", cards.includes(node.dataset.card));
}
