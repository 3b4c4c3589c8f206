// The table page's socket to the server: opened with this browser's seat token as its
// subprotocol (never in the address, where console errors and proxy logs would show
// it), opened again after a drop, waiting longer each time. Nothing is queued while it
// is down: an action is sent only when the connection is open and the fresh state has
// arrived, so that nothing is sent twice when it is back.
//
// The connection is "connecting", "syncing" (open, the state not yet here), "open",
// "lost" (opening again), "missing" (no such table) or "failed" (refused for good).
//
// After the first whole state the server sends only what changed ("update" frames,
// server/frames.py): each is merged here into the last state, so the rest of the page
// sees whole states. A frame that does not follow the last one asks for the whole state.

let address = "";
let tokenKey = "";
let token = "";
let socket = null;
let retry = 0;
let status = "connecting";
let handlers = { onMessage() {}, onClose() {} };
let known = null;  // the last whole state of this socket, updates merged in
const OWN = ["type", "log_start", "events", "frame", "id"];  // a frame's own fields

function tokenKeyOf(table) { return `stammtisch.token.${table}`; }

// The seat token of another table (where "play again" moved the players).
export function keepTokenOf(table, value) { localStorage.setItem(tokenKeyOf(table), value); }

// Opens the table's socket. `onMessage` gets every message the server sends (parsed);
// `onClose` the connection's status after a close ("lost" while it opens again).
export function openConnection(tableId, { onMessage, onClose }) {
  tokenKey = tokenKeyOf(tableId);
  token = localStorage.getItem(tokenKey) || "";
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  address = `${scheme}://${location.host}/ws/tables/${encodeURIComponent(tableId)}`;
  handlers = { onMessage, onClose };
  connect();
}

function connect() {
  const offered = ["stammtisch", "stammtisch.updates"];
  socket = new WebSocket(address, token ? [...offered, `token.${token}`] : offered);
  known = null;
  socket.addEventListener("open", () => { retry = 0; status = "syncing"; });
  socket.addEventListener("message", (message) => {
    const data = JSON.parse(message.data);
    if (data.type === "update") {
      const merged = merge(data);
      if (merged) handlers.onMessage(merged);
      return;
    }
    if (data.type === "state") known = data;
    handlers.onMessage(data);
  });
  socket.addEventListener("close", (closed) => {
    if (closed.code === 4404) { status = "missing"; handlers.onClose(status); return; }
    if (closed.code >= 4000) { status = "failed"; handlers.onClose(status); return; }
    status = "lost";
    handlers.onClose(status);
    setTimeout(connect, Math.min(8000, 400 * 2 ** retry++));
  });
}

// The whole state an update stands for; null (and the whole state asked for) when a
// frame was missed.
function merge(update) {
  if (!known || update.frame !== known.frame + 1) {
    if (known && socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: "sync" }));
    known = null;  // until the whole state asked for (once) arrives
    return null;
  }
  const view = { ...known.view, ...update.view };
  for (const key of update.view_gone || []) delete view[key];
  const state = { ...known, ...update.changed, view };
  for (const key of update.gone || []) delete state[key];
  for (const key of OWN) delete state[key];
  for (const key of OWN) if (key in update) state[key] = update[key];
  for (const key of ["table", "game", "seat"]) if (key in update) state[key] = update[key];
  state.type = "state";
  known = state;
  return state;
}

export function connectionStatus() { return status; }

// A state has arrived: after a (re)opening the table takes input again.
export function synced() { if (status === "syncing") status = "open"; }

// While the connection is down the table takes no input.
export function online() { return status === "open" && socket?.readyState === WebSocket.OPEN; }

export function send(message) {
  if (online()) socket.send(JSON.stringify(message));
}

// The server gave this browser a seat: its token opens the socket from now on.
export function keepToken(value) {
  token = value;
  localStorage.setItem(tokenKey, token);
}

// The server refused the token: it is forgotten.
export function forgetToken() {
  localStorage.removeItem(tokenKey);
  token = "";
}
