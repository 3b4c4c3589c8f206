// The start page: pick a game, its options (grouped, with presets), who sits where
// (you, a friend through the invite link, a program of the bot API, or a computer player
// of some level), and for a logged-in person whether the match is rated; then
// the server deals and the table opens, or the invite link is shown first.
import { currentAccount } from "./account.js";
import { formatNumber, t, has } from "./i18n.js";
import { h } from "./dom.js";
import { header } from "./page.js";
import { startLesson } from "./lesson.js";
import { playNowSection, resumePlayNow } from "./playnow.js";

const root = document.getElementById("app");
let games = [];
let chosen = localStorage.getItem("stammtisch.last_game") || "schnapsen";
let values = {};
let preset = "rules";
let players = null;
let mySeat = 0;
let levels = {};
let error = "";
let created = null;
let copied = false;
let listed = false;
let hintsForAll = false;
let talkWatchers = false;  // watchers see the table talk (server/table/talk.py)
let botNames = {};
let account = null;  // the logged-in account: only it may ask for a rated match
let rated = false;
let clockChoice = "";  // the turn clock chosen ("none", "relaxed" ...); "" the default

const OPEN = "open";
const YOU = "you";
const EXTERNAL = "external";

function game() { return games.find((g) => g.name === chosen) || games[0]; }
// A new seat's opponent: Beginner (Random is there to try the rules, not to play).
function firstLevel(g) { return (g.levels.find((l) => l.name === "beginner") || g.levels[0]).name; }

function applyPreset(name) {
  const g = game();
  preset = name;
  values = {};
  for (const option of g.options) if (option.default !== null) values[option.name] = option.default;
  Object.assign(values, g.presets[name] || {});
  if (players === null || players < g.players.min || players > g.players.max) players = Math.min(Math.max(3, g.players.min), g.players.max);
  if (mySeat >= players) mySeat = 0;
}

function valueLabel(value) {
  const key = `val.${value}`;
  return has(key) ? t(key) : typeof value === "number" ? formatNumber(value) : String(value);
}

function optionField(option) {
  const id = `opt-${option.name}`;
  const doc = has(`doc.${option.name}`) ? t(`doc.${option.name}`) : option.doc;
  const label = has(`opt.${option.name}`) ? t(`opt.${option.name}`) : option.name;
  let control;
  const current = values[option.name];
  const set = (v) => { values[option.name] = v; preset = "custom"; render(); };
  const common = { id, "aria-describedby": `${id}-doc` };
  if (option.kind === "bool") {
    control = h("input", { type: "checkbox", ...common, checked: !!current, onchange: () => set(control.checked) });
  } else if (option.kind === "choice") {
    control = h("select", { ...common, onchange: () => set(option.values[Number(control.value)]) },
      option.values.map((v, i) => new Option(valueLabel(v), String(i), false, v === current)));
  } else if (option.kind === "seat") {
    const seats = ["random", ...Array.from({ length: players }, (_, i) => i)];
    control = h("select", { ...common, onchange: () => set(seats[Number(control.value)]) }, seats.map((v, i) => new Option(
      v === "random" ? t("val.random") : (v === mySeat ? t("ui.you") : t("ui.seat", { n: v + 1 })), String(i), false, v === current)));
  } else {
    control = h("input", { type: "number", ...common, min: option.min, max: option.max ?? "", step: 1, inputmode: "numeric",
      value: current, onchange: () => set(Number(control.value)) });
  }
  return h("div", { class: "field" + (option.kind === "bool" ? " field-bool" : "") },
    h("label", { for: id }, label), control, h("p", { class: "doc", id: `${id}-doc` }, doc));
}

function seatDoc(g, choice) {
  if (choice === YOU) return t("ui.you_doc");
  if (choice === OPEN) return t("ui.friend_doc");
  if (choice === EXTERNAL) return t("ui.external_bot_doc");
  const level = g.levels.find((l) => l.name === choice) || g.levels[0];
  const key = [`leveldoc.${g.name}.${level.name}`, `leveldoc.${level.name}`].find(has);
  return key ? t(key) : level.description;
}

