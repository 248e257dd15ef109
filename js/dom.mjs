// The table's builder (ui/dom.py): Python describes a region's elements as JSON, and this
// makes them in one call, where making them from Python would cross into JavaScript for
// every element, class, attribute and child. An element is [tag, class, text, [name, value,
// ...], [children]]; a string is text; {"$": i} is refs[i], a node Python already holds.
// Text goes in as text (textContent, text nodes), never as HTML.
// Loaded before PyScript (index.html), so the functions are there when Python first draws.
let refs = [];
const make = (v) => {
  if (typeof v === "string") return document.createTextNode(v);
  if (!Array.isArray(v)) return refs[v.$];
  const [tag, cls, text, attrs, kids] = v;
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== null) node.textContent = text;
  for (let i = 0; i < attrs.length; i += 2) node.setAttribute(attrs[i], attrs[i + 1]);
  for (const kid of kids) node.append(make(kid));
  return node;
};
// fill: the region's children become the ones described, changing only what differs, so
// what stays the same keeps its node (and its focus), and the browser restyles only what
// changed. Children are matched by data-key, else id, where they have one, else by place.
const keyOf = (v) => {
  if (!Array.isArray(v)) return null;
  const attrs = v[3];
  let id = null;
  for (let i = 0; i < attrs.length; i += 2) {
    if (attrs[i] === "data-key") return attrs[i + 1];
    if (attrs[i] === "id") id = attrs[i + 1];
  }
  return id;
};
const nodeKey = (n) => (n.nodeType === 1 ? n.getAttribute("data-key") || n.id || null : null);
const FORM = new Set(["INPUT", "SELECT", "TEXTAREA", "OPTION"]);
const patch = (node, v) => {  // node: an element of v's tag
  if (FORM.has(node.tagName)) {  // a control's state is not its attributes: same, or anew
    const fresh = make(v);
    if (fresh.isEqualNode(node)) return node;
    // ... except the focused one (a slider moved by its keys, a chooser): made anew it would
    // drop the focus to the page, so it stays and takes the new one's attributes, options
    // and value.
    if (node !== document.activeElement || node.type !== fresh.type) return fresh;
    for (const name of node.getAttributeNames()) if (!fresh.hasAttribute(name)) node.removeAttribute(name);
    for (const name of fresh.getAttributeNames()) node.setAttribute(name, fresh.getAttribute(name));
    const value = fresh.value;
    if (node.tagName === "SELECT") node.replaceChildren(...fresh.childNodes);
    if (node.tagName !== "OPTION") node.value = value;
    if (node.type === "checkbox" || node.type === "radio") node.checked = fresh.checked;
    return node;
  }
  const [, cls, text, attrs, kids] = v;
  const want = new Map();
  if (cls) want.set("class", cls);
  for (let i = 0; i < attrs.length; i += 2) want.set(attrs[i], attrs[i + 1]);
  for (const name of node.getAttributeNames()) if (!want.has(name)) node.removeAttribute(name);
  for (const [name, value] of want) if (node.getAttribute(name) !== value) node.setAttribute(name, value);
  morph(node, text ? [text, ...kids] : kids);
  return node;
};
const morph = (parent, vkids) => {
  const old = [...parent.childNodes];
  const keyed = new Map();
  for (const n of old) { const k = nodeKey(n); if (k !== null) keyed.set(k, n); }
  const used = new Set();
  const want = vkids.map((v, i) => {
    if (v !== null && typeof v === "object" && !Array.isArray(v)) return refs[v.$];
    const key = keyOf(v);
    let n = key !== null ? keyed.get(key) : old[i];
    if (n && !used.has(n) && (key !== null || nodeKey(n) === null)) {
      if (typeof v === "string" && n.nodeType === 3) {
        used.add(n);
        if (n.data !== v) n.data = v;
        return n;
      }
      if (Array.isArray(v) && n.nodeType === 1 && n.localName === v[0]) {
        used.add(n);
        return patch(n, v);
      }
    }
    return make(v);
  });
  want.forEach((n, i) => { if (parent.childNodes[i] !== n) parent.insertBefore(n, parent.childNodes[i] || null); });
  while (parent.childNodes.length > want.length) parent.lastChild.remove();
};
window.rommiBuild = (json, ...nodes) => {
  refs = nodes;
  return JSON.parse(json).map(make);
};
window.rommiFill = (parent, json, ...nodes) => {
  refs = nodes;
  morph(parent, JSON.parse(json));
};
// patch: each [element, description] pair, the element becomes the one described (changed
// in place when it has that tag, so it keeps its node and its focus).
window.rommiPatch = (json, ...nodes) => {
  refs = nodes;
  for (const [at, v] of JSON.parse(json)) {
    const node = refs[at.$];
    const now = node.localName === v[0] ? patch(node, v) : make(v);
    if (now !== node) node.replaceWith(now);
  }
};
// Focus across a redraw, one call each: before, the focused element's data-key and the
// region (of those the selector names) it is in, as JSON; after, that element focused
// again, unless focus is still on it (focusing forces a layout).
window.rommiFocused = (regions) => {
  const active = document.activeElement;
  const key = active?.getAttribute?.("data-key") ?? null;
  return JSON.stringify([key, (regions && active?.closest?.(regions)?.id) || null]);
};
window.rommiRefocus = (key) => {
  if (document.activeElement?.getAttribute?.("data-key") === key) return;
  // Where the element stood before: the view need not scroll (which would lay out now).
  document.querySelector(`[data-key="${CSS.escape(key)}"]`)?.focus({ preventScroll: true });
};
// The hand's one Tab stop: the card with data-key ``key`` gets tabindex 0, the rest -1
// (one call, where setting each card's from Python would cross into JavaScript per card).
window.rommiTabStop = (box, key) => {
  for (const card of box.children) card.tabIndex = card.getAttribute("data-key") === key ? 0 : -1;
};
