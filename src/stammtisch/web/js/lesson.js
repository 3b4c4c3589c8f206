// Starting a guided first deal or, after it, a real match with the same settings.
import { t } from "./i18n.js";

async function open(url, body) {
  const name = (localStorage.getItem("stammtisch.name") || "").trim();
  if (name) body.name = name;
  const response = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body) });
  const answer = await response.json();
  if (!response.ok) throw new Error(t("err.create_failed", { detail: answer.error }));
  localStorage.setItem(`stammtisch.token.${answer.id}`, answer.token);
  location.href = answer.url;
}

// "Learn by playing": the game's guided first deal (the server chooses the deal).
export function startLesson(game) { return open("/api/lessons", { game }); }

// A real match like this table: the same game and options, beginners around the player.
export function startLike(state) {
  const seats = state.seats.map((_, seat) => (seat === state.seat ? "human" : "beginner"));
  return open("/api/tables", { game: state.game, options: state.options, seats });
}
