// ai-arcade Lab helper for JavaScript (Node.js): the protocol in one file, no dependencies.
//   const lab = require('./lab_helper.js');
//   const problem = lab.readProblem();      // problem.start, problem.isGoal(s), problem.h(s)
//   for (const [t, move, cost] of lab.expand(s)) { ... }   // say you expand s; its successors
//   lab.solution(path) / lab.fail()
//   lab.evaluate((board) => ...)          // the heuristic task: h of every board ai-arcade sends
//   lab.play((turn) => ['open', r, c])     // Minesweeper: a move for each turn
// States are strings: a cell "r,c", a board "1 2 3 4 5 6 7 8 0", a node its name.
'use strict';
// In the browser's Lab the page's worker gives the lines (globalThis.labIo); under Node.js,
// stdin and stdout.
const io = globalThis.labIo;
const fs = io ? null : require('fs');

let pending = '';
function readLine() {
  if (io) return io.readLine();
  const buffer = Buffer.alloc(65536);
  for (;;) {
    const at = pending.indexOf('\n');
    if (at >= 0) {
      const line = pending.slice(0, at);
      pending = pending.slice(at + 1);
      return line;
    }
    let n = 0;
    try {
      n = fs.readSync(0, buffer, 0, buffer.length, null);
    } catch (e) {
      if (e.code === 'EAGAIN') continue;
      if (e.code === 'EOF') n = 0; else throw e;
    }
    if (n === 0) {
      const line = pending;
      pending = '';
      return line.length ? line : null;
    }
    pending += buffer.toString('utf8', 0, n);
  }
}

function send(message) {
  const line = JSON.stringify(message) + '\n';
  if (io) io.write(line); else fs.writeSync(1, line);
}

let problem = null;
const out = (s) => problem.kind === 'maze' ? s.split(',').map(Number) : s;
const inn = (v) => problem.kind === 'maze' ? v.join(',') : v;

function readProblem() {
  const line = readLine();
  if (line === null) throw new Error('no problem on stdin: run this with ai-arcade lab run');
  const m = JSON.parse(line);
  problem = { kind: m.kind };
  if (m.kind === 'mines') {
    problem = { message: m, kind: m.kind, session: m.session, rows: m.rows, cols: m.cols, mines: m.mines, lives: m.lives };
    return problem;
  }
  problem = {
    message: m, kind: m.kind, session: m.session, moves: m.moves,
    start: inn(m.start),
    goals: new Set((Array.isArray(m.goal) && m.kind === 'graph' ? m.goal : [m.goal])
      .filter((g) => g !== null).map(inn)),
    goal: m.kind === 'graph' || m.goal === null ? null : inn(m.goal),
    isGoal(s) { return this.goals.has(s); },
    successors(s) { return successors(s); },
    h(s) { return estimate(s); },
  };
  if (m.kind === 'graph') {
    problem.next = {};
    for (const [a, b, c] of m.edges) {
      (problem.next[a] = problem.next[a] || []).push([b, c]);
      if (!m.directed) (problem.next[b] = problem.next[b] || []).push([a, c]);
    }
    for (const k of Object.keys(problem.next)) problem.next[k].sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : x[1] - y[1]));
  }
  return problem;
}

function successors(s) {
  const m = problem.message;
  const result = [];
  if (m.kind === 'maze') {
    const [r, c] = s.split(',').map(Number);
    const steps = { up: [-1, 0], down: [1, 0], left: [0, -1], right: [0, 1] };
    for (const move of m.moves) {
      const [nr, nc] = [r + steps[move][0], c + steps[move][1]];
      if (nr < 0 || nc < 0 || nr >= m.grid.length || nc >= m.grid[0].length) continue;
      if (m.grid[nr][nc] === '#') continue;
      result.push([`${nr},${nc}`, move, m.costs ? Number(m.costs[nr][nc]) : 1]);
    }
  } else if (m.kind === 'slide') {
    const tiles = s.split(' ').map(Number);
    const n = m.size;
    const blank = tiles.indexOf(0);
    const steps = { up: -n, down: n, left: -1, right: 1 };
    for (const move of m.moves) {
      if ((move === 'up' && blank < n) || (move === 'down' && blank >= n * n - n)
        || (move === 'left' && blank % n === 0) || (move === 'right' && blank % n === n - 1)) continue;
      const t = tiles.slice();
      const other = blank + steps[move];
      [t[blank], t[other]] = [t[other], t[blank]];
      result.push([t.join(' '), move, 1]);
    }
  } else {
    for (const [b, c] of problem.next[s] || []) result.push([b, b, c]);
  }
  return result;
}

function estimate(s) {
  const m = problem.message;
  if (m.h === 'none' || problem.goals.size === 0) return 0;
  const goal = [...problem.goals][0];
  if (m.kind === 'maze') {
    const [r, c] = s.split(',').map(Number);
    const [gr, gc] = goal.split(',').map(Number);
    let cheapest = 1;
    if (m.costs) cheapest = Math.min(...m.costs.join('').split('').filter((d) => d !== '0').map(Number));
    return (Math.abs(r - gr) + Math.abs(c - gc)) * cheapest;
  }
  if (m.kind === 'slide') {
    const t = s.split(' ').map(Number);
    const g = goal.split(' ').map(Number);
    if (m.h === 'misplaced') return t.filter((x, i) => x !== 0 && x !== g[i]).length;
    const n = m.size;
    let sum = 0;
    t.forEach((x, i) => {
      if (x === 0) return;
      const j = g.indexOf(x);
      sum += Math.abs(Math.floor(i / n) - Math.floor(j / n)) + Math.abs((i % n) - (j % n));
    });
    return sum;
  }
  return typeof m.h === 'object' ? (m.h[s] || 0) : 0;
}

function expand(s, g, h) {
  const message = { op: 'expand', s: out(s) };
  if (g !== undefined) message.g = g;
  if (h !== undefined) message.h = h;
  send(message);
  if (problem.session === 'oracle') {
    const reply = JSON.parse(readLine());
    if (reply.op !== 'succ') process.exit(0);
    return reply.succ.map((x) => [inn(x.s), x.move, x.cost]);
  }
  return successors(s);
}

// The heuristic task: answers each batch of boards with h of each (a board is its tiles,
// "1 2 3 4 5 6 7 8 0"; problem.goal is the goal), until the run is over.
function evaluate(h) {
  for (;;) {
    const line = readLine();
    if (line === null) return null;
    if (!line.trim()) continue;
    const m = JSON.parse(line);
    if (m.op !== 'eval') return m;
    send({ op: 'h', values: m.states.map((s) => h(inn(s))) });
  }
}

// Minesweeper: each turn ({rows, mines_left, lives}: "#" hidden, "F" flagged, "*" a mine that
// went off, "0"-"8" open), agent(turn) returns its move: ['open', r, c], ['flag', r, c] or
// ['chord', r, c]. Returns the end message ({result: 'won' or 'lost', ...}).
function play(agent) {
  for (;;) {
    const line = readLine();
    if (line === null) return null;
    if (!line.trim()) continue;
    const m = JSON.parse(line);
    if (m.op !== 'turn') return m;
    const [op, r, c] = agent(m);
    send({ op, at: [r, c] });
  }
}

module.exports = {
  readProblem, expand, evaluate, play,
  solution(path) { send({ op: 'solution', path: path.map(out) }); },
  fail() { send({ op: 'fail' }); },
};
