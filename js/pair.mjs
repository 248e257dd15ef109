// Playing online in one room with no Internet: two browsers paired by a link (or its QR code)
// that carries a compact offer, and a link back that carries the answer. No relay and no STUN
// server: plain RTCPeerConnection with iceServers [] and one negotiated data channel; only the
// parts of the SDP that differ between connections travel (ICE user and password, the DTLS
// fingerprint, the host candidates), and a whole SDP is rebuilt from them on the other side.
// Exposes the same connection as js/online.mjs's join() (js/channel.mjs: selfId, send,
// onMessage, onPeer, onTrouble, peers, leave), so the page's session uses either; plus
// offer()/accept()/drop() for the host (one pairing per guest: each adds a peer) and answer for
// the guest.
// Text only: Python (py/ui/online/pairing.py) checks a code's form before it reaches here.
import { channel } from "./channel.mjs";

// A compact code: "1.o.<ufrag>.<pwd>.<fingerprint>.<candidates>" (an offer) or
// "1.a.<ufrag>.<pwd>.<fingerprint>.<offer's ufrag>~<candidates>" (an answer): the fingerprint
// is the SHA-256 as base64url (43 characters), each candidate "<host>_<port>" joined by "~",
// an mDNS name's UUID as base64url (22 characters) or an IPv4 address as dotted digits.
const MOST_CANDIDATES = 4;

const b64url = (bytes) =>
  btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const unb64url = (text) => {
  const plain = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(plain, (c) => c.charCodeAt(0));
};
const hex = (bytes) => [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");

function compactHost(address) {
  const mdns = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/i.exec(address);
  if (mdns) {
    const digits = mdns.slice(1).join("");
    return b64url(Uint8Array.from(digits.match(/../g), (h) => parseInt(h, 16)));
  }
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(address)) return address;
  return null; // IPv6 and anything else: not carried (the code stays short)
}

