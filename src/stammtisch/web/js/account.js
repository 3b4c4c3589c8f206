// Who is logged in (GET /api/me, asked once per page), the seat tokens this browser
// holds, and the calls of the accounts API (server/protocol.py, "Accounts"). A guest is
// never asked to log in: every page works without an account.
// Errors come back as the API's one line ({"error"}), or a general line when the server
// could not be reached or answered something else.
import { t } from "./i18n.js";

const TOKEN_PREFIX = "stammtisch.token.";
const CLAIMED_KEY = "stammtisch.claimed";

let asked = null;

// The logged-in account ({name, created}), or null for a guest (also when the server
// cannot be reached: the page then works as a guest's).
export function currentAccount() {
  asked ??= fetch("/api/me", { cache: "no-store" })
    .then((response) => (response.ok ? response.json() : null))
    .catch(() => null);
  return asked;
}

// Every seat token this browser holds (one per table it sat at).
export function seatTokens() {
  const tokens = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key?.startsWith(TOKEN_PREFIX)) {
      const token = localStorage.getItem(key);
      if (token) tokens.push(token);
    }
  }
  return tokens;
}

// A JSON request: {ok, status, body}; body is the answer's JSON (or {} when there is none).
export async function call(method, url, data) {
  const init = { method, cache: "no-store", headers: {} };
  if (data !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(data);
  }
  let response;
  try {
    response = await fetch(url, init);
  } catch {
    return { ok: false, status: 0, body: { error: t("account.offline") } };
  }
  let body = {};
  try { body = response.status === 204 ? {} : await response.json(); } catch { /* not JSON: the line below */ }
  if (!response.ok && typeof body.error !== "string") body = { error: t("account.failed", { status: response.status }) };
  return { ok: response.ok, status: response.status, body };
}

// Sign up (``create``) or log in, bringing this browser's seats along; remembers for the
// next page how many matches came along.
export async function enter(create, name, password) {
  const answer = await call("POST", create ? "/api/accounts" : "/api/session",
    { name, password, seat_tokens: seatTokens() });
  if (answer.ok) {
    asked = Promise.resolve({ name: answer.body.name });
    try { sessionStorage.setItem(CLAIMED_KEY, String(answer.body.claimed || 0)); } catch { /* private mode */ }
  }
  return answer;
}

// How many of this browser's matches the last sign-up or login brought along (once).
export function takeClaimed() {
  try {
    const n = Number(sessionStorage.getItem(CLAIMED_KEY) || 0);
    sessionStorage.removeItem(CLAIMED_KEY);
    return n;
  } catch {
    return 0;
  }
}

// A path of this site to go on to after logging in (never another site's address).
export function nextPath(fallback = "/me") {
  const wanted = new URLSearchParams(location.search).get("next") || "";
  return wanted.startsWith("/") && !wanted.startsWith("//") && !wanted.startsWith("/\\") ? wanted : fallback;
}

// The profile page of a player.
export function profileHref(name) { return `/players/${encodeURIComponent(name)}`; }
