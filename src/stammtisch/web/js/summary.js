// The summary of a finished deal, read from the match's public events: the final trick
// or the hands shown, what each side scored and why (ties named), then "Next deal".
import { t } from "./i18n.js";
import { h } from "./dom.js";
import { contractText, seatName, teamName } from "./words.js";

const ENDS = new Set(["showdown", "deal_end", "deal_score", "throw_in"]);
const POINTS = ["high", "low", "right_bauer", "left_bauer", "joker", "game"];

// Where each deal of the log ended (indices into events).
export function dealEnds(events) {
  return events.flatMap((e, i) => (ENDS.has(e.type) ? [i] : []));
}

function names(seats, ctx) { return seats.map((s) => seatName(s, ctx)).join(", "); }

function minis(cards, mini) { return h("span", { class: "mini-cards" }, cards.map((c) => mini(c))); }

// The trick that closed the deal: the last trick event before its end.
function finalTrick(events, index, ctx, mini) {
  for (let i = index - 1; i >= 0 && !ENDS.has(events[i].type) && events[i].type !== "deal"; i--) {
    const e = events[i];
    if (e.type !== "trick") continue;
    return h("p", { class: "summary-trick" }, `${t("ui.last_trick")}: `, minis(e.cards, mini), " → ",
      seatName(e.winner, ctx));
  }
  return null;
}

// Lives lost at a showdown, and who went out (the life events that follow it).
function lifeNotes(events, index) {
  const out = new Set();
  for (let i = index + 1; i < events.length && events[i].type !== "deal" && !ENDS.has(events[i].type); i++) {
    if (events[i].type === "life" && events[i].eliminated) out.add(events[i].seat);
  }
  return out;
}

function showdown(e, events, index, ctx, mini, game) {
  const out = lifeNotes(events, index);
  const shown = e.labels || e.values;
  const rows = Object.entries(e.hands).map(([seat, cards]) => {
    const s = Number(seat);
    const lost = (e.lives_lost || {})[seat];
    return h("li", { class: lost ? "loses" : "" }, h("strong", {}, seatName(s, ctx)), " ", minis(cards, mini),
      ` = ${shown[seat]}`, out.has(s) ? h("span", { class: "lost" }, ` · ${t("ui.out")}`)
        : lost ? h("span", { class: "lost" }, ` −${t("ui.life_count", { n: lost })}`) : null);
  });
  const lines = [];
  const knocker = e.knocker === null || e.knocker === undefined ? null : seatName(e.knocker, ctx);
  lines.push(t(`sum.reason_${e.reason}`, { name: knocker ?? "–" }));
  const losers = Object.keys(e.lives_lost || {}).map(Number);
  const values = e.values || {};
  if (game === "schnauz") {
    const loser = e.lowest;
    const v = values[String(loser)];
    const tied = Object.keys(values).map(Number).filter((s) => s !== loser && values[String(s)] === v);
    if (e.reason !== "combination" || losers.length === 1) {
      lines.push(tied.length ? t("sum.tie_suit", { v, name: seatName(loser, ctx) }) : t("sum.lowest", { v, name: seatName(loser, ctx) }));
    }
  } else if (e.reason === "31") {
    lines.push(t("sum.thirty_one", { names: names(e.thirty_one || [], ctx) }));
  } else if (e.lowest !== null && e.lowest !== undefined) {
    const tied = Object.keys(values).map(Number).filter((s) => values[String(s)] === e.lowest);
    if (tied.length < 2) lines.push(t("sum.lowest", { v: e.lowest, name: names(tied, ctx) }));
    else if (e.knocker !== null && tied.includes(e.knocker)) {
      lines.push(t("sum.tie_knocker", { v: e.lowest, names: names(losers, ctx), name: knocker }));
    } else lines.push(t("sum.tie_all", { v: e.lowest, names: names(tied, ctx) }));
  }
  const table = e.table?.length ? h("p", {}, `${t("ui.table")}: `, minis(e.table, mini)) : null;
  return [h("ul", { class: "summary-hands" }, rows), table, ...lines.map((l) => h("p", {}, l))];
}

function schnapsen(e, ctx) {
  const by = e.by === null || e.by === undefined ? "–" : seatName(e.by, ctx);
  const lines = [t(`sum.reason_${e.reason}`, { name: by })];
  if (e.closer !== null && e.closer !== undefined) lines.push(t("sum.closed_by", { name: seatName(e.closer, ctx) }));
  lines.push(t("sum.points_tricks", { points: e.points.join(" : "), tricks: e.tricks.join(" : ") }));
  if (e.winner === null || e.winner === undefined) lines.push(t("ui.nobody_scores"));
  else {
    const other = 1 - e.winner;
    lines.push(`${t("ui.deal_won", { name: seatName(e.winner, ctx), n: e.game_points })} · ${t("sum.award_why", {
      name: seatName(other, ctx), points: e.points[other], tricks: e.tricks[other] })}`);
  }
  return lines.map((l) => h("p", {}, l));
}

function schmier(e, ctx) {
  const lines = [`${contractText(e.bidder, e.bid, ctx)} · ${e.made ? t("ui.made") : t("ui.set")}`];
  const won = POINTS.filter((p) => p in e.points).map((p) => {
    const team = e.points[p];
    return `${t(`point.${p}`)}: ${team === null || team === undefined ? t("sum.nobody") : teamName(team)}`;
  });
  lines.push(won.join(" · "));
  const counts = e.game_counts || [];
  const best = Math.max(...counts);
  const tied = counts.flatMap((c, i) => (c === best ? [i] : []));
  const countText = counts.map((c, i) => `${teamName(i)} ${c}`).join(" · ");
  if (tied.length > 1) {
    const tie = tied.map(() => best).join(" = ");
    lines.push(e.points.game === null || e.points.game === undefined
      ? t("sum.game_tie_none", { tie, counts: countText })
      : t("sum.game_tie_bidder", { tie, counts: countText, name: teamName(e.points.game) }));
  } else lines.push(`${t("point.game")}: ${countText}`);
  if (!e.made) lines.push(t("sum.set_why", { name: teamName(e.bidding_team), won: e.won[e.bidding_team], n: e.bid }));
  lines.push(e.delta.map((d, i) => `${t("ui.team", { name: teamName(i) })} ${d > 0 ? "+" : ""}${d}`).join(" · "));
  return lines.map((l) => h("p", {}, l));
}

// The box; ``next`` (null at the end of the match) moves on, ``left`` counts down.
export function summaryBox(game, events, index, { ctx, mini, next, left }) {
  const e = events[index];
  let body;
  if (e.type === "throw_in") body = [h("p", {}, t("sum.throw_in"))];
  else if (e.type === "showdown") body = showdown(e, events, index, ctx, mini, game);
  else if (e.type === "deal_end") body = schnapsen(e, ctx);
  else body = schmier(e, ctx);
  const trick = e.type === "showdown" || e.type === "throw_in" ? null : finalTrick(events, index, ctx, mini);
  return h("section", { class: "deal-summary", id: "deal-summary", "aria-label": t("sum.title") },
    h("h2", {}, t("sum.title")), trick, body,
    next ? h("p", { class: "summary-next" }, h("button", { type: "button", id: "next-deal", class: "primary", onclick: next },
      t("sum.next_deal"), left ? h("span", { class: "summary-left", "data-summary-left": "" }, ` (${left})`) : null),
    h("span", { class: "doc" }, t("sum.next_doc"))) : null);
}
