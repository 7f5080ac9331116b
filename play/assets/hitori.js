'use strict';
// The hitori page: cells are drawn here; the server generates, checks the rules, hints
// and solves.

const S = 40;
let game = null; // { rows, numbers, width, height, seed, difficulty, grade, states, history }
let bad = new Set();
let hinted = null;
let solved = false;

const NEXT = { '.': '#', '#': 'o', 'o': '.' };
// The marks as the cells' `data-state` hook and in their accessible names.
const STATE_NAME = { '.': '', '#': 'shaded', 'o': 'circled' };
let cursor = null;

function draw() {
  const { width: w, height: h } = game;
  const board = svg('svg', { 'data-testid': 'board', viewBox: `0 0 ${w * S} ${h * S}`, width: w * S, height: h * S });
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const state = game.states[y][x];
      const value = game.numbers[y][x];
      const isBad = bad.has(`${x},${y}`);
      const isHint = hinted && hinted[0] === x && hinted[1] === y;
      const name = [STATE_NAME[state], isBad ? 'breaks a rule' : '', isHint ? 'hinted' : ''].filter(Boolean).join(', ');
      const g = svg('g', { 'data-x': x, 'data-y': y, 'data-value': value, 'data-state': STATE_NAME[state], class: 'cell',
        id: `cell-${x}-${y}`, role: 'img', 'aria-label': `${place(x, y)}: ${value}` + (name ? `, ${name}` : '') }, board);
      if (isHint) g.setAttribute('data-hint', '1');
      if (isBad) g.setAttribute('data-broken', 'true');
      svg('rect', { x: x * S, y: y * S, width: S, height: S, fill: state === '#' ? '#2b2b2b' : isHint ? '#ffd166' : '#fff', stroke: '#999' }, g);
      if (isHint) svg('rect', { x: x * S + 3, y: y * S + 3, width: S - 6, height: S - 6, fill: 'none', stroke: '#000', 'stroke-width': 2, 'stroke-dasharray': '2 3' }, g);
      if (state === 'o') svg('circle', { cx: x * S + S / 2, cy: y * S + S / 2, r: S / 2 - 4, fill: 'none', stroke: '#3a6ea5', 'stroke-width': 2 }, g);
      // A broken rule: red, and also bold, underlined and marked "!" (colour is never the only cue).
      const t = svg('text', { x: x * S + S / 2, y: y * S + S / 2 + 6, 'text-anchor': 'middle', 'font-size': 17, 'font-family': 'sans-serif',
        fill: state === '#' ? (isBad ? '#ff8a80' : '#aaa') : isBad ? '#c00' : '#222', 'font-weight': isBad ? 700 : 400,
        'text-decoration': isBad ? 'underline' : 'none' }, g);
      t.textContent = value;
      if (isBad) {
        const mark = svg('text', { x: x * S + S - 5, y: y * S + 13, 'text-anchor': 'end', 'font-size': 12, 'font-weight': 700,
          'font-family': 'sans-serif', fill: state === '#' ? '#fff' : '#000', class: 'broken-mark' }, g);
        mark.textContent = '!';
      }
      g.style.cursor = 'pointer';
      g.addEventListener('click', () => { if (busyCount === 0) mark(x, y); });
    }
  }
  $('#board-box').replaceChildren(board);
  if (cursor) cursor.refresh();
}

async function check() {
  const answer = await api('hitori/check', { rows: game.rows, states: game.states });
  bad = new Set(answer.violations.flatMap((v) => v.cells.map(([x, y]) => `${x},${y}`)));
  const list = $('[data-testid=violations]');
  list.replaceChildren(...answer.violations.map((v) => { const li = document.createElement('li'); li.textContent = v.message; return li; }));
  solved = answer.solved;
  const shaded = game.states.join('').split('#').length - 1;
  if (solved) setStatus(`solved: the one shading that keeps every rule (${shaded} shaded cells)`, 'won');
  else if (answer.violations.length) setStatus(`${answer.violations.length} rule(s) broken`, 'error');
  else setStatus(`${shaded} shaded, no rule broken`);
  draw();
}

function setCell(x, y, state) {
  const row = game.states[y];
  game.states[y] = row.slice(0, x) + state + row.slice(x + 1);
}

function mark(x, y) {
  act(async () => {
    game.history.push(game.states.slice());
    setCell(x, y, NEXT[game.states[y][x]]);
    hinted = null;
    setNote('');
    draw();
    await check();
  });
}

async function load(query) {
  setStatus('generating…');
  const answer = await api(query.code ? 'hitori/open' : 'hitori/new', query);
  game = { ...answer, numbers: answer.rows.map((r) => r.trim().split(/\s+/).map(Number)), history: [] };
  game.states = game.numbers.map((r) => '.'.repeat(r.length));
  hinted = null;
  $('#size').value = game.width;
  $('#difficulty').value = game.difficulty;
  $('#seed').value = game.seed ?? '';
  showCode(game.code);
  setNote(`graded ${game.grade}`);
  await check();
}

cursor = gridCursor({
  box: $('#board-box'),
  cells: () => [...document.querySelectorAll('[data-testid=board] g.cell')],
  position: (el) => ({ x: Number(el.dataset.x), y: Number(el.dataset.y) }),
  act: (el) => mark(Number(el.dataset.x), Number(el.dataset.y)),
  keys: { h: () => press('hint'), u: () => press('undo'), 'Ctrl+z': () => press('undo') },
});

button('new', () => act(() => load({ size: $('#size').value, difficulty: $('#difficulty').value })));
button('undo', () => act(async () => {
  if (!game.history.length) return;
  game.states = game.history.pop();
  hinted = null;
  await check();
}));
button('hint', () => act(async () => {
  const answer = await api('hitori/hint', { rows: game.rows, states: game.states });
  if (!answer.hint) { setNote(bad.size ? 'fix the broken rules first' : 'no deduction left'); return; }
  hinted = answer.hint.cell;
  setNote(`hint: cell ${hinted[0]},${hinted[1]} is ${answer.hint.state} (${answer.hint.rule})`);
  draw();
}));
button('solve', () => act(async () => {
  const answer = await api('hitori/solve', { rows: game.rows });
  if (!answer.solution) { setNote(`no solution found (${answer.class})`); return; }
  game.history.push(game.states.slice());
  game.states = answer.solution;
  hinted = null;
  await check();
}));

codeBox('hitori', (code) => load({ code }));

act(() => {
  const p = params();
  if (p.get('code') !== null) return load({ code: p.get('code') });
  const q = { size: p.get('size') || '8', difficulty: p.get('difficulty') || 'any' };
  if (p.get('seed') !== null) q.seed = Number(p.get('seed'));
  return load(q);
});
