'use strict';
// The shisen page: tiles are drawn here; the server checks removals (with their paths and
// gravity), hints, shuffles and decides whether the board can still be cleared.

const TW = 40, TH = 52; // tile size
let game = null; // { rows, gravity, seed, width, height, undo, redo }
let selected = null; // [x, y]
let hint = null; // [[x, y], [x, y]]
let path = null; // corners to draw
let cursor = null;

function grid() { return game.rows.map((r) => r.trim().split(/\s+/)); }
function tilesLeft() { return grid().flat().filter((t) => t !== '.').length; }
function same(a, b) { return a && b && a[0] === b[0] && a[1] === b[1]; }

function draw() {
  const { width: w, height: h } = game;
  const board = svg('svg', { 'data-testid': 'board', viewBox: `0 0 ${(w + 2) * TW} ${(h + 2) * TH}`, width: (w + 2) * TW, height: (h + 2) * TH });
  grid().forEach((row, y) => row.forEach((kind, x) => {
    if (kind === '.') return;
    const px = (x + 1) * TW, py = (y + 1) * TH;
    const isSel = same(selected, [x, y]);
    const isHint = hint && (same(hint[0], [x, y]) || same(hint[1], [x, y]));
    const name = `${place(x, y)}: tile ${kind}` + (isSel ? ', selected' : '') + (isHint ? ', hinted' : '');
    const g = svg('g', { 'data-x': x, 'data-y': y, 'data-value': kind, class: 'tile', id: `tile-${x}-${y}`, role: 'img', 'aria-label': name }, board);
    if (isHint) g.setAttribute('data-hint', '1');
    if (isSel) g.setAttribute('data-selected', 'true');
    // Selection and hint differ by the frame's width and pattern, not by colour alone.
    svg('rect', { x: px + 1, y: py + 1, width: TW - 2, height: TH - 2, rx: 4, fill: labelColour(kind),
      stroke: isSel ? '#b00' : isHint ? '#000' : '#555', 'stroke-width': isSel ? 4 : isHint ? 3 : 1,
      'stroke-dasharray': isSel ? '8 4' : isHint ? '2 3' : 'none' }, g);
    const t = svg('text', { x: px + TW / 2, y: py + TH / 2 + 6, 'text-anchor': 'middle', 'font-size': kind.length > 1 ? 14 : 18, 'font-family': 'sans-serif', 'font-weight': 600 }, g);
    t.textContent = kind;
    g.style.cursor = 'pointer';
    g.addEventListener('click', () => { if (busyCount === 0) pick(x, y); });
  }));
  if (path) {
    const points = path.map(([x, y]) => `${(x + 1.5) * TW},${(y + 1.5) * TH}`).join(' ');
    svg('polyline', { points, fill: 'none', stroke: '#d00', 'stroke-width': 4, 'stroke-linejoin': 'round', 'data-testid': 'path' }, board);
  }
  $('#board-box').replaceChildren(board);
  if (cursor) cursor.refresh();
}

function report(hasMoves) {
  const left = tilesLeft();
  if (left === 0) setStatus('cleared: every tile is gone', 'won');
  else if (hasMoves === false) setStatus(`no moves left (${left} tiles): undo or shuffle`, 'error');
  else setStatus(`${left} tiles left`);
}

async function pick(x, y) {
  hint = null;
  if (!selected || same(selected, [x, y])) {
    selected = same(selected, [x, y]) ? null : [x, y];
    draw();
    return;
  }
  const a = selected;
  selected = null;
  await act(async () => {
    const answer = await api('shisen/remove', { rows: game.rows, gravity: game.gravity, a, b: [x, y] });
    if (!answer.removed) { setNote(answer.reason); draw(); return; }
    setNote('');
    path = answer.path;
    draw();
    await sleep(350);
    path = null;
    game.undo.push(game.rows);
    game.redo = [];
    game.rows = answer.rows;
    draw();
    report(answer.has_moves);
  });
}

async function load(query) {
  const answer = await api(query.code ? 'shisen/open' : 'shisen/new', query);
  game = { ...answer, undo: [], redo: [] };
  selected = hint = path = null;
  const size = `${game.width}x${game.height}`;
  if (![...$('#size').options].some((o) => o.value === size)) $('#size').add(new Option(size, size));
  $('#size').value = size;
  $('#gravity').checked = game.gravity;
  $('#seed').value = game.seed ?? '';
  showCode(game.code);
  setNote('');
  draw();
  report(true);
}

async function restore(rows) {
  game.rows = rows;
  selected = hint = null;
  draw();
  const answer = await api('shisen/hint', { rows: game.rows, gravity: game.gravity });
  report(answer.pairs > 0);
}

cursor = gridCursor({
  box: $('#board-box'),
  cells: () => [...document.querySelectorAll('[data-testid=board] g.tile')],
  position: (el) => ({ x: Number(el.dataset.x), y: Number(el.dataset.y) }),
  act: (el) => pick(Number(el.dataset.x), Number(el.dataset.y)),
  keys: {
    h: () => press('hint'), u: () => press('undo'), 'Ctrl+z': () => press('undo'), r: () => press('redo'),
    Escape: () => { selected = null; draw(); },
  },
});

button('new', () => act(() => load({ size: $('#size').value, gravity: $('#gravity').checked })));
button('undo', () => act(async () => {
  if (!game.undo.length) return;
  game.redo.push(game.rows);
  await restore(game.undo.pop());
}));
button('redo', () => act(async () => {
  if (!game.redo.length) return;
  game.undo.push(game.rows);
  await restore(game.redo.pop());
}));
button('hint', () => act(async () => {
  const answer = await api('shisen/hint', { rows: game.rows, gravity: game.gravity });
  if (!answer.hint) { setNote('no pair can be removed'); report(false); return; }
  hint = [answer.hint.a, answer.hint.b];
  selected = null;
  setNote(`${answer.pairs} pairs can be removed` + (answer.clears ? '; this one keeps the board clearable' : ''));
  draw();
}));
button('shuffle', () => act(async () => {
  const answer = await api('shisen/shuffle', { rows: game.rows });
  game.undo.push(game.rows);
  game.redo = [];
  game.rows = answer.rows;
  selected = hint = null;
  draw();
  report(answer.has_moves);
}));
button('verdict', () => act(async () => {
  setNote('searching…');
  const answer = await api('shisen/verdict', { rows: game.rows, gravity: game.gravity });
  setNote({ solvable: 'yes: this board can still be cleared', unsolvable: 'no: no sequence of removals clears this board',
    unknown: 'the search ran out of time before it could tell' }[answer.verdict]);
}));
button('solve', () => act(async () => {
  const answer = await api('shisen/solve', { rows: game.rows, gravity: game.gravity });
  if (answer.verdict !== 'solvable') { setNote(answer.verdict === 'unsolvable' ? 'this board cannot be cleared' : 'the search ran out of time'); return; }
  for (const [a, b] of answer.removals) {
    const r = await api('shisen/remove', { rows: game.rows, gravity: game.gravity, a, b });
    if (!r.removed) { setNote(r.reason); return; }
    path = r.path;
    draw();
    await sleep(200);
    path = null;
    game.undo.push(game.rows);
    game.rows = r.rows;
    draw();
    report(r.has_moves);
  }
}));

codeBox('shisen', (code) => load({ code }));

act(() => {
  const p = params();
  if (p.get('code') !== null) return load({ code: p.get('code') });
  const q = { size: p.get('size') || '18x8', gravity: p.get('gravity') === '1' };
  if (p.get('seed') !== null) q.seed = Number(p.get('seed'));
  return load(q);
});
