'use strict';
// Shared helpers of the playground's pages: the JSON API, SVG building, the status line,
// the share link, the `data-busy` flag that browser tests wait on, and the keyboard
// cursor every board uses (`gridCursor`).

const SVGNS = 'http://www.w3.org/2000/svg';
let busyCount = 0;

function busy(on) {
  busyCount = Math.max(0, busyCount + (on ? 1 : -1));
  document.body.dataset.busy = busyCount > 0 ? '1' : '0';
}

// POSTs `body` as JSON to `/api/<path>` (GET when body is undefined); throws the server's
// error message on a non-2xx answer.
async function api(path, body) {
  busy(true);
  try {
    const init = body === undefined ? {} : {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
    };
    const response = await fetch('/api/' + path, init);
    const data = await response.json().catch(() => ({ error: 'bad answer from the server' }));
    if (!response.ok) throw new Error(data.error || ('HTTP ' + response.status));
    return data;
  } finally {
    busy(false);
  }
}

function svg(tag, attrs, parent) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

function $(selector) { return document.querySelector(selector); }

// The status line is a live region (`role="status"`): screen readers read each change.
function setStatus(text, kind) {
  const s = $('[data-testid=status]');
  s.textContent = text;
  s.className = 'status' + (kind ? ' ' + kind : '');
}

function setNote(text) { const n = $('.note'); if (n) n.textContent = text || ''; }

function sleep(ms) { return new Promise((r) => setTimeout(r, ms)); }

// Runs an async action with the busy flag up and errors shown in the status line.
async function act(f) {
  busy(true);
  try { await f(); } catch (e) { setStatus(e.message, 'error'); } finally { busy(false); }
}

function params() { return new URLSearchParams(location.search); }

// Points the share link (and the address bar) at the puzzle on screen.
function share(query) {
  const url = location.pathname + '?' + new URLSearchParams(query).toString();
  history.replaceState(null, '', url);
  const a = $('[data-testid=share]');
  if (a) a.href = url;
}

// A stable colour for a label (shisen tiles).
function labelColour(label) {
  let h = 0;
  for (const ch of label) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return 'hsl(' + ((h * 137) % 360) + ', 55%, 82%)';
}

function button(testid, f) {
  const b = $('[data-testid=' + testid + ']');
  if (b) b.addEventListener('click', () => { if (busyCount === 0) f(); });
}

// Presses the button `testid` (what a page's keys do: the same handler as a click).
function press(testid) {
  const b = $('[data-testid=' + testid + ']');
  if (b) b.click();
}

// "row 3, column 5": a cell's position for its accessible name, counted from 1.
function place(x, y) { return `row ${y + 1}, column ${x + 1}`; }

// Draws a mark over the cell `el` of an SVG board (its polygon's outline, or its box):
// a thick white line under a thinner line in `style` ({ width, dash }), in screen pixels,
// so that it shows on light and dark cells alike. The mark has the class `cls` and lets
// clicks through.
function markShape(el, cls, style) {
  const root = el.ownerSVGElement;
  if (!root) return;
  for (const [stroke, width, dash] of [['#fff', style.width + 3, null], ['#000', style.width, style.dash]]) {
    let m;
    if (el.tagName === 'polygon') {
      m = svg('polygon', { points: el.getAttribute('points') });
    } else {
      const b = el.getBBox();
      m = svg('rect', { x: b.x + 2, y: b.y + 2, width: Math.max(1, b.width - 4), height: Math.max(1, b.height - 4), rx: 4 });
    }
    const attrs = { class: cls, fill: 'none', stroke, 'stroke-width': width, 'vector-effect': 'non-scaling-stroke',
      'pointer-events': 'none', 'aria-hidden': 'true', 'stroke-linejoin': 'round' };
    if (dash) attrs['stroke-dasharray'] = dash;
    for (const [k, v] of Object.entries(attrs)) m.setAttribute(k, v);
    root.appendChild(m);
  }
}

