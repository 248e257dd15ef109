// Playing online, the transport: WebRTC data channels between the players' browsers, which find
// each other through Nostr relays (Trystero's Nostr strategy, bundled by tools/build/build.py into
// vendor/trystero.mjs). Imported only when an online table opens (py/browser/online.py), so a
// game at one device never loads it and never talks to another host. Text only: Python writes
// and checks every message (py/ui/online/); this module neither parses nor trusts what arrives.
import { joinRoom, selfId } from "../vendor/trystero.mjs";
import { channel } from "./channel.mjs";

// join({appId, room, password, relays, iceServers}): this browser in the room `room` of the
// application `appId`, signalled through `relays` (ws:// or wss:// addresses; the page's policy
// allows only those the build named, and loopback ones). `password` encrypts the signalling
// (offers and answers) so a relay cannot read or answer them. `iceServers`: STUN/TURN servers
// as RTCIceServer objects; [] asks no other host (peers on one machine or one network).
export function join({ appId, room, password, relays, iceServers = [] }) {
  const { tell, connection } = channel();
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
  return connection({
    selfId,
    deliver: (message, peerId) => text.send(message, peerId ? { target: peerId } : {}),
    peers: () => Object.keys(trystero.getPeers()),
    close: () => trystero.leave(),
  });
}
