// The connection object the page's Python reads (py/browser/online.py's Connection), one for
// every transport: js/online.mjs (peers met through relays) and js/pair.mjs (peers paired by
// links). Each transport says how it sends and closes; this module holds what they share, so a
// fix lands once: events told to Python's handlers (those that come before their handler is set
// are kept for it), nothing told after leave(), and a send that fails said as trouble.
// Text only: this module neither parses nor trusts what arrives.

// channel() gives `tell(kind, ...args)` for the transport's events ("message": text, peerId;
// "peer": peerId, joined; "trouble": what, peerId) and `connection({...})`, the object for
// Python, from the transport's `selfId`, `deliver(text, peerId | null)` (may throw, or return a
// promise that rejects), `peers()` and `close()`.
export function channel() {
  const handlers = { message: null, peer: null, trouble: null };
  const early = []; // events that came before their handler was set
  let left = false; // after leave() nothing is told: Python has released its handlers
  const tell = (kind, ...args) => {
    if (left) return;
    if (handlers[kind]) handlers[kind](...args);
    else early.push([kind, args]);
  };
  const listen = (kind) => (handler) => {
    handlers[kind] = handler;
    for (const [, args] of early.filter(([k]) => k === kind)) handler(...args);
    early.splice(0, early.length, ...early.filter(([k]) => k !== kind));
  };
  const connection = ({ selfId, deliver, peers, close }) => ({
    selfId,
    // To one peer, or to every peer when `peerId` is null. A peer gone meanwhile is said as trouble.
    send(message, peerId = null) {
      const trouble = (error) => tell("trouble", String(error), peerId || "");
      try {
        Promise.resolve(deliver(String(message), peerId)).catch(trouble);
      } catch (error) {
        trouble(error);
      }
    },
    onMessage: listen("message"), // (text, peerId) => ...
    onPeer: listen("peer"), // (peerId, joined) => ...
    onTrouble: listen("trouble"), // (what, peerId) => ...: a peer that could not be reached
    peers,
    leave: () => {
      left = true; // the last events (peers leaving) come after this: told to nobody
      close();
    },
  });
  return { tell, connection };
}
