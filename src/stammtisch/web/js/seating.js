// Who sits at a shared table: the waiting room (seats, names, the invite link, a
// "take this seat" form for watchers, the owner's computer players), the countdown
// next to a player whose connection dropped, and the banner for watchers.
// Names come from other people: they only ever become text nodes.
import { has, t } from "./i18n.js";
import { h } from "./dom.js";

const NAME_KEY = "stammtisch.name";

// What the person typed into the forms, kept across redraws.
const typed = { name: localStorage.getItem(NAME_KEY) || "", levels: {} };
let copied = false;

// The moment the last state arrived: grace_left counts down from there.
let receivedAt = performance.now();
export function stateArrived() { receivedAt = performance.now(); }

export function graceLeft(info) {
  if (info.grace_left === null || info.grace_left === undefined) return null;
  return Math.max(0, Math.ceil(info.grace_left - (performance.now() - receivedAt) / 1000));
}

function countdownText(info) {
  if (info.takeover) return t("ui.grace_over");
  return t("ui.away", { n: graceLeft(info) ?? 0 });
}

// Every second: the countdowns on the page, without redrawing the rest.
export function tickCountdowns(state) {
  if (!state) return;
  for (const node of document.querySelectorAll("[data-grace-seat]")) {
    const info = state.seats[Number(node.dataset.graceSeat)];
    if (info) node.textContent = countdownText(info);
  }
}

export function isAway(info) { return info.kind === "human" && !info.connected; }

// A line under a seat's name: connected, away with the seconds left, or gone.
export function presence(info, seat) {
  if (!isAway(info)) return null;
  return h("div", { class: "away" + (info.takeover ? " gone" : ""), "data-grace-seat": String(seat) },
    countdownText(info));
}

function levelLabel(level) { return has(`level.${level}`) ? t(`level.${level}`) : level; }

// The owner's choice of a computer level for a seat, and the button that sends it.
function fillForm(seat, levels, send, label) {
  const id = `fill-level-${seat}`;
  const chosen = typed.levels[seat] || levels[0];
  const select = h("select", { id, onchange: () => { typed.levels[seat] = select.value; } },
    levels.map((l) => new Option(levelLabel(l), l, false, l === chosen)));
  return h("div", { class: "fill" },
    h("label", { for: id, class: "sr-only" }, t("ui.computer_level_for", { n: seat + 1 })), select,
    h("button", { type: "button", id: `fill-${seat}`, class: "secondary",
      onclick: () => send({ type: "fill", seat, level: select.value }) }, label));
}

// Under a seat (at the table or in the waiting room): the owner may let a computer
// take over a seat whose grace period ran out.
export function takeoverForm(state, seat, levels, send) {
  const info = state.seats[seat];
  if (!state.owner || !info.takeover || !levels.length) return null;
  return fillForm(seat, levels, send, t("ui.take_over"));
}

// Enter in the name field takes the first open seat.
function nameField(onEnter) {
  const input = h("input", { type: "text", id: "sit-name", maxlength: 24, autocomplete: "nickname", required: true,
    "aria-describedby": "sit-name-doc", value: typed.name,
    oninput: () => { typed.name = input.value; },
    onkeydown: (event) => { if (event.key === "Enter") { event.preventDefault(); onEnter(); } } });
  return h("div", { class: "sit-name" }, h("label", { for: "sit-name" }, t("ui.your_name")), input,
    h("span", { class: "doc", id: "sit-name-doc" }, t("ui.name_doc")));
}

function sit(seat, send, onProblem) {
  const name = typed.name.trim();
  if (!name) { onProblem(t("ui.name_needed")); document.getElementById("sit-name")?.focus(); return; }
  localStorage.setItem(NAME_KEY, name);
  send({ type: "sit", seat, name });
}

export function watchBanner(state) {
  if (state.seat !== null) return null;
  return h("p", { class: "watch-banner", id: "watching" }, h("strong", {}, t("ui.watching")), " ",
    t("ui.watching_doc", { n: state.watchers }));
}

function inviteBox(tableUrl) {
  const input = h("input", { type: "text", id: "invite-link", readonly: true, value: tableUrl });
  const copy = h("button", { type: "button", id: "copy-invite", class: "secondary", onclick: async () => {
    input.select();
    try { await navigator.clipboard.writeText(tableUrl); } catch { document.execCommand("copy"); }
    copied = true;
    copy.textContent = t("ui.copied");
  } }, copied ? t("ui.copied") : t("ui.copy"));
  return h("div", { class: "invite" }, h("label", { for: "invite-link" }, t("ui.invite")),
    h("div", { class: "invite-row" }, input, copy));
}

function seatKind(info) {
  if (info.kind === "bot") return `${t("ui.computer")}: ${levelLabel(info.level)}`;
  if (info.kind === "open") return t("ui.open_seat");
  return info.connected ? t("ui.here") : null;
}

// The table before the deal is played: everyone sees who sits where; a watcher can
// sit down, the owner can seat computer players.
export function waitingRoom(state, { levels, send, onProblem, seatLabel }) {
  const open = state.seats.filter((s) => s.kind === "open").length;
  const watcher = state.seat === null;
  const rows = state.seats.map((info, seat) => {
    const mine = seat === state.seat;
    const where = t("ui.seat", { n: seat + 1 });
    const label = mine ? info.name || t("ui.you") : seatLabel(seat);
    const about = [label === where ? null : where, seatKind(info)].filter(Boolean).join(" · ");
    return h("li", { class: "seat waiting-seat" + (info.kind === "open" ? " open" : ""), "data-seat": String(seat) },
      h("div", { class: "seat-name" }, label,
        mine ? [" ", h("span", { class: "badge" }, t("ui.you"))] : null),
      about ? h("div", { class: "level" }, about) : null,
      presence(info, seat), takeoverForm(state, seat, levels, send),
      info.kind === "open" && watcher
        ? h("button", { type: "button", id: `sit-${seat}`, class: "primary", onclick: () => sit(seat, send, onProblem) },
          t("ui.take_seat"))
        : null,
      info.kind === "open" && state.owner && levels.length ? fillForm(seat, levels, send, t("ui.fill")) : null);
  });
  return h("section", { class: "waiting-room", "aria-label": t("ui.waiting_room") },
    h("h2", {}, t("ui.waiting_room")),
    h("p", { class: "status", role: "status" }, t("ui.waiting_for_players", { n: open })),
    watcher && open ? nameField(() => sit(state.seats.findIndex((s) => s.kind === "open"), send, onProblem)) : null,
    h("ol", { class: "seats" }, rows),
    inviteBox(localStorage.getItem(`stammtisch.invite.${state.table}`) || location.href.split("#")[0]),
    h("p", { class: "doc" }, state.owner ? t("ui.owner_doc") : t("ui.start_doc")));
}
