'use strict';
// The fifteen page: the board is drawn here; the server deals, solves and hints.

const S = 64; // cell size
let game = null; // { width, height, tiles, goal, goal_tiles, seed, optimum, moves, history }
let hinted = -1;
let cursor = null;

function won() { return game.tiles.every((t, i) => t === game.goal_tiles[i]); }

function draw() {
  const { width: w, height: h } = game;
  const board = svg('svg', { 'data-testid': 'board', viewBox: `0 0 ${w * S} ${h * S}`, width: w * S, height: h * S });
  game.tiles.forEach((t, i) => {
    const x = i % w, y = Math.floor(i / w);
    const name = t === 0 ? 'blank' : `tile ${t}` + (t === hinted ? ', hinted' : '');
    const g = svg('g', { 'data-x': x, 'data-y': y, 'data-value': t, class: 'tile', id: `tile-${x}-${y}`, role: 'img', 'aria-label': `${place(x, y)}: ${name}` }, board);
    if (t === 0) {
      svg('rect', { x: x * S + 2, y: y * S + 2, width: S - 4, height: S - 4, rx: 6, fill: '#e4e2dc' }, g);
      return;
    }
    const home = game.goal_tiles[i] === t;
    const fill = t === hinted ? '#ffd166' : home ? '#cfe8d5' : '#fdfdfd';
    svg('rect', { x: x * S + 2, y: y * S + 2, width: S - 4, height: S - 4, rx: 6, fill, stroke: '#555',
      'stroke-width': t === hinted ? 3 : 1, 'stroke-dasharray': t === hinted ? '3 3' : 'none' }, g);
    const label = svg('text', { x: x * S + S / 2, y: y * S + S / 2 + 8, 'text-anchor': 'middle', 'font-size': 24, 'font-family': 'sans-serif' }, g);
    label.textContent = t;
    if (t === hinted) g.setAttribute('data-hint', '1');
    g.style.cursor = 'pointer';
    g.addEventListener('click', () => { if (busyCount === 0) slide(t); });
  });
  const box = $('#board-box');
  box.replaceChildren(board);
  if (cursor) cursor.refresh();
}

function counter() {
  const opt = game.optimum == null ? '' : ` (optimum ${game.optimum})`;
  return `${game.moves} moves${opt}`;
}

function report() {
  if (won()) setStatus(`solved in ${counter()}`, 'won');
  else setStatus(counter());
}

// Slides tile `t` into the blank when they are neighbours; returns whether it moved.
function slide(t) {
  const w = game.width;
  const i = game.tiles.indexOf(t), b = game.tiles.indexOf(0);
  const dx = Math.abs((i % w) - (b % w)), dy = Math.abs(Math.floor(i / w) - Math.floor(b / w));
  if (t === 0 || dx + dy !== 1 || won()) return false;
  game.history.push(game.tiles.slice());
  game.tiles[b] = t;
  game.tiles[i] = 0;
  game.moves += 1;
  hinted = -1;
  setNote('');
  draw();
  report();
  return true;
}

function boardRequest() {
  return { width: game.width, height: game.height, tiles: game.tiles, goal: game.goal };
}

// Asks `path` (solve or hint); while the pattern database builds, shows its progress and asks again.
async function ask(path) {
  for (;;) {
    const answer = await api('fifteen/' + path, boardRequest());
    if (answer.status !== 'building') {
      $('#building').hidden = true;
      return answer;
    }
    $('#building').hidden = false;
    $('#progress').max = answer.total || 1;
    $('#progress').value = answer.done;
    setNote('building the pattern database for this size and goal…');
    await sleep(500);
  }
}

