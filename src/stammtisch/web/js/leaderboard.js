// The leaderboard of one game (/leaderboard/GAME, GET /api/leaderboard/GAME): the top
// players by rating with their rank, name (a link to the profile) and rating; the computer
// levels stand between them at their own ratings as landmarks ("here plays the Club
// player"), so that a number means something. Links to the other games' boards on top.
import { t } from "./i18n.js";
import { h } from "./dom.js";
import { header } from "./page.js";
import { call, profileHref } from "./account.js";
import { gameName } from "./matchrows.js";
import { levelName } from "./seatnames.js";
import { ratingNumber, ratingText } from "./ratingview.js";

const root = document.getElementById("app");
const game = decodeURIComponent(location.pathname.replace(/^\/leaderboard\/?/, "")) || "schnapsen";
const FALLBACK_GAMES = ["schnapsen", "schnauz", "scat", "schmier"];

let games = FALLBACK_GAMES;
let board = null;
let problem = "";

// A player whose rating is still provisional: the server's flag, else its display's "?".
function provisional(player) { return player.provisional ?? String(player.display || "").endsWith("?"); }

function playerRow(player) {
  return h("tr", { class: "board-player", "data-name": player.name },
    h("td", { class: "rank" }, String(player.rank)),
    h("td", { class: "name" }, h("a", { href: profileHref(player.name) }, player.name),
      player.program ? h("span", { class: "badge program", title: t("profile.program_doc") }, t("profile.program")) : null),
    h("td", { class: "rating" }, h("strong", {}, ratingText(player.value, provisional(player))),
      provisional(player) ? null : h("span", { class: "rating-dev" }, ` ±${ratingNumber(player.deviation)}`)),
    h("td", { class: "games" }, String(player.games ?? "")));
}

function levelRow(level) {
  return h("tr", { class: "board-level", "data-level": level.level },
    h("td", { class: "rank" }),
    h("td", { class: "name" }, h("a", { href: profileHref(level.level) }, levelName(level.level)),
      h("span", { class: "badge program" }, t("profile.computer_level"))),
    h("td", { class: "rating" }, h("strong", {}, ratingNumber(level.value))),
    h("td", { class: "games" }));
}

// The players in rank order, each level before the first player rated below it.
function rows() {
  const levels = [...(board.levels || [])].sort((a, b) => b.value - a.value);
  const out = [];
  for (const player of board.players || []) {
    while (levels.length && levels[0].value > player.value) out.push(levelRow(levels.shift()));
    out.push(playerRow(player));
  }
  return [...out, ...levels.map(levelRow)];
}

function tabs() {
  return h("nav", { class: "board-tabs", "aria-label": t("board.games") }, games.map((g) =>
    h("a", { href: `/leaderboard/${encodeURIComponent(g)}`, class: g === game ? "tab current" : "tab",
      "aria-current": g === game ? "page" : null }, gameName(g))));
}

function render() {
  document.title = `${t("board.title")}: ${gameName(game)} · ${t("app.title")}`;
  let body;
  if (problem) body = h("p", { class: "notice", role: "alert" }, problem);
  else if (!board) body = h("p", {}, t("ui.connecting"));
  else {
    const listed = rows();
    body = [
      !(board.players || []).length ? h("p", { class: "empty-list" }, t("board.nobody", { game: gameName(game) })) : null,
      listed.length ? h("table", { class: "board" }, h("caption", { class: "sr-only" }, t("board.caption", { game: gameName(game) })),
        h("thead", {}, h("tr", {}, h("th", { scope: "col", class: "rank" }, t("board.rank")),
          h("th", { scope: "col", class: "name" }, t("board.player")), h("th", { scope: "col", class: "rating" }, t("board.rating")),
          h("th", { scope: "col", class: "games" }, t("board.games_played")))),
        h("tbody", {}, listed)) : null,
      listed.length ? h("p", { class: "doc" }, t("board.doc")) : null];
  }
  root.replaceChildren(h("main", { class: "leaderboard" }, h("h1", {}, `${t("board.title")}: ${gameName(game)}`), tabs(), body));
}

header(render);
render();
fetch("/api/games").then((r) => r.json()).then((list) => { games = list.map((g) => g.name); render(); }).catch(() => {});
call("GET", `/api/leaderboard/${encodeURIComponent(game)}`).then((answer) => {
  if (answer.ok) board = answer.body;
  else problem = answer.body.error;
  render();
});