// The keyboard cursor of a board, one helper for every page. `box` is the focusable
// element around the board (Tab reaches it); `cells()` lists the cells the cursor may
// stand on (elements), `position(el)` gives a cell's { x, y } (column, row); `act(el)`
// runs on Enter or Space; `keys` maps more keys ('h', 'u', 'Ctrl+z', '1', 'Escape', …) to
// actions; with `arrows: false` the page keeps the arrow keys for itself.
//
// The arrow keys move the cursor to the nearest cell that way, skipping gaps (holes,
// removed tiles); the cell under it carries `data-cursor="true"`, an outline, and is the
// board's `aria-activedescendant`. Pages call `refresh()` after each redraw.
function gridCursor(options) {
  const box = options.box;
  const at = { x: 0, y: 0 };
  box.tabIndex = 0;
  function all() { return options.cells().map((el) => ({ el, ...options.position(el) })); }
  function refresh() {
    for (const old of box.querySelectorAll('[data-cursor]')) old.removeAttribute('data-cursor');
    for (const old of box.querySelectorAll('.cursor-mark')) old.remove();
    const cells = all();
    if (!cells.length) { box.removeAttribute('aria-activedescendant'); return null; }
    let best = cells[0], bestDistance = Infinity;
    for (const c of cells) {
      const d = Math.abs(c.x - at.x) + Math.abs(c.y - at.y);
      if (d < bestDistance) { best = c; bestDistance = d; }
    }
    at.x = best.x;
    at.y = best.y;
    best.el.setAttribute('data-cursor', 'true');
    if (!best.el.id) best.el.id = `cell-${best.x}-${best.y}`;
    box.setAttribute('aria-activedescendant', best.el.id);
    markShape(best.el, 'cursor-mark', { width: 3, dash: '7 4' });
    return best;
  }
  // The nearest cell in direction (dx, dy): the straight line first, then the closest
  // cell on that side.
  function move(dx, dy) {
    let best = null, bestScore = Infinity;
    for (const c of all()) {
      const along = dx ? (c.x - at.x) * dx : (c.y - at.y) * dy;
      const across = dx ? Math.abs(c.y - at.y) : Math.abs(c.x - at.x);
      if (along <= 0) continue;
      const score = along + 3 * across;
      if (score < bestScore) { best = c; bestScore = score; }
    }
    if (best) { at.x = best.x; at.y = best.y; }
    refresh();
  }
  box.addEventListener('keydown', (e) => {
    if (e.altKey || e.metaKey) return;
    const step = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] }[e.key];
    if (step && !e.ctrlKey) {
      if (options.arrows === false) return;
      e.preventDefault();
      move(step[0], step[1]);
      return;
    }
    if ((e.key === 'Enter' || e.key === ' ') && !e.ctrlKey) {
      e.preventDefault();
      if (busyCount > 0 || !options.act) return;
      const c = refresh();
      if (c) options.act(c.el);
      return;
    }
    const name = (e.ctrlKey ? 'Ctrl+' : '') + (e.key.length === 1 ? e.key.toLowerCase() : e.key);
    const f = (options.keys || {})[name];
    if (!f) return;
    e.preventDefault();
    if (busyCount === 0) f();
  });
  return { refresh, move, at };
}

// The puzzle code on screen (`[data-testid=code]`), and the share link pointing at it: a
// code holds the puzzle itself, so the link stays the same puzzle whatever later versions
// of the generators do. `extra` adds page settings to the link (kami's `symbols=0`).
function showCode(code, extra) {
  const shown = $('[data-testid=code]');
  if (shown) shown.textContent = code || '';
  if (code) share({ code, ...(extra || {}) });
}

// The "open a code" box: a code of this page's game opens here with `open(code)`; any
// other code goes to `/?code=…`, which opens it on its own game's page.
function codeBox(game, open) {
  const input = $('[data-testid=code-input]');
  const go = () => {
    const code = input.value.trim();
    if (!code || busyCount > 0) return;
    if (code.startsWith(game + ':')) act(() => open(code));
    else location.href = '/?code=' + encodeURIComponent(code);
  };
  button('open-code', go);
  input.addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); go(); } });
}