function seatsFieldset(g) {
  const count = g.players.option ? players : g.players.min;
  const rows = [];
  if (g.players.option) {
    const input = h("select", { id: "players" }, Array.from({ length: g.players.max - g.players.min + 1 }, (_, i) => {
      const n = g.players.min + i;
      return new Option(String(n), String(n), false, n === players);
    }));
    input.addEventListener("change", () => { players = Number(input.value); if (mySeat >= players) mySeat = 0; render(); });
    rows.push(h("div", { class: "field" }, h("label", { for: "players" }, t("ui.players")), input));
  }
  for (let seat = 0; seat < count; seat++) {
    const id = `level-${seat}`;
    const current = seat === mySeat ? YOU : (levels[seat] || firstLevel(g));
    const choices = [new Option(t("ui.you"), YOU, false, current === YOU),
      new Option(t("ui.friend"), OPEN, false, current === OPEN),
      new Option(t("ui.external_bot"), EXTERNAL, false, current === EXTERNAL),
      ...g.levels.map((l) => new Option(`${t("ui.computer")}: ${has(`level.${l.name}`) ? t(`level.${l.name}`) : l.name}`,
        l.name, false, l.name === current))];
    const select = h("select", { id, "aria-describedby": `${id}-doc` }, choices);
    select.addEventListener("change", () => {
      if (select.value === YOU) {
        levels[mySeat] = levels[seat] || firstLevel(g);
        delete levels[seat];
        mySeat = seat;
      } else if (seat === mySeat) {
        return render();  // someone must be "you": pick "you" on another seat instead
      } else {
        levels[seat] = select.value;
      }
      render();
    });
    rows.push(h("div", { class: "field seat-row" },
      h("label", { for: id }, t("ui.seat", { n: seat + 1 })), select,
      h("p", { class: "doc", id: `${id}-doc` }, seatDoc(g, current))));
    if (current === EXTERNAL) rows.push(botNameField(seat));
  }
  if (mySeat < count) {
    const input = h("input", { type: "text", id: "my-name", maxlength: 24, autocomplete: "nickname",
      placeholder: t("ui.seat", { n: mySeat + 1 }), "aria-describedby": "my-name-doc" });
    input.value = localStorage.getItem("stammtisch.name") || "";
    input.addEventListener("input", () => localStorage.setItem("stammtisch.name", input.value.trim()));
    rows.push(h("div", { class: "field" }, h("label", { for: "my-name" }, t("ui.your_name")), input,
      h("p", { class: "doc", id: "my-name-doc" }, t("ui.name_doc"))));
  }
  if (Array.from({ length: count }, (_, s) => levels[s]).includes(OPEN)) {
    const box = h("input", { type: "checkbox", id: "listed", "aria-describedby": "listed-doc" });
    box.checked = listed;
    box.addEventListener("change", () => { listed = box.checked; });
    rows.push(h("div", { class: "field check" }, box, h("label", { for: "listed" }, t("ui.listed")),
      h("p", { class: "doc", id: "listed-doc" }, t("ui.listed_doc"))));
    const hints = h("input", { type: "checkbox", id: "hints-for-all", "aria-describedby": "hints-for-all-doc" });
    hints.checked = hintsForAll;
    hints.addEventListener("change", () => { hintsForAll = hints.checked; });
    rows.push(h("div", { class: "field check" }, hints, h("label", { for: "hints-for-all" }, t("ui.hints_for_all")),
      h("p", { class: "doc", id: "hints-for-all-doc" }, t("ui.hints_for_all_doc"))));
    const talk = h("input", { type: "checkbox", id: "talk-watchers", "aria-describedby": "talk-watchers-doc" });
    talk.checked = talkWatchers;
    talk.addEventListener("change", () => { talkWatchers = talk.checked; });
    rows.push(h("div", { class: "field check" }, talk, h("label", { for: "talk-watchers" }, t("ui.talk_watchers")),
      h("p", { class: "doc", id: "talk-watchers-doc" }, t("ui.talk_watchers_doc"))));
  }
  if (Array.from({ length: count }, (_, s) => levels[s]).some((l) => l === OPEN || l === EXTERNAL)) rows.push(clockField());
  if (account) rows.push(ratedField());
  return h("fieldset", {}, h("legend", {}, t("ui.seats")), rows, h("p", { class: "doc" }, t("ui.level_note")));
}

