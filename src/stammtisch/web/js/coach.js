// The coach of a guided first deal: the server sends the expert's values of every legal
// action (state.coach.advice), the verdict on the last move and, once the deal is over,
// a summary; this module words them in the page's language. Its choices are the legal
// actions: tapping one plays it. On a phone the panel folds to the top choice.
import { lang, t } from "./i18n.js";
import { h } from "./dom.js";
import { cardName, cardsShort } from "./cards.js";
import { startLesson, startLike } from "./lesson.js";
import { actionLabel, logTexts, suitWord } from "./words.js";

let unfoldedAt = null;  // the position (state.seq) at which the player unfolded every choice

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

// Why an action, in a few words: a reason's code and its arguments (bots/reasons.py).
export function reasonText(reason) {
  if (!reason) return "";
  const words = {};
  for (const [key, value] of Object.entries(reason)) {
    if (key !== "code") words[key] = key === "suit" ? suitWord(value) : key === "card" ? cardName(value) : value;
  }
  return t(`coach.why.${reason.code}`, words);
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
  return text === key ? null : h("p", { class: "coach-rule coach-extra" }, text);
}

// The expert's choices as buttons (tapping one plays it), each with its value and why.
function choices(advice, onAct) {
  const best = advice.ranked[0];
  return h("ol", { class: "coach-choices", id: "coach-choices" }, advice.ranked.map((entry) => {
    const why = reasonText(entry.reason) || factText(entry.facts);
    return h("li", { class: entry.action === best.action ? "best" : "", "data-action": entry.action },
      h("button", { type: "button", class: "coach-play" + (entry.action === best.action ? " primary" : ""),
        disabled: !onAct, onclick: () => onAct(entry.action) }, actionLabel(entry.action)),
      advice.ranked.length > 1 ? h("span", { class: "coach-value" }, valueText(entry.value, advice.unit)) : null,
      why ? h("span", { class: "coach-fact" }, why) : null,
      entry.action === best.action ? h("span", { class: "badge" }, t("coach.expert_choice")) : null);
  }), advice.unweighed ? h("li", { class: "coach-unweighed" }, t("coach.unweighed", { n: advice.unweighed })) : null);
}

// What "34% to win" or "+3.9 points" means, with the top choice's own figure.
function unitLine(advice) {
  if (advice.ranked.length < 2) return null;
  const example = advice.unit === "win" ? share(advice.ranked[0].value) : points(advice.ranked[0].value);
  return h("p", { class: "coach-unit coach-extra" }, t(`coach.unit.${advice.unit}`, { example }));
}

// Where the phase's rule of thumb picks another action than the expert: why the expert's.
function taughtLine(advice) {
  const taught = advice.taught;
  if (!taught) return null;
  const entry = advice.ranked.find((e) => e.action === taught.action);
  const best = advice.ranked[0];
  return h("p", { class: "coach-taught" }, t("coach.taught", { taught: actionLabel(taught.action),
    why: reasonText(entry?.reason) || factText(entry?.facts), best: actionLabel(best.action),
    gap: advice.unit === "win" ? share(taught.gap) : points(taught.gap) }));
}

// The lesson's plan, before the player's first decision.
function introLine(state) {
  const view = state.view;
  const text = t(`coach.intro.${state.game}`, { cards: cardsShort(view.hand || []),
    open: view.discard_top ? cardsShort([view.discard_top]) : "", turned: view.trump_card ? cardsShort([view.trump_card]) : "" });
  return text === `coach.intro.${state.game}` ? null : h("p", { class: "coach-intro coach-extra" }, text);
}

// The "more" control of a folded panel (shown on a phone only).
function moreButton(seq, folded) {
  return h("button", { type: "button", id: "coach-more", class: "coach-more secondary", "aria-controls": "coach-choices",
    "aria-expanded": String(!folded), onclick: (event) => {
      const panel = event.currentTarget.closest(".coach");
      const fold = !panel.classList.contains("folded");
      panel.classList.toggle("folded", fold);
      unfoldedAt = fold ? null : seq;
      event.currentTarget.setAttribute("aria-expanded", String(!fold));
      event.currentTarget.textContent = t(fold ? "coach.more" : "coach.less");
    } }, t(folded ? "coach.more" : "coach.less"));
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
  const texts = logTexts(events.slice(start), ctx).filter(Boolean).slice(-6);
  return texts.length ? h("div", { class: "coach-since coach-extra" }, h("h3", {}, t("coach.since")),
    h("ul", {}, texts.map((text) => h("li", {}, text)))) : null;
}

function summaryPanel(state, summary, onStart) {
  const worst = summary.worst;
  return [
    h("p", {}, t("coach.summary.done", { game: t(`game.${state.game}`) })),
    h("p", {}, t("coach.summary.count", { n: summary.decisions, best: summary.best, weak: summary.weak })),
    worst ? h("p", {}, t("coach.summary.worst", { action: actionLabel(worst.played), best: actionLabel(worst.best) })) : null,
    h("p", { class: "coach-buttons" },
      h("button", { type: "button", class: "primary", id: "real-match", onclick: () => onStart(startLike) }, t("coach.real_match")), " ",
      h("a", { href: `/rules/${state.game}`, class: "button secondary-link" }, t("coach.read_rules")), " ",
      h("button", { type: "button", class: "secondary", id: "lesson-again",
        onclick: () => onStart((s) => startLesson(s.game)) }, t("coach.again"))),
  ];
}

// True once the guided deal is over: the coach's closing panel is all the table shows.
export function lessonOver(state) { return Boolean(state?.coach && !state.coach.teaching && state.coach.summary); }

// The panel. ``onStart(start)`` opens another table (``start(state)``: the real match or
// the lesson again) and says a failure; ``onAct(action)`` plays one of the choices.
export function coachPanel(state, events, ctx, onStart, onAct) {
  const coach = state.coach;
  if (!coach) return null;
  const body = [];
  let folded = false;
  let more = null;
  if (lessonOver(state)) {
    body.push(...summaryPanel(state, coach.summary, onStart));
  } else {
    const since = sinceMyMove(events, ctx);
    const advice = state.to_act === state.seat ? coach.advice : null;
    folded = unfoldedAt !== state.seq;
    body.push(verdictLine(coach.verdict, coach.advice));
    if (state.to_act !== state.seat) body.push(since, h("p", { class: "coach-wait" }, t("coach.wait")));
    else if (!advice) body.push(since, h("p", { class: "coach-wait" }, t("coach.thinking")));
    else {
      body.push(coach.verdict ? null : introLine(state), since, ruleLine(state.game, advice.phase),
        h("h3", { class: "coach-extra" }, t("coach.choices")), choices(advice, onAct), taughtLine(advice), unitLine(advice));
    }
    more = advice || since ? moreButton(state.seq, folded) : null;
  }
  return h("section", { class: "coach" + (folded ? " folded" : ""), "aria-label": t("coach.title"), id: "coach" },
    h("div", { class: "coach-head" }, h("h2", {}, t("coach.title")), more), body);
}
