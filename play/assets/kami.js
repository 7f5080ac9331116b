'use strict';
// The kami page: the board is the server's `kami::svg` picture; moves recolour its
// triangles in the order the library's flood fill visits them.

let game = null; // { text, rows, cols, par, palette, moves, history, query }
let colour = null;
let fills = {};
let symbols = {};
let cursor = null;

function grid(text) { return text.split('\n').filter((l) => l && !l.startsWith('#')); }

function polygons() { return document.querySelectorAll('[data-testid=board] polygon[data-r]'); }

// The position of colour `ch` in the palette, from 1 (its digit key).
function colourNumber(ch) { return game.palette.findIndex((p) => p.colour === ch) + 1; }

// Gives triangle `p` colour `ch`: its fill, its symbol (`data-symbol` and the drawn one)
// and its accessible name.
function recolour(p, ch) {
  p.setAttribute('data-value', ch);
  p.setAttribute('fill', fills[ch]);
  p.setAttribute('stroke', fills[ch]);
  p.setAttribute('data-symbol', symbols[ch]);
  const mark = document.getElementById(`kami-symbol-at-${p.dataset.r}-${p.dataset.c}`);
  if (mark) mark.setAttribute('href', `#kami-symbol-${ch}`);
  const hint = p.hasAttribute('data-hint') ? ', hinted' : '';
  p.setAttribute('aria-label', `${place(Number(p.dataset.c), Number(p.dataset.r))}: colour ${colourNumber(ch)}, ${symbols[ch]}${hint}`);
}

function paint(text) {
  const rows = grid(text);
  for (const m of document.querySelectorAll('.hint-mark')) m.remove();
  for (const p of polygons()) {
    p.removeAttribute('data-hint');
    recolour(p, rows[Number(p.dataset.r)][Number(p.dataset.c)]);
  }
  if (cursor) cursor.refresh();
}

function report() {
  const par = game.par == null ? '' : ` (par ${game.par})`;
  const solved = new Set(grid(game.text).join('').replace(/\./g, '')).size === 1;
  if (solved) {
    const verdict = game.par == null ? '' : game.moves <= game.par ? ': par made' : `: ${game.moves - game.par} over par`;
    setStatus(`solved in ${game.moves} moves${par}${verdict}`, 'won');
  } else {
    setStatus(`${game.moves} moves${par}`);
  }
}

function choose(c) {
  colour = c;
  for (const b of document.querySelectorAll('.palette button')) {
    b.classList.toggle('selected', b.dataset.colour === c);
    b.setAttribute('aria-pressed', b.dataset.colour === c ? 'true' : 'false');
  }
}

// Shows or hides the symbols on the board and the palette (the share link keeps it).
function showSymbols() {
  const on = $('#symbols').checked;
  $('#board-box').classList.toggle('no-symbols', !on);
  $('[data-testid=palette]').classList.toggle('no-symbols', !on);
}

// Points the share link at `query`, with `symbols=0` when the symbols are off.
function shareKami(query) {
  share($('#symbols').checked ? query : { ...query, symbols: 0 });
}

// Shows the level's code and points the share link at it (its text when it has none).
function shareLevel(answer) {
  const extra = $('#symbols').checked ? {} : { symbols: 0 };
  if (answer.code) showCode(answer.code, extra);
  else shareKami({ level: answer.text });
}

function show(answer) {
  game = { ...answer, moves: 0, history: [] };
  fills = Object.fromEntries(answer.palette.map((p) => [p.colour, p.fill]));
  symbols = Object.fromEntries(answer.palette.map((p) => [p.colour, p.symbol]));
  const box = $('#board-box');
  box.innerHTML = answer.svg;
  // Drawn at kami::svg's own size, scaled up to a comfortable height.
  const picture = box.querySelector('svg');
  const scale = Math.max(1, Math.min(3, 540 / Number(picture.getAttribute('height')), 640 / Number(picture.getAttribute('width'))));
  picture.setAttribute('width', Number(picture.getAttribute('width')) * scale);
  picture.setAttribute('height', Number(picture.getAttribute('height')) * scale);
  for (const p of polygons()) {
    p.style.cursor = 'pointer';
    p.id = `tri-${p.dataset.r}-${p.dataset.c}`;
    p.setAttribute('role', 'img');
    p.addEventListener('click', () => { if (busyCount === 0) tap(Number(p.dataset.r), Number(p.dataset.c)); });
  }
  const palette = $('[data-testid=palette]');
  palette.replaceChildren(...answer.palette.map((p, i) => {
    const b = document.createElement('button');
    b.dataset.testid = `colour-${p.colour}`;
    b.dataset.colour = p.colour;
    b.dataset.symbol = p.symbol;
    b.style.background = p.fill;
    b.innerHTML = p.icon;
    b.title = `colour ${i + 1}: ${p.symbol} (key ${i + 1})`;
    b.setAttribute('aria-label', `colour ${i + 1}: ${p.symbol}`);
    b.addEventListener('click', () => choose(p.colour));
    return b;
  }));
  choose(answer.palette[0].colour);
  paint(game.text);
  $('#paste').value = answer.text;
  setNote(game.par == null ? 'par unknown: the solver ran out of time' : '');
  report();
}

