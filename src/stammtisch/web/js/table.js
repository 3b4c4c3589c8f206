// The table page: one socket to the server, which sends this seat's view (or the
// public one to a watcher) and the public events; actions go back in the notation,
// from buttons, cards or the keyboard. Before the deal the waiting room (seating.js).
// This file wires the parts: the socket (connection.js), what the page knows
// (state.js), what it does by itself in time (timers.js), how a person picks an action
// (choosing.js), and the drawing (render.js, tableparts.js).
import { has, t } from "./i18n.js";
import { header } from "./page.js";
import { stateArrived } from "./seating.js";
import { forgetToken, keepToken, keepTokenOf, online, openConnection, send, synced } from "./connection.js";
import { current, hintCame, hintGivenUp, hintQueued, myLegal, noteMoved, say, takeCatalog, takeState } from "./state.js";
import { noteClock } from "./turnclock.js";
import {
  acting, announceTurn, canPremove, closeSummary, confirmPremove, connectionLost, dropPremove, noteDealEnd, planForced,
  setTitle, startTimers, summaryIndex, tickEverySecond, togglePremove,
} from "./timers.js";
import { candidates, clearSelection, keepLegalSelection, listenToKeys, toggleCard } from "./choosing.js";
import { render, startDrawing } from "./render.js";
import { startTalk, talkHeard, talkState } from "./talk.js";

const tableId = decodeURIComponent(location.pathname.split("/").pop());

// "seq" names the state the action was chosen in; the server refuses it if the table moved on.
// Acting also puts the finished deal's summary away (timers.js).
function act(action) {
  if (!online()) return;
  acting();
  clearSelection();
  say("");
  send({ type: "act", action, seq: current()?.seq ?? 0 });
}

function clickCard(code) {
  if (canPremove()) { togglePremove(code); return; }
  const action = toggleCard(myLegal(), code);
  if (action) { act(action); return; }
  say("");
  render();
}

function receive(message) {
  if (message.type === "state") {
    takeState(message);
    noteClock(message);
    talkState(message);
    synced();
    stateArrived();
    noteDealEnd();
    keepLegalSelection(myLegal());
    if (confirmPremove()) return;
    announceTurn();
    planForced();
  } else if (message.type === "talk") {
    talkHeard(message);
  } else if (message.type === "moved") {
    goOn(message);
  } else if (message.type === "seated") {
    keepToken(message.token);
    say("");
  } else if (message.type === "error") {
    if (message.code === "stale") return;  // the fresh state follows at once
    if (message.code === "bad_token") {
      forgetToken();
      say(t("ui.bad_token"));
    } else {
      // The server's text names the details (in English); a known code is said in the page's language.
      say(message.code === "busy" && message.wait ? t("err.busy_wait", { seconds: message.wait })
        : has(`err.${message.code}`) ? t(`err.${message.code}`) : message.message);
      if (["busy", "server", "not_now"].includes(message.code)) hintGivenUp();
    }
  } else if (message.type === "hint_queued") {
    hintQueued(message.seq, message.place);
  } else if (message.type === "hint") {
    hintCame(message.seq, message.advice);
    say("");
  }
  render();
}

// "Play again" moved the players to a new table: this seat's token there, and there.
function goOn(message) {
  noteMoved(message.table);
  if (message.token) {
    keepTokenOf(message.table, message.token);
    location.assign(`/table/${encodeURIComponent(message.table)}`);
  }
}

function closed(status) {
  if (status === "lost") {
    connectionLost();
    clearSelection();
  }
  render();
}

listenToKeys({
  escape() {
    clearSelection();
    dropPremove();
    say("");
    if (summaryIndex() !== null) closeSummary(); else render();
  },
  online,
  summaryOpen: () => summaryIndex() !== null,
  closeSummary,
  exact: () => candidates(myLegal()).exact,
  act,
  clickCard,
});
startTimers(tableId, { act, render });
startDrawing(tableId, { act, clickCard });
startTalk(tableId, render);
header(render, { settings: true });
render();
openConnection(tableId, { onMessage: receive, onClose: closed });
fetch("/api/games").then((r) => r.json()).then((list) => { takeCatalog(list); render(); })
  .catch(() => { /* without the list the owner's computer choices stay hidden */ });
tickEverySecond();
document.addEventListener("visibilitychange", setTitle);
