'use strict';
// Shared helpers of the playground's pages: the JSON API, SVG building, the status line,
// the share link and the `data-busy` flag that browser tests wait on.

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
