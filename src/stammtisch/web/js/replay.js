// A face-up replay of a finished match: step forward and back through the record, or
// click a move of the list (the whole match's, read once from its last step).
import { t } from "./i18n.js";
import { backs, cardElement, short } from "./cards.js";
import { h } from "./dom.js";
import { gameUi } from "./games.js";
import { header } from "./page.js";
import { namedContext } from "./seatnames.js";
import { actionLabel, eventText, seatName } from "./words.js";

const root = document.getElementById("app");
const id = decodeURIComponent(location.pathname.split("/").pop());
let data = null;
let missing = false;
let wanted = 0;
let asking = false;
let moves = null;  // the whole match's events, for the move list
let prefetch = true;  // the first answer (the last step) only gives the move list

// One step asked at a time (the server replays one per client and answers 429 to a
// second): steps wanted meanwhile are asked for, the last one only, when it is answered.
async function load(step) {
  wanted = data ? Math.max(0, Math.min(data.total, step)) : step;
  if (asking) return;
  asking = true;
  try {
    for (let asked = null; asked !== wanted;) {
      asked = wanted;
      const response = await fetch(`/api/history/${encodeURIComponent(id)}?step=${asked}`);
      if (response.status === 429) {  // another tab's step: ask again shortly
        asked = null;
        await new Promise((resolve) => setTimeout(resolve, 250));
        continue;
      }
      if (!response.ok) { missing = true; render(); return; }
      data = await response.json();
      if (!moves && data.step === data.total) moves = data.events;
      if (prefetch) { prefetch = false; wanted = 0; continue; }  // the move list read: now the start
      render();
    }
  } finally {
    asking = false;
  }
}

function render() {
  if (missing) { root.replaceChildren(h("p", {}, t("ui.no_table"))); return; }
  if (!data) { root.replaceChildren(h("p", {}, t("ui.connecting"))); return; }
  const ctx = namedContext(data.seats);
  const ui = { ctx, card: (c) => cardElement(c), mini: (c) => h("span", { class: `mini suit-${c[1]}` }, short(c)), backs,
    pileButton: (n) => n, lastTrick: () => null };
  const game = gameUi(data.game);
  const nav = (label, step, key) => h("button", { type: "button", class: "secondary", "aria-keyshortcuts": key,
    disabled: step < 0 || step > data.total || step === data.step ? true : null, onclick: () => load(step) }, label);
  const hands = Object.entries(data.hands).map(([seat, cards]) => h("li", { class: "replay-hand" },
    h("strong", {}, seatName(Number(seat), ctx)), h("div", { class: "hand small" }, cards.map((c) => cardElement(c)))));
  // Every action of the match is a button to the position after it; later ones are dimmed.
  let step = 0;
  const last = (moves || data.events).map((e) => {
    if (e.type !== "action") return h("li", { class: step > data.step ? "later" : "" }, eventText(e, ctx));
    const at = ++step;
    return h("li", { class: at > data.step ? "later" : at === data.step ? "current" : "" },
      h("button", { type: "button", class: "move", "data-step": String(at), "aria-current": at === data.step ? "step" : null,
        onclick: () => load(at) }, eventText(e, ctx)));
  });
  root.replaceChildren(h("main", { class: "replay felt" },
    h("h1", {}, `${t("ui.face_up")}: ${t(`game.${data.game}`)}`),
    h("div", { class: "replay-nav", role: "group", "aria-label": t("ui.replay") },
      nav(t("ui.first"), 0, "Home"), nav(t("ui.back"), data.step - 1, "ArrowLeft"),
      h("span", { class: "step" }, t("ui.step", { n: data.step, total: data.total })),
      nav(t("ui.forward"), data.step + 1, "ArrowRight"), nav(t("ui.last"), data.total, "End"),
      h("a", { href: `/review/${encodeURIComponent(id)}?seat=${Math.max(0, data.seats.findIndex((s) => s.kind === "human"))}`,
        class: "button secondary-link review-link" }, t("review.button"))),
    data.action ? h("p", { class: "status" }, t("ui.action_played", { who: seatName(data.actor, ctx), action: actionLabel(data.action) })) : null,
    h("section", { class: "center" }, game.center(data.view, ui).filter(Boolean)),
    h("ul", { class: "replay-hands" }, hands),
    h("section", { class: "log" }, h("h2", {}, t("ui.log")), h("ol", { class: "log-list" }, last))));
  const log = root.querySelector(".log-list");
  const current = log?.querySelector(".current");
  if (current) log.scrollTop = current.offsetTop - log.clientHeight / 2;
  else if (log && !moves) log.scrollTop = log.scrollHeight;
  document.title = `${t("ui.replay")} · ${t("app.title")}`;
}

const KEYS = { ArrowRight: () => wanted + 1, ArrowLeft: () => wanted - 1, Home: () => 0, End: () => data.total };

document.addEventListener("keydown", (event) => {
  if (!data || event.target.closest("input, select") || event.ctrlKey || event.metaKey || event.altKey) return;
  const step = KEYS[event.key];
  if (!step) return;
  event.preventDefault();  // the keys step through the match, they do not scroll the page
  load(step());
});

header(render);
// The last step first (its events are the move list), then the start.
load(1e9);
