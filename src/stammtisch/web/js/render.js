// The table page's drawing: the whole page drawn again from what the page knows
// (state.js) at every change, keeping the keyboard focus and the typed line; before
// every seat is taken, the waiting room (seating.js) instead of the cards.
import { t } from "./i18n.js";
import { backs, cardElement, cardName, cardsShort, short } from "./cards.js";
import { h } from "./dom.js";
import { gameUi } from "./games.js";
import { cardsOf } from "./resolve.js";
import { actionLabel, logTexts, seatName } from "./words.js";
import { coachPanel, hintLine, lessonOver } from "./coach.js";
import { waitingRoom, watchBanner } from "./seating.js";
import { summaryBox } from "./summary.js";
import { talkBubble, talkMenu } from "./talk.js";
import { clockBadge } from "./turnclock.js";
import { bindCards, selectedCards } from "./choosing.js";
import { connectionStatus, send } from "./connection.js";
import { ctx, current, lastHint, levelNames, log, myLegal, noticeText, say, unannounced, waitingHint } from "./state.js";
import { canPremove, closeSummary, forcedMove, premoveCard, setTitle, summaryIndex, summaryLeft } from "./timers.js";
import {
  actionBar, againBox, logBox, ratingLine, markHint, myStanding, recentBox, rulesBox, rulesHelp, seatsStrip, statusLine, tableText,
  typedForm,
} from "./tableparts.js";

const root = document.getElementById("app");
let tableId = "";
let hooks = { act() {}, clickCard() {} };
let showLast = false;
let textOpen = false;
let joinFocused = false;  // a link to "#join" puts the cursor into the name field once
let lastCenter = new Set();  // the cards on the table at the last drawing: a new one comes in

// `act(action)` plays an action, `clickCard(code)` is a click on a card.
export function startDrawing(table, { act, clickCard }) {
  tableId = table;
  hooks = { act, clickCard };
}