// The turn clock, where someone waits for the others (server/table/settings.py): none,
// or seconds per decision; a rated table has the normal one unless another is chosen.
const CLOCKS = { relaxed: 60, normal: 30, fast: 15 };

function clockField() {
  const shown = clockChoice || (account && rated ? "normal" : "none");
  const select = h("select", { id: "turn-clock", "aria-describedby": "turn-clock-doc" },
    ["none", ...Object.keys(CLOCKS)].map((name) => new Option(
      name === "none" ? t("ui.clock_none") : t(`ui.clock_${name}`, { seconds: CLOCKS[name] }), name, false, name === shown)));
  select.addEventListener("change", () => { clockChoice = select.value; });
  return h("div", { class: "field" }, h("label", { for: "turn-clock" }, t("ui.clock")), select,
    h("p", { class: "doc", id: "turn-clock-doc" }, t("ui.clock_doc")));
}

function ratedField() {
  const box = h("input", { type: "checkbox", id: "rated", "aria-describedby": "rated-doc" });
  box.checked = rated;
  box.addEventListener("change", () => { rated = box.checked; });
  return h("div", { class: "field check" }, box, h("label", { for: "rated" }, t("account.rated_table")),
    h("p", { class: "doc", id: "rated-doc" }, t("account.rated_table_doc")));
}

// The bot account whose program plays an "external bot" seat (server/botprotocol.py).
function botNameField(seat) {
  const id = `bot-name-${seat}`;
  const input = h("input", { type: "text", id, required: true, maxlength: 24, pattern: "[a-z][a-z0-9_\\-]{1,23}",
    autocomplete: "off", spellcheck: "false" });
  input.value = botNames[seat] || "";
  input.addEventListener("input", () => { botNames[seat] = input.value.trim(); });
  return h("div", { class: "field bot-name" }, h("label", { for: id }, t("ui.bot_name")), input);
}

function seatSpec(g, seat) {
  const choice = levels[seat] || firstLevel(g);
  return choice === EXTERNAL ? `bot:${botNames[seat] || ""}` : choice;
}

async function start(event) {
  event.preventDefault();
  const g = game();
  const count = g.players.option ? players : g.players.min;
  const options = { ...values };
  if (g.players.option) options[g.players.option] = players;
  const seats = Array.from({ length: count }, (_, s) => s === mySeat ? "human" : seatSpec(g, s));
  const name = (localStorage.getItem("stammtisch.name") || "").trim();
  const request = { game: g.name, options, seats };
  if (name) request.name = name;
  if (account && rated) request.rated = true;  // a rated match gives no hints
  if (seats.includes(OPEN)) Object.assign(request, { listed, hints: hintsForAll && !request.rated, talk_watchers: talkWatchers });
  if (clockChoice && seats.some((s) => s === OPEN || s.startsWith("bot:"))) request.clock = CLOCKS[clockChoice] || 0;
  const response = await fetch("/api/tables", { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify(request) });
  const body = await response.json();
  if (!response.ok) { error = t("err.create_failed", { detail: body.error }); render(); return; }
  localStorage.setItem(`stammtisch.token.${body.id}`, body.token);
  // The server's invite link (absolute with serve --public-url): the waiting room shows it too.
  if (body.invite) localStorage.setItem(`stammtisch.invite.${body.id}`, new URL(body.invite, location.origin).href);
  if (!seats.includes(OPEN)) { location.href = body.url; return; }
  created = body;
  render();
  document.getElementById("invite-link")?.select();
}

