#!/usr/bin/env node
// David Hill's JSMinesweeper solver, the strongest public one, on ai-arcade's own boards, and the
// two robots compared seed by seed. `tools/hill.sh` drives it; by hand:
//
//   node tools/hill/hill.js play HILL_CHECKOUT TRACE.jsonl OUT.jsonl [PART/PARTS]
//   node tools/hill/hill.js compare TRACE.jsonl HILL.jsonl [--list N]
//
// TRACE.jsonl is `ai-arcade bench mines --trace` (a line naming the field, then each game: seed,
// won, where the mines were, every guess). `play` lays those mines in Hill's game and lets his
// solver play them with the settings of his own bulk runs (no flags, advanced guessing, full
// probability), writing the same kind of file (PART/PARTS plays every PARTS-th game from the
// PART-th, so that two processes share the cores). `compare` pairs the two files: the seeds
// one robot won and the other lost, the difference with its 95% interval, and where in the
// game the two first chose different guesses (common 50/50s taken at different times set
// aside), with each place's wins.
'use strict';
const fs = require('fs');
const path = require('path');
const vm = require('vm');

function fail(message) {
  process.stderr.write(`hill.js: ${message}\n`);
  process.exit(2);
}

function readLines(file) {
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    fail(`${file}: ${e.message}`);
  }
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  if (lines.length === 0) fail(`${file}: empty`);
  return lines.map((l, i) => {
    try {
      return JSON.parse(l);
    } catch (e) {
      return fail(`${file}, line ${i + 1}: not JSON (${e.message})`);
    }
  });
}

// The header line of a trace, checked: Hill's game knows one life and the safe or zero first
// click.
function fieldOf(header, file) {
  const ok = header && Number.isInteger(header.width) && Number.isInteger(header.height) &&
    Number.isInteger(header.mines) && Number.isInteger(header.first_cell);
  if (!ok) fail(`${file}: its first line is not a bench mines --trace header`);
  if (header.lives !== 1) fail(`${file}: Hill's solver plays one life, these games have ${header.lives}`);
  const types = { safe: 'safe', opening: 'zero' };
  if (!(header.first_click in types)) {
    fail(`${file}: Hill's game has the safe and opening first clicks, not ${header.first_click}`);
  }
  return { ...header, gameType: types[header.first_click] };
}

// Hill's browser scripts, in index.html's order, in one context with the few globals of his
// main.js they use (the page's board, the binomial cache, the analysis flags).
function loadHill(checkout) {
  const base = path.join(checkout, 'Minesweeper');
  const files = ['client/Board.js', 'client/Tile.js', 'client/solver_main.js',
    'client/solver_probability_engine.js', 'client/Brute_force.js',
    'client/BruteForceAnalysis.js', 'client/MinesweeperGame.js', 'client/SolutionCounter.js',
    'client/EfficiencyHelper.js', 'client/FiftyFiftyHelper.js', 'client/LongTermRiskHelper.js',
    'Utility/PrimeSieve.js', 'Utility/Binomial.js'];
  let source = '';
  for (const f of files) {
    try {
      source += fs.readFileSync(path.join(base, f), 'utf8') + '\n;\n';
    } catch (e) {
      fail(`${checkout} is not a JSMinesweeper checkout (${e.message})`);
    }
  }
  source += `
const MAX_BINOMIAL_N = 65000;
const BOMB = 9;
let analysing = false;
let analysisMode = false;
let oldrng = false;
var binomialCache = new BinomialCache(5000, 500, new Binomial(MAX_BINOMIAL_N, 500));
function showMessage() {}
function sleep() { return Promise.resolve(); }
var board = null;  // his long-term risk reads the page's board
var LAID = [];
// the mines given, not his random ones
ServerGame.prototype.init_tiles = function () {
  for (let i = 0; i < this.width * this.height; i++) this.tiles.push(new ServerTile(i));
  for (const index of LAID) {
    const tile = this.tiles[index];
    tile.make_bomb();
    for (const adjacent of this.getAdjacent(tile)) adjacent.value += 1;
  }
};
solver(null, null);
// his bulkRun's loop, every guess recorded
async function playLaid(field, mines) {
  LAID = mines;
  const options = { playStyle: PLAY_STYLE_NOFLAGS, verbose: false, advancedGuessing: true,
    fullProbability: true, hardcore: false };
  const start = field.first_cell;
  const game = new ServerGame(0, field.width, field.height, field.mines, start, 1, field.gameType);
  board = new Board(0, field.width, field.height, field.mines, 1, field.gameType);
  let revealed = game.clickTile(game.getTile(start));
  applyResults(board, revealed);
  const guesses = [];
  let turns = 0;
  while (revealed.header.status == IN_PLAY) {
    if (++turns > 4 * field.width * field.height) throw new Error('no progress');
    const actions = (await solver(board, options)).actions;
    for (let i = 0; i < actions.length; i++) {
      const action = actions[i];
      if (action.action == ACTION_CHORD || action.action == ACTION_FLAG) continue;
      if (i == 0 || action.prob == 1) {
        const index = board.xy_to_index(action.x, action.y);
        if (action.prob != 1) {
          let open = 0;
          for (const t of board.tiles) if (!t.isCovered()) open++;
          guesses.push({ cell: index, open, risk: 1 - action.prob, rule: 'Hill' });
        }
        revealed = game.clickTile(game.getTile(index));
        if (revealed.header.status != IN_PLAY) break;
        applyResults(board, revealed);
      }
      if (action.prob != 1) break;
    }
  }
  return { won: revealed.header.status == WON, guesses };
}
`;
  const quiet = { log() {}, error() {}, warn() {}, info() {} };
  const context = vm.createContext({ console: quiet, performance });
  context.window = context;
  vm.runInContext(source, context, { filename: 'jsminesweeper' });
  return vm.runInContext('playLaid', context);
}