function makeUi(legal) {
  const state = current();
  const selected = selectedCards();
  const premove = premoveCard();
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
        onClick: canClick ? () => hooks.clickCard(code) : null, selected: selected.includes(code) || premove === code, key,
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
      return h("button", { type: "button", class: "pile-button", "aria-label": actionLabel(action), onclick: () => hooks.act(action) }, node);
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

// A selector for the focused control, so that keyboard focus survives a redraw.
function focusKey(node) {
  if (!node || !root.contains(node)) return "";
  if (node.id) return `#${CSS.escape(node.id)}`;
  if (node.dataset.card) return `button.card[data-card="${node.dataset.card}"]`;
  if (node.dataset.action) return `button[data-action="${CSS.escape(node.dataset.action)}"]`;
  return "";
}

function problem(text) { say(text); render(); }

export function render() {
  const state = current();
  const connection = connectionStatus();
  if (!state) {
    const text = connection === "missing" ? t("ui.no_table") : connection === "failed" ? noticeText() : t("ui.connecting");
    root.replaceChildren(h("p", { class: "status" }, text));
    return;
  }
  if (state.phase === "waiting") { renderWaiting(); return; }
  const act = hooks.act;
  const events = log();
  const notice = noticeText();
  const selected = selectedCards();
  const premove = premoveCard();
  const forced = forcedMove();
  const hinted = lastHint();
  const hintWaiting = waitingHint();
  const summary = summaryIndex();
  const view = state.view;
  const game = gameUi(state.game);
  const legal = myLegal();
  const c = ctx();
  const { ui, order } = makeUi(legal);
  const handNodes = (view.hand || []).map((code) => ui.card(code));
  const center = game.center(view, ui).filter(Boolean);
  // The finished deal's summary stands in front of the next deal's table (which stays in
  // sight below it: the player may act at once, and acting puts the summary away).
  const dealOver = summary !== null && !lessonOver(state) ? summaryBox(state.game, events, summary, { ctx: c, mini: ui.mini,
    left: summaryLeft(), next: state.result ? null : closeSummary }) : null;
  const focused = focusKey(document.activeElement);
  const typedValue = document.getElementById("typed")?.value || "";
  bindCards(order);
  const hand = h("section", { class: "hand-area", "aria-label": t("ui.your_hand") },
    h("div", { class: "hand-head" }, h("h2", {}, t("ui.your_hand")), h("span", { class: "mine" }, game.mine(view, state.options)),
      myStanding(view), clockBadge(state.seat), talkBubble(state.seat)),
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
  const newLines = logTexts(unannounced(), c).slice(-3).join(" ");
  root.replaceChildren(
    h("div", { class: "table-layout" },
      h("main", { class: "felt" + (down ? " offline" : "") + (lessonOver(state) ? " lesson-over" : ""), id: "table", tabindex: "-1", "data-actions": state.actions,
        "data-phase": view.phase, "data-turn": state.result ? "over" : legal.length ? "me" : "other",
        "data-connection": down ? "down" : "up" },
        h("h1", { class: "game-title" }, t(`game.${state.game}`), " ", rulesHelp(view.phase)),
        talkMenu(),
        watchBanner(state),
        outBanner,
        state.chosen_deals ? h("p", { class: "practice" }, t("ui.chosen_deals")) : null,
        seatsStrip(view, game, c),
        dealOver,
        h("section", { class: "center", "aria-label": t("ui.table") }, center),
        status,
        recentBox(events, c),
        down ? h("p", { class: "offline-note", role: "alert" }, t("ui.offline_locked")) : null,
        notice ? h("p", { class: "notice", role: "alert" }, notice) : null,
        coachPanel(state, events, c, (start) => start(state).catch((e) => problem(e.message)), act),
        hinted && hinted.seq === state.seq && legal.length ? hintLine(hinted.advice) : null,
        hintWaiting && hintWaiting.seq === state.seq && legal.length
          ? h("p", { class: "hint-line hint-queued", role: "status" }, t("ui.hint_queued", { place: hintWaiting.place })) : null,
        out ? null : moveNote,
        state.seat === null || out ? null : hand,
        state.result ? ratingLine() : null,
        state.result ? againBox() : null,
        state.result ? h("p", { class: "after" }, h("a", { href: "/", class: "button" }, t("ui.new_match")), " ",
          h("a", { href: `/history/${encodeURIComponent(tableId)}`, class: "button secondary-link" }, t("ui.replay")), " ",
          h("a", { href: `/review/${encodeURIComponent(tableId)}?seat=${state.seat ?? 0}`, class: "button secondary-link review-link" }, t("review.button")))
          : state.seat === null || out ? null : [actionBar(legal, act), h("div", { class: "controls" }, typedForm(legal, act, problem), tools),
            h("p", { class: "keys-help" }, t("ui.keys_help"))]),
      h("aside", { class: "side" }, tableText(view, game, ui, textOpen, (open) => { textOpen = open; }),
        sheet ? h("section", { class: "sheet-box", "aria-label": t("ui.score_sheet") }, sheet) : null, logBox(events, c), rulesBox()),
      h("div", { class: "sr-only", "aria-live": "polite" }, newLines)));
  if (hinted && hinted.seq === state.seq) markHint(root, hinted.advice.best);
  lastCenter = new Set([...(view.hand || []), ...[...root.querySelectorAll(".center .card")].map((n) => n.dataset.card)]);
  const logList = root.querySelector(".log-list");
  if (logList) logList.scrollTop = logList.scrollHeight;
  const typed = document.getElementById("typed");
  if (typed) typed.value = typedValue;
  if (focused) root.querySelector(focused)?.focus();
  setTitle();
}

// Before every seat is taken: the waiting room instead of the cards.
function renderWaiting() {
  const state = current();
  const notice = noticeText();
  const focused = focusKey(document.activeElement);
  const c = ctx();
  root.replaceChildren(
    h("div", { class: "table-layout" },
      h("main", { class: "felt", id: "table", "data-actions": state.actions, "data-phase": "waiting", "data-turn": "other" },
        h("h1", { class: "game-title" }, t(`game.${state.game}`), " ", rulesHelp("")),
        watchBanner(state),
        waitingRoom(state, { levels: levelNames(), send, seatLabel: (seat) => seatName(seat, c), onProblem: problem }),
        notice ? h("p", { class: "notice", role: "alert" }, notice) : null,
        connectionStatus() === "lost" ? h("p", { class: "warn" }, t("ui.reconnecting")) : null),
      h("aside", { class: "side" }, rulesBox())));
  if (focused) root.querySelector(focused)?.focus();
  if (!joinFocused && location.hash === "#join") {
    joinFocused = true;
    document.getElementById("sit-name")?.focus();
  }
  document.title = `${t(`game.${state.game}`)} · ${t("app.title")}`;
}