// While the pattern database for this size and goal builds, shows its progress; once it is
// ready, asks for the optimum of a fresh board.
async function watchDatabase() {
  const mine = game;
  for (;;) {
    const s = await fetch(`/api/fifteen/pdb?size=${game.width}x${game.height}&goal=${game.goal}`).then((r) => r.json()).catch(() => ({}));
    if (game !== mine) return;
    if (s.state !== 'building') break;
    $('#building').hidden = false;
    $('#progress').max = s.total || 1;
    $('#progress').value = s.done;
    await sleep(500);
  }
  $('#building').hidden = true;
  if (game.optimum == null && game.moves === 0 && game.width * game.height <= 16) {
    const answer = await api('fifteen/solve', boardRequest()).catch(() => null);
    if (game === mine && answer && answer.status === 'solved' && answer.optimal && game.moves === 0) {
      game.optimum = answer.moves.length;
      report();
    }
  }
}

async function load(query) {
  const answer = await api(query.code ? 'fifteen/open' : 'fifteen/new', query);
  game = { ...answer, moves: 0, history: [] };
  hinted = -1;
  $('#width').value = game.width;
  $('#height').value = game.height;
  $('#goal').value = game.goal;
  $('#seed').value = game.seed ?? '';
  showCode(game.code);
  setNote(game.width * game.height > 16 ? 'above 16 tiles, "solve" uses the fast solver (not optimal)' : '');
  draw();
  report();
  if (game.optimum == null) watchDatabase();
}

function fromControls(withSeed) {
  const q = { size: `${$('#width').value}x${$('#height').value}`, goal: $('#goal').value };
  if (withSeed && $('#seed').value !== '') q.seed = Number($('#seed').value);
  return q;
}

button('new', () => act(() => load(fromControls(false))));
button('undo', () => {
  if (!game.history.length) return;
  game.tiles = game.history.pop();
  game.moves -= 1;
  hinted = -1;
  draw();
  report();
});
button('hint', () => act(async () => {
  const answer = await ask('hint');
  if (answer.status === 'unsolvable') { setNote('this board cannot reach the goal'); return; }
  if (!answer.tiles.length) { setNote('already solved'); return; }
  hinted = answer.tiles[0];
  setNote(`hint: slide tile ${hinted}` + (answer.optimal ? ' (an optimal move)' : ''));
  draw();
}));
button('solve', () => act(async () => {
  const answer = await ask('solve');
  if (answer.status === 'unsolvable') { setNote('this board cannot reach the goal'); return; }
  setNote(answer.optimal ? `an optimal solution: ${answer.moves.length} moves` : `the fast solver's ${answer.moves.length} moves (not optimal)`);
  if (answer.optimal && game.moves === 0) game.optimum = answer.moves.length;
  const pause = Math.max(30, Math.min(250, 8000 / Math.max(1, answer.tiles.length)));
  for (const t of answer.tiles) {
    slide(t);
    await sleep(pause);
  }
}));
// The cursor stands on the blank: the arrow keys slide its neighbours into it.
cursor = gridCursor({
  box: $('#board-box'),
  cells: () => [...document.querySelectorAll('[data-testid=board] g.tile[data-value="0"]')],
  position: (el) => ({ x: Number(el.dataset.x), y: Number(el.dataset.y) }),
  arrows: false,
  keys: { h: () => press('hint'), u: () => press('undo'), 'Ctrl+z': () => press('undo') },
});
document.addEventListener('keydown', (e) => {
  if (!game || busyCount > 0 || ['INPUT', 'SELECT', 'TEXTAREA'].includes(e.target.tagName)) return;
  if (e.ctrlKey || e.altKey || e.metaKey) return;
  const step = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [1, 0], ArrowRight: [-1, 0] }[e.key];
  if (!step) return;
  const b = game.tiles.indexOf(0), w = game.width;
  const x = (b % w) + step[0], y = Math.floor(b / w) + step[1];
  if (x < 0 || y < 0 || x >= w || y >= game.height) return;
  e.preventDefault();
  slide(game.tiles[y * w + x]);
});

codeBox('fifteen', (code) => load({ code }));

act(() => {
  const p = params();
  if (p.get('code') !== null) return load({ code: p.get('code') });
  const q = { size: p.get('size') || '4x4', goal: p.get('goal') || 'blank-last' };
  if (p.get('seed') !== null) q.seed = Number(p.get('seed'));
  return load(q);
});