async function play(checkout, traceFile, outFile, part) {
  if (!checkout || !traceFile || !outFile) fail('play HILL_CHECKOUT TRACE.jsonl OUT.jsonl [PART/PARTS]');
  let [k, parts] = [0, 1];
  if (part) {
    const m = /^(\d+)\/(\d+)$/.exec(part);
    if (!m || +m[2] < 1 || +m[1] >= +m[2]) fail(`${part}: give PART/PARTS, PART from 0 to PARTS - 1`);
    [k, parts] = [+m[1], +m[2]];
  }
  const [header, ...games] = readLines(traceFile);
  const field = fieldOf(header, traceFile);
  const playLaid = loadHill(checkout);
  const out = fs.openSync(outFile, 'w');
  fs.writeSync(out, JSON.stringify({ ...header, robot: "David Hill's JSMinesweeper" }) + '\n');
  for (let i = k; i < games.length; i += parts) {
    const g = games[i];
    if (!Array.isArray(g.mines) || g.mines.length !== field.mines) {
      fail(`${traceFile}: seed ${g.seed} has no ${field.mines} mines`);
    }
    const clock = performance.now();
    const result = await playLaid(field, g.mines);
    const ms = performance.now() - clock;
    fs.writeSync(out, JSON.stringify({ seed: g.seed, won: result.won, ms: +ms.toFixed(2),
      guesses: result.guesses }) + '\n');
  }
  fs.closeSync(out);
}

const PHASES = [[1, 'the first guess, one cell open'], [15, '2-15 cells open'],
  [60, '16-60 open'], [200, '61-200 open'], [330, '201-330 open'], [350, '331-350 open'],
  [370, '351-370 open'], [Infinity, '371 or more open']];

// Where two guess lists of one board first part: the guesses in order, the 50/50s both took
// (at whatever time) set aside.
function parting(ours, theirs) {
  const half = (g) => g.risk >= 0.4999;
  const both = new Set(ours.filter(half).map((g) => g.cell));
  const shared = new Set(theirs.filter((g) => half(g) && both.has(g.cell)).map((g) => g.cell));
  const a = ours.filter((g) => !shared.has(g.cell));
  const b = theirs.filter((g) => !shared.has(g.cell));
  let i = 0;
  while (i < a.length && i < b.length && a[i].cell === b[i].cell) i++;
  if (i === a.length && i === b.length) return null;
  const open = Math.min(i < a.length ? a[i].open : Infinity, i < b.length ? b[i].open : Infinity);
  return { open, ours: a[i], theirs: b[i] };
}

// McNemar's exact two-sided test on b and c discordant seeds (as bench mines --against).
function mcnemar(b, c) {
  const n = b + c;
  const k = Math.min(b, c);
  if (n === 0 || 2 * k >= n) return 1;
  const logs = [];
  let log = -n * Math.LN2;
  logs.push(log);
  for (let i = 1; i <= k; i++) {
    log += Math.log(n - i + 1) - Math.log(i);
    logs.push(log);
  }
  const top = Math.max(...logs);
  const sum = logs.reduce((acc, l) => acc + Math.exp(l - top), 0);
  return Math.min(2 * Math.exp(top + Math.log(sum)), 1);
}