// After a table with open seats is made: the link to give to friends, and the way in.
function invitePanel() {
  const link = new URL(created.invite || created.url, location.origin).href;
  const input = h("input", { type: "text", id: "invite-link", readonly: true, value: link, "aria-describedby": "invite-doc" });
  const copy = h("button", { type: "button", id: "copy-invite", onclick: async () => {
    input.select();
    try { await navigator.clipboard.writeText(link); } catch { document.execCommand("copy"); }
    copied = true;
    render();
    document.getElementById("copy-invite")?.focus();
  } }, copied ? t("ui.copied") : t("ui.copy"));
  return h("main", { class: "start" }, h("h1", {}, t("ui.table_ready")),
    h("section", { class: "invite", "aria-label": t("ui.invite") },
      h("label", { for: "invite-link" }, t("ui.invite")),
      h("div", { class: "invite-row" }, input, copy),
      h("p", { class: "doc", id: "invite-doc" }, t("ui.invite_doc")),
      h("p", {}, h("a", { href: created.url, class: "button", id: "go-table" }, t("ui.go_to_table")))));
}

function render() {
  if (!games.length) { root.replaceChildren(h("p", {}, t("ui.connecting"))); return; }
  if (created) { root.replaceChildren(invitePanel()); document.title = t("app.title"); return; }
  const g = game();
  const picker = h("fieldset", { class: "game-picker" }, h("legend", {}, t("ui.choose_game")), games.map((x) => {
    const id = `game-${x.name}`;
    const input = h("input", { type: "radio", name: "game", id, value: x.name, checked: x.name === g.name, onchange: () => {
      chosen = x.name; localStorage.setItem("stammtisch.last_game", chosen); players = null; levels = {}; botNames = {};
      applyPreset("rules"); render();
    } });
    return h("label", { class: "game-tile", for: id }, input,
      h("span", { class: "game-name" }, t(`game.${x.name}`)),
      h("span", { class: "game-sub" }, has(`gamesub.${x.name}`) ? t(`gamesub.${x.name}`) : x.summary),
      h("a", { class: "rules-link", href: `/rules/${x.name}` }, t("ui.rules")));
  }));
  const presets = h("div", { class: "presets", role: "radiogroup", "aria-label": t("ui.preset") },
    ["rules", "traditional"].filter((p) => p in g.presets).map((p) => h("button", {
      type: "button", class: "preset" + (preset === p ? " primary" : ""), "aria-pressed": preset === p ? "true" : "false",
      onclick: () => { applyPreset(p); render(); } }, t(`ui.preset.${p}`))));
  const options = g.groups.map((group) => {
    const fields = group.options.filter((n) => n !== g.players.option)
      .map((n) => g.options.find((o) => o.name === n)).filter(Boolean).map(optionField);
    return fields.length ? h("fieldset", { class: "group" }, h("legend", {}, t(`group.${group.name}`)), fields) : null;
  });
  root.replaceChildren(h("main", { class: "start" },
    h("h1", {}, t("app.title")), h("p", { class: "tagline" }, t("app.tagline")),
    h("form", { onsubmit: start }, picker, playNowSection(g.name, preset),
      h("p", { class: "learn" }, h("button", { type: "button", class: "secondary", id: "learn",
        onclick: () => startLesson(g.name).catch((e) => { error = e.message; render(); }) }, t("coach.learn")),
        " ", h("span", { class: "doc" }, t("coach.learn_doc"))),
      seatsFieldset(g),
      h("section", { class: "options", "aria-label": t("ui.options") }, h("h2", {}, t("ui.options")), presets, options),
      error ? h("p", { class: "notice", role: "alert" }, error) : null,
      h("div", { class: "start-bar" },
        h("button", { type: "submit", class: "primary big", id: "start" }, t("ui.start_match"))))));
  document.title = t("app.title");
}

header(render);
currentAccount().then((found) => { account = found; if (found) render(); });
fetch("/api/games").then((r) => r.json()).then((list) => {
  games = list;
  if (!games.some((g) => g.name === chosen)) chosen = games[0].name;
  applyPreset("rules");
  render();
  resumePlayNow();
});
render();
