// The coach of a guided first deal: the server sends the expert's values of every legal
// action (state.coach.advice), the verdict on the last move and, once the deal is over,
// a summary; this module words them in the page's language.
import { lang, t } from "./i18n.js";
import { h } from "./dom.js";
import { actionLabel, eventText } from "./words.js";

function share(value) {
  return new Intl.NumberFormat(lang(), { style: "percent", maximumFractionDigits: 0 }).format(value);
}

function points(value) {
  return new Intl.NumberFormat(lang(), { maximumFractionDigits: 1, signDisplay: "exceptZero" }).format(value);
}

// A value in the game's unit: a chance to win, or points against the other teams.
export function valueText(value, unit) {
  return unit === "win" ? t("coach.value.win", { value: share(value) }) : t("coach.value.points", { value: points(value) });
}

// What a beginner can check for an action: the hand's value after it, or the trick.
export function factText(facts) {
  if (!facts) return "";
  if (facts.value !== undefined) return t("coach.fact.value", { value: facts.value });
  if (facts.wins === true) return t("coach.fact.wins", { points: facts.points });
  if (facts.wins === false) return t("coach.fact.loses", { points: facts.points });
  return "";
}

// The table's hint: the expert's best action and the next ones, with their values.
export function hintLine(advice) {
  const [best, ...rest] = advice.ranked;
  const next = rest.slice(0, 3).map((e) => `${actionLabel(e.action)} (${valueText(e.value, advice.unit)})`).join(", ");
  const fact = factText(best.facts);
  return h("p", { class: "hint-line", role: "status" },
    t("ui.hint_best", { action: actionLabel(best.action), value: valueText(best.value, advice.unit) }),
    fact ? ` · ${fact}` : "", next ? h("span", { class: "hint-next" }, " ", t("ui.hint_next", { list: next })) : null);
}

function ruleLine(game, phase) {
  const key = `coach.rule.${game}.${phase}`;
  const text = t(key);
  return text === key ? null : h("p", { class: "coach-rule" }, text);
}

function choices(advice) {
  const best = advice.ranked[0];
  return h("ol", { class: "coach-choices" }, advice.ranked.map((entry) => h("li",
    { class: entry.action === best.action ? "best" : "", "data-action": entry.action },
    h("span", { class: "coach-action" }, actionLabel(entry.action)),
    advice.ranked.length > 1 ? h("span", { class: "coach-value" }, valueText(entry.value, advice.unit)) : null,
    factText(entry.facts) ? h("span", { class: "coach-fact" }, factText(entry.facts)) : null,
    entry.action === best.action ? h("span", { class: "badge" }, t("coach.expert_choice")) : null)),
    advice.unweighed ? h("li", { class: "coach-unweighed" }, t("coach.unweighed", { n: advice.unweighed })) : null);
}

function verdictLine(verdict, advice) {
  if (!verdict) return null;
  const played = actionLabel(verdict.played);
  if (verdict.played === verdict.best) return h("p", { class: "coach-verdict good" }, t("coach.verdict.best", { action: played }));
  if (verdict.value === null) return h("p", { class: "coach-verdict close" }, t("coach.verdict.unweighed", { action: played, best: actionLabel(verdict.best) }));
  const words = { action: played, best: actionLabel(verdict.best), value: valueText(verdict.value, verdict.unit),
    best_value: valueText(verdict.best_value, verdict.unit) };
  if (verdict.weak) return h("p", { class: "coach-verdict weak", role: "status" }, t("coach.verdict.weak", words));
  return h("p", { class: "coach-verdict close" }, t("coach.verdict.close", words));
}

// The events since the player's own last move: what the others did.
function sinceMyMove(events, ctx) {
  let start = events.length;
  while (start > 0 && !(events[start - 1].type === "action" && events[start - 1].seat === ctx.me)) start--;
  const texts = events.slice(start).map((e) => eventText(e, ctx)).filter(Boolean).slice(-6);
  return texts.length ? h("div", { class: "coach-since" }, h("h3", {}, t("coach.since")),
    h("ul", {}, texts.map((text) => h("li", {}, text)))) : null;
}

function summaryPanel(state, summary, onReplay) {
  const worst = summary.worst;
  return [
    h("p", {}, t("coach.summary.done", { game: t(`game.${state.game}`) })),
    h("p", {}, t("coach.summary.count", { n: summary.decisions, best: summary.best, weak: summary.weak })),
    worst ? h("p", {}, t("coach.summary.worst", { action: actionLabel(worst.played), best: actionLabel(worst.best) })) : null,
    h("p", { class: "coach-buttons" },
      h("button", { type: "button", class: "primary", id: "real-match", onclick: onReplay }, t("coach.real_match")), " ",
      h("a", { href: `/rules/${state.game}`, class: "button secondary-link" }, t("coach.read_rules"))),
  ];
}

// The panel; ``onReplay`` starts a real match with this table's settings.
export function coachPanel(state, events, ctx, onReplay) {
  const coach = state.coach;
  if (!coach) return null;
  const body = [];
  if (!coach.teaching && coach.summary) {
    body.push(...summaryPanel(state, coach.summary, onReplay));
  } else {
    body.push(verdictLine(coach.verdict, coach.advice));
    if (state.to_act !== state.seat) body.push(sinceMyMove(events, ctx), h("p", { class: "coach-wait" }, t("coach.wait")));
    else if (!coach.advice) body.push(sinceMyMove(events, ctx), h("p", { class: "coach-wait" }, t("coach.thinking")));
    else body.push(sinceMyMove(events, ctx), ruleLine(state.game, coach.advice.phase), h("h3", {}, t("coach.choices")), choices(coach.advice));
  }
  return h("section", { class: "coach", "aria-label": t("coach.title"), id: "coach" }, h("h2", {}, t("coach.title")), body);
}