async function tap(r, c) {
  if (!colour) return;
  await act(async () => {
    const answer = await api('kami/play', { text: game.text, row: r, col: c, colour });
    if (!answer.changed.length) return;
    game.history.push(game.text);
    game.text = answer.text;
    game.moves += 1;
    setNote('');
    const byCell = {};
    for (const p of polygons()) byCell[`${p.dataset.r},${p.dataset.c}`] = p;
    const step = Math.max(1, Math.ceil(answer.changed.length / 40));
    for (let i = 0; i < answer.changed.length; i++) {
      const [rr, cc] = answer.changed[i];
      recolour(byCell[`${rr},${cc}`], colour);
      if (i % step === step - 1) await sleep(12);
    }
    paint(game.text);
    report();
  });
}

async function load(query) {
  setStatus('generating a level and proving its par…');
  const answer = await api('kami/new', query);
  show(answer);
  $('#size').value = query.size;
  $('#colors').value = query.colors;
  $('#regions').value = query.regions;
  $('#seed').value = answer.seed;
  shareLevel(answer);
}

async function loadText(text) {
  setStatus('reading the level…');
  const answer = await api('kami/level', { text });
  show(answer);
  shareLevel(answer);
}

async function loadCode(code) {
  setStatus('reading the code and proving its par…');
  const answer = await api('kami/open', { code });
  show(answer);
  shareLevel(answer);
}

button('new', () => act(() => load({ size: $('#size').value, colors: Number($('#colors').value), regions: Number($('#regions').value) })));
button('undo', () => {
  if (!game.history.length) return;
  game.text = game.history.pop();
  game.moves -= 1;
  paint(game.text);
  report();
});
button('hint', () => act(async () => {
  const answer = await api('kami/hint', { text: game.text });
  if (!answer.moves.length) { setNote(answer.moves_left === 0 ? 'already one colour' : 'no hint: the search ran out of time'); return; }
  const m = answer.moves[0];
  paint(game.text);
  const p = document.querySelector(`[data-testid=board] polygon[data-r="${m.row}"][data-c="${m.col}"]`);
  p.setAttribute('data-hint', '1');
  recolour(p, p.dataset.value);
  markShape(p, 'hint-mark', { width: 4, dash: null }); // a solid frame; the cursor's is dashed
  choose(m.colour);
  setNote(`hint: tap the outlined triangle with colour ${m.colour}; ${answer.moves_left} moves left from here` + (answer.optimal ? ' (optimal)' : ''));
}));
button('solve', () => act(async () => {
  const answer = await api('kami/solve', { text: game.text });
  if (!answer.moves.length) { setNote('no solution found in time'); return; }
  setNote(`${answer.optimal ? 'an optimal' : 'a'} solution from here: ${answer.moves.length} moves`);
  for (const m of answer.moves) {
    choose(m.colour);
    await tap(m.row, m.col);
    await sleep(300);
  }
}));
cursor = gridCursor({
  box: $('#board-box'),
  cells: () => [...polygons()],
  position: (el) => ({ x: Number(el.dataset.c), y: Number(el.dataset.r) }),
  act: (el) => tap(Number(el.dataset.r), Number(el.dataset.c)),
  keys: Object.assign({ h: () => press('hint'), u: () => press('undo'), 'Ctrl+z': () => press('undo') },
    ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => ({ [String(n)]: () => { if (game && game.palette[n - 1]) choose(game.palette[n - 1].colour); } }))),
});
$('#symbols').addEventListener('change', () => {
  showSymbols();
  const q = Object.fromEntries(params());
  delete q.symbols;
  shareKami(q);
});

codeBox('kami', loadCode);

$('#load').addEventListener('click', () => { if (busyCount === 0) act(() => loadText($('#paste').value)); });

act(() => {
  const p = params();
  $('#symbols').checked = p.get('symbols') !== '0';
  showSymbols();
  if (p.get('code') !== null) return loadCode(p.get('code'));
  if (p.get('level') !== null) return loadText(p.get('level'));
  const q = { size: p.get('size') || '10x29', colors: Number(p.get('colors') || 4), regions: Number(p.get('regions') || 24) };
  if (p.get('seed') !== null) q.seed = Number(p.get('seed'));
  return load(q);
});