function fullHost(compact) {
  if (compact.includes(".")) return compact;
  const h = hex(unb64url(compact));
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}.local`;
}

// The parts of a local description that the other side needs, as a compact code.
export function encode(sdp, kind, to = "") {
  const line = (name) => (sdp.match(new RegExp(`^a=${name}:(.*)$`, "m")) || [])[1]?.trim();
  const fingerprint = line("fingerprint").split(" ")[1].split(":").map((h) => parseInt(h, 16));
  const candidates = [];
  for (const m of sdp.matchAll(/^a=candidate:\S+ 1 udp \d+ (\S+) (\d+) typ host/gim)) {
    const host = compactHost(m[1]);
    if (host && candidates.length < MOST_CANDIDATES) candidates.push(`${host}_${m[2]}`);
  }
  const tail = [to, ...candidates].filter((part, i) => i > 0 || kind === "a").join("~");
  return ["1", kind, line("ice-ufrag"), line("ice-pwd"), b64url(fingerprint), tail].join(".");
}

// A compact code's parts (its form already checked by Python).
export function decode(code) {
  const [version, kind, ufrag, pwd, fingerprint, ...rest] = code.split(".");
  if (version !== "1") throw new Error("not a pairing code");
  const parts = rest.join(".").split("~");
  const to = kind === "a" ? parts.shift() : "";
  const candidates = parts.filter(Boolean).map((c) => {
    const at = c.lastIndexOf("_");
    return { host: fullHost(c.slice(0, at)), port: Number(c.slice(at + 1)) };
  });
  return { kind, ufrag, pwd, fingerprint: [...unb64url(fingerprint)], to, candidates };
}

// A whole SDP for one data channel from a code's parts.
export function rebuild(parts) {
  const fp = parts.fingerprint.map((b) => b.toString(16).padStart(2, "0").toUpperCase()).join(":");
  const lines = [
    "v=0",
    `o=- ${Date.now()} 2 IN IP4 127.0.0.1`,
    "s=-",
    "t=0 0",
    "a=group:BUNDLE 0",
    "a=msid-semantic: WMS",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
    "c=IN IP4 0.0.0.0",
    ...parts.candidates.map(
      (c, i) => `a=candidate:${i + 1} 1 udp ${2122260223 - i} ${c.host} ${c.port} typ host generation 0`,
    ),
    `a=ice-ufrag:${parts.ufrag}`,
    `a=ice-pwd:${parts.pwd}`,
    `a=fingerprint:sha-256 ${fp}`,
    `a=setup:${parts.kind === "o" ? "actpass" : "active"}`,
    "a=mid:0",
    "a=sctp-port:5000",
    "a=max-message-size:262144",
  ];
  return lines.join("\r\n") + "\r\n";
}

async function gathered(pc) {
  if (pc.iceGatheringState === "complete") return;
  await new Promise((resolve) => {
    const done = () => {
      if (pc.iceGatheringState === "complete") resolve();
    };
    pc.addEventListener("icegatheringstatechange", done);
    pc.addEventListener("icecandidate", (e) => e.candidate || resolve());
  });
}

function randomId() {
  return hex(crypto.getRandomValues(new Uint8Array(10)));
}

// The connection both ends hand to Python (js/channel.mjs, as js/online.mjs's), over one
// RTCPeerConnection per peer; `peer(peerId)` makes one.
function connection() {
  const { tell, connection: over } = channel();
  const channels = new Map(); // peerId -> open RTCDataChannel
  const connections = new Map(); // peerId -> its RTCPeerConnection
  // One peer: a new RTCPeerConnection and its data channel (negotiated: both ends make it).
  const peer = (peerId) => {
    const pc = new RTCPeerConnection({ iceServers: [] });
    connections.set(peerId, pc);
    const channel = pc.createDataChannel("text", { negotiated: true, id: 0 });
    channel.onopen = () => {
      channels.set(peerId, channel);
      tell("peer", peerId, true);
    };
    channel.onclose = () => {
      if (channels.get(peerId) === channel) {
        channels.delete(peerId);
        tell("peer", peerId, false);
      }
    };
    channel.onmessage = (e) => {
      if (typeof e.data === "string") tell("message", e.data, peerId);
    };
    pc.onconnectionstatechange = () => {
      if (pc.connectionState === "failed") tell("trouble", "the devices could not reach each other", peerId);
    };
    return pc;
  };
  // One peer let go (its pairing unused, or the host refused it): its connection closed.
  const drop = (peerId) => {
    const pc = connections.get(peerId);
    connections.delete(peerId);
    if (pc) pc.close();
    const open = channels.get(peerId);
    if (open) {
      channels.delete(peerId);
      tell("peer", peerId, false);
    }
  };
  const shared = over({
    selfId: randomId(),
    deliver(message, peerId) {
      const targets = peerId ? [channels.get(peerId)] : [...channels.values()];
      let failed = null;
      for (const open of targets) {
        try {
          if (!open) throw new Error("no such peer");
          open.send(message);
        } catch (error) {
          failed = failed || error;
        }
      }
      if (failed) throw failed;
    },
    peers: () => [...channels.keys()],
    close: () => {
      for (const pc of connections.values()) pc.close();
      connections.clear();
      channels.clear();
    },
  });
  return { shared, peer, drop };
}

// The host: offer() makes a new pairing (a code for one guest's link, and the peer id its guest
// will have); accept(code) takes that guest's answer, after which its data channel opens and
// onPeer says so; drop(peerId) closes one guest's connection. Offers not yet answered wait, the
// newest MOST_WAITING of them (a link shown earlier may still be answered).
const MOST_WAITING = 8;
export function host() {
  const { shared, peer, drop } = connection();
  const waiting = new Map(); // the offer's ICE user -> [peerId, its RTCPeerConnection]
  let count = 0;
  return {
    ...shared,
    drop,
    async offer() {
      count += 1;
      const peerId = `guest-${count}`;
      const pc = peer(peerId);
      await pc.setLocalDescription(await pc.createOffer());
      await gathered(pc);
      const code = encode(pc.localDescription.sdp, "o");
      waiting.set(code.split(".")[2], [peerId, pc]);
      for (const [ufrag, [oldest]] of [...waiting].slice(0, -MOST_WAITING)) {
        waiting.delete(ufrag);
        drop(oldest);
      }
      return { code, peer: peerId };
    },
    async accept(code) {
      const parts = decode(code);
      const [peerId, pc] = waiting.get(parts.to) || [];
      if (parts.kind !== "a" || !pc) throw new Error("this answer is not for a pairing made here");
      waiting.delete(parts.to);
      await pc.setRemoteDescription({ type: "answer", sdp: rebuild(parts) });
      return peerId;
    },
  };
}

// A guest: the offer from the host's link; `answer` (a promise) is the code to send back.
export function guest(code) {
  const { shared, peer } = connection();
  const parts = decode(code);
  const pc = peer("host");
  const answer = (async () => {
    await pc.setRemoteDescription({ type: "offer", sdp: rebuild(parts) });
    await pc.setLocalDescription(await pc.createAnswer());
    await gathered(pc);
    return encode(pc.localDescription.sdp, "a", parts.ufrag);
  })();
  return { ...shared, answer };
}
