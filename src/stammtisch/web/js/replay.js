// A face-up replay of a finished match: step forward and back through the record.
import { t } from "./i18n.js";
import { backs, cardElement, short } from "./cards.js";
import { gameUi, h } from "./games.js";
import { header } from "./page.js";
import { actionLabel, eventText, seatName } from "./words.js";

const root = document.getElementById("app");
const id = decodeURIComponent(location.pathname.split("/").pop());
let data = null;
let missing = false;
let wanted = 0;
let asking = false;

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
      render();
    }
  } finally {
    asking = false;
  }
}

function render() {
  if (missing) { root.replaceChildren(h("p", {}, t("ui.no_table"))); return; }
  if (!data) { root.replaceChildren(h("p", {}, t("ui.connecting"))); return; }
  const ctx = { me: null, seats: data.seats };
  const ui = { ctx, card: (c) => cardElement(c), mini: (c) => h("span", { class: `mini suit-${c[1]}` }, short(c)), backs,
    pileButton: (n) => n, lastTrick: () => null };
  const game = gameUi(data.game);
  const nav = (label, step, key) => h("button", { type: "button", class: "secondary", "aria-keyshortcuts": key,
    disabled: step < 0 || step > data.total || step === data.step ? true : null, onclick: () => load(step) }, label);
  const hands = Object.entries(data.hands).map(([seat, cards]) => h("li", { class: "replay-hand" },
    h("strong", {}, seatName(Number(seat), ctx)), h("div", { class: "hand small" }, cards.map((c) => cardElement(c)))));
  const last = data.events.map((e) => h("li", {}, eventText(e, ctx)));
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
  if (log) log.scrollTop = log.scrollHeight;
  document.title = `${t("ui.replay")} · ${t("app.title")}`;
}

document.addEventListener("keydown", (event) => {
  if (!data || event.target.closest("input, select")) return;
  if (event.key === "ArrowRight") load(wanted + 1);
  if (event.key === "ArrowLeft") load(wanted - 1);
  if (event.key === "Home") load(0);
  if (event.key === "End") load(data.total);
});

header(render);
load(0);
