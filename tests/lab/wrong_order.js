// A "breadth-first" search that takes the newest state first (a stack, not a queue): on
// maze-bfs the checker stops it at the first expansion breadth-first never makes.
'use strict';
const lab = require('./lab_helper.js');
const problem = lab.readProblem();
const frontier = [problem.start];
const parent = new Map([[problem.start, null]]);
let done = false;
while (frontier.length && !done) {
  const s = frontier.pop();
  const next = lab.expand(s);
  if (problem.isGoal(s)) {
    const path = [];
    for (let at = s; at !== null; at = parent.get(at)) path.unshift(at);
    lab.solution(path);
    done = true;
  }
  for (const [t] of next) if (!parent.has(t)) { parent.set(t, s); frontier.push(t); }
}
if (!done) lab.fail();
