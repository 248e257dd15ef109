// Playing online, the transport: WebRTC data channels between the players' browsers, which find
// each other through Nostr relays (Trystero's Nostr strategy, bundled by tools/build/build.py into
// vendor/trystero.mjs). Imported only when an online table opens (py/browser/online.py), so a
// game at one device never loads it and never talks to another host. Text only: Python writes
// and checks every message (py/ui/online/); this module neither parses nor trusts what arrives.
import { joinRoom, selfId } from "../vendor/trystero.mjs";

// join({appId, room, password, relays, iceServers}): this browser in the room `room` of the
// application `appId`, signalled through `relays` (ws:// or wss:// addresses; the page's policy
// allows only those the build named, and loopback ones). `password` encrypts the signalling
// (offers and answers) so a relay cannot read or answer them. `iceServers`: STUN/TURN servers
// as RTCIceServer objects; [] asks no other host (peers on one machine or one network).
export function join({ appId, room, password, relays, iceServers = [] }) {
  const handlers = { message: null, peer: null, trouble: null };
  const early = [];  // events that came before their handler was set
  let left = false;  // after leave() nothing is told: Python has released its handlers
  const tell = (kind, ...args) => {
    if (left) return;
    if (handlers[kind]) handlers[kind](...args);
    else early.push([kind, args]);
  };
  const listen = (kind) => (handler) => {
    handlers[kind] = handler;
    for (const [k, args] of early.filter(([k]) => k === kind)) handler(...args);
    early.splice(0, early.length, ...early.filter(([k]) => k !== kind));
  };
  const trystero = joinRoom(
    {
      appId,
      password,
      relayConfig: { urls: [...relays], warnOnRelayFailure: false },
      rtcConfig: { iceServers: [...iceServers] },
    },
    room,
    { onJoinError: (details) => tell("trouble", String(details.error), String(details.peerId || "")) },
  );
  const text = trystero.makeAction("text");
  text.onMessage = (data, context) => {
    if (typeof data === "string") tell("message", data, context.peerId);
  };
  trystero.onPeerJoin = (peerId) => tell("peer", peerId, true);
  trystero.onPeerLeave = (peerId) => tell("peer", peerId, false);
  return {
    selfId,
    // To one peer, or to every peer when `peerId` is null. A peer gone meanwhile is said as trouble.
    send(message, peerId = null) {
      const options = peerId ? { target: peerId } : {};
      text.send(String(message), options).catch((error) => tell("trouble", String(error), peerId || ""));
    },
    onMessage: listen("message"),  // (text, peerId) => ...
    onPeer: listen("peer"),  // (peerId, joined) => ...
    onTrouble: listen("trouble"),  // (what, peerId) => ...: a peer that could not be reached
    peers: () => Object.keys(trystero.getPeers()),
    leave: () => {
      left = true;  // the room's last events (peers leaving) come after this: told to nobody
      trystero.leave();
    },
  };
}
