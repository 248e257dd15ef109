// One tab of this browser plays the game at a time (py/browser/tabs.py): the one that holds the Web
// Lock GAME_LOCK (from the table of stores, py/ui/records/stores.py), asked for as the page loads so that
// the answer is there when Python first draws.
// rommiTab.state: "owner" (this tab plays); "waiting" (another tab holds it: this one watches,
// and is queued, so it plays on once that tab closes); "none" (no Web Locks, or refused, as in
// some third-party frames: then the storage events py/browser/tabs.py listens to are all there is).
// take() takes the game over (the other tab's lock is stolen, and it watches in turn).
import { GAME_LOCK } from "./stores.mjs";

const tab = window.rommiTab = { state: "none", onchange: null, take: () => claim(true) };
let queued = false;
const tell = (state) => {
  tab.state = state;
  if (tab.onchange) tab.onchange(state);
};
function claim(steal) {
  if (!steal && queued) return;
  let held = false;
  queued = queued || !steal;
  try {
    navigator.locks.request(GAME_LOCK, steal ? { steal: true } : {}, () => {
      if (!steal) queued = false;
      held = true;
      tell("owner");
      return new Promise(() => {}); // held while this page lives, unless another tab takes it
    }).catch(() => {
      if (!held) {
        if (!steal) queued = false;
        if (tab.state !== "owner") tell("none"); // refused: the storage events decide
      } else {
        tell("waiting"); // taken over by another tab: watch, and play on once it closes
        claim(false);
      }
    });
  } catch {
    queued = false;
    tell("none");
  }
}
function locksAvailable() {
  try {
    return Boolean(window.isSecureContext && navigator.locks);
  } catch {
    return false;
  }
}
if (locksAvailable()) {
  tab.state = "waiting"; // until the lock is granted, in a moment when no other tab holds it
  claim(false);
}
