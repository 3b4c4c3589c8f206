// A rating as the pages show it, lichess's way: "1623" with its uncertainty "±124", or
// "1500?" while it is provisional (the uncertainty then says little more than the "?");
// and a small chart of a rating's history, drawn as inline SVG: the rating after each
// rated match as a line, the band of ± one deviation around it.
import { formatDateTime, t } from "./i18n.js";
import { h, svg } from "./dom.js";

// Ratings are whole numbers without a thousands separator, in every language.
export function ratingNumber(value) { return String(Math.round(Number(value) || 0)); }

// The rating itself: "1623", or "1500?" while provisional.
export function ratingText(value, provisional = false) { return `${ratingNumber(value)}${provisional ? "?" : ""}`; }

// The rating with its uncertainty, as an element: <b>1623</b> ±124.
export function ratingWithDeviation(rating) {
  return h("span", { class: "rating" }, h("strong", { class: "rating-value" }, ratingText(rating.value, rating.provisional)),
    rating.provisional ? null : h("span", { class: "rating-dev", title: t("profile.deviation") },
      ` ±${ratingNumber(rating.deviation)}`));
}

const WIDTH = 300;
const HEIGHT = 90;
const PAD = { left: 38, right: 8, top: 8, bottom: 8 };

// The chart of ``points`` ([{at, value, deviation}], oldest first), or null for fewer than two.
export function ratingChart(points, label) {
  if (!Array.isArray(points) || points.length < 2) return null;
  const values = points.map((p) => Number(p.value));
  const highs = points.map((p) => Number(p.value) + Number(p.deviation || 0));
  const lows = points.map((p) => Number(p.value) - Number(p.deviation || 0));
  let top = Math.max(...highs);
  let bottom = Math.min(...lows);
  if (top - bottom < 50) { const middle = (top + bottom) / 2; top = middle + 25; bottom = middle - 25; }
  const x = (i) => PAD.left + (i * (WIDTH - PAD.left - PAD.right)) / (points.length - 1);
  const y = (v) => PAD.top + ((top - v) * (HEIGHT - PAD.top - PAD.bottom)) / (top - bottom);
  const line = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  const band = [...highs.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`),
    ...lows.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).reverse()].join(" ");
  const first = points[0];
  const last = points[points.length - 1];
  const summary = t("profile.chart_summary", { from: ratingNumber(first.value), to: ratingNumber(last.value), n: points.length,
    since: first.at ? formatDateTime(first.at, { dateStyle: "medium" }) : "" });
  return h("figure", { class: "rating-chart" },
    svg("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img", "aria-label": `${label}: ${summary}` },
      svg("polygon", { class: "chart-band", points: band }),
      svg("polyline", { class: "chart-line", points: line, fill: "none" }),
      svg("circle", { class: "chart-last", cx: x(points.length - 1).toFixed(1), cy: y(values[values.length - 1]).toFixed(1), r: 3 }),
      svg("text", { class: "chart-axis", x: 2, y: PAD.top + 8 }, ratingNumber(top)),
      svg("text", { class: "chart-axis", x: 2, y: HEIGHT - PAD.bottom }, ratingNumber(bottom))),
    h("figcaption", { class: "doc" }, summary));
}