function compare(traceFile, hillFile, rest) {
  if (!traceFile || !hillFile) fail('compare TRACE.jsonl HILL.jsonl [--list N]');
  const list = rest[0] === '--list' ? Number.parseInt(rest[1], 10) || 0 : 0;
  const [oursHeader, ...oursGames] = readLines(traceFile);
  const [hillHeader, ...hillGames] = readLines(hillFile);
  fieldOf(oursHeader, traceFile);
  if (oursHeader.field !== hillHeader.field) {
    fail(`${hillFile} holds games of ${hillHeader.field}, ${traceFile} of ${oursHeader.field}`);
  }
  const hill = new Map(hillGames.map((g) => [g.seed, g]));
  const rows = PHASES.map(([, name]) => ({ name, games: 0, ours: 0, hill: 0 }));
  let [n, ours, theirs, oursOnly, hillOnly, same] = [0, 0, 0, 0, 0, 0];
  const ms = [];
  const listed = [];
  for (const g of oursGames) {
    const h = hill.get(g.seed);
    if (!h) continue;
    n++;
    ours += g.won;
    theirs += h.won;
    oursOnly += g.won && !h.won;
    hillOnly += h.won && !g.won;
    ms.push(h.ms);
    const part = parting(g.guesses, h.guesses);
    if (!part) {
      same++;
      continue;
    }
    const row = rows[PHASES.findIndex(([limit]) => part.open <= limit)];
    row.games++;
    row.ours += g.won;
    row.hill += h.won;
    if (g.won !== h.won && listed.length < list) listed.push({ seed: g.seed, won: g.won ? 'ours' : 'Hill', ...part });
  }
  if (n === 0) fail(`${hillFile} has none of the seeds of ${traceFile}`);
  const d = (oursOnly - hillOnly) / n;
  const se = Math.sqrt(Math.max((oursOnly + hillOnly) / n - d * d, 0) / n);
  ms.sort((x, y) => x - y);
  const pct = (x) => (100 * x).toFixed(2);
  const lines = [
    `${oursHeader.field}: ${n} boards`,
    `ai-arcade (${oursHeader.robot}) ${ours} won = ${pct(ours / n)}%; Hill ${theirs} won = ${pct(theirs / n)}% (median ${ms[ms.length >> 1].toFixed(1)} ms a game in Node)`,
    `seeds only ai-arcade won ${oursOnly}, only Hill ${hillOnly}: ai-arcade − Hill ${pct(d)} points (95% interval ${pct(d - 1.96 * se)} to ${pct(d + 1.96 * se)}), McNemar p ${mcnemar(oursOnly, hillOnly).toPrecision(2)}`,
    `the same guesses throughout: ${same} boards; the others by where the guesses first differ:`,
    `${'where'.padEnd(32)} ${'boards'.padStart(7)} ${'ours'.padStart(6)} ${'Hill'.padStart(6)} ${'ours−Hill'.padStart(10)}`,
  ];
  for (const r of rows) {
    if (r.games === 0) continue;
    const diff = r.ours - r.hill;
    const signed = (diff > 0 ? '+' : '') + diff;
    lines.push(`${r.name.padEnd(32)} ${String(r.games).padStart(7)} ${String(r.ours).padStart(6)} ${String(r.hill).padStart(6)} ${signed.padStart(10)}`);
  }
  for (const e of listed) {
    const say = (g) => (g ? `cell ${g.cell} at ${g.open} open, risk ${g.risk.toFixed(4)}${g.rule !== 'Hill' ? ' (' + g.rule + ')' : ''}` : 'no guess');
    lines.push(`seed ${e.seed}, won by ${e.won}: ai-arcade ${say(e.ours)}; Hill ${say(e.theirs)}`);
  }
  process.stdout.write(lines.join('\n') + '\n');
}

const [command, ...args] = process.argv.slice(2);
process.stdout.on('error', (e) => process.exit(e.code === 'EPIPE' ? 0 : 2));
if (command === 'play') {
  play(args[0], args[1], args[2], args[3]).catch((e) => fail(e.stack || String(e)));
} else if (command === 'compare') {
  compare(args[0], args[1], args.slice(2));
} else {
  fail('give play HILL_CHECKOUT TRACE.jsonl OUT.jsonl [PART/PARTS] or compare TRACE.jsonl HILL.jsonl [--list N]');
}
