'use strict';
const lab = require('./lab_helper.js');
const problem = lab.readProblem();
const frontier = [problem.start];
const parent = new Map([[problem.start, null]]);
let done = false;
while (frontier.length && !done) {
  const s = frontier.shift();
  const next = lab.expand(s);
  if (problem.isGoal(s)) {
    const path = [];
    for (let at = s; at !== null; at = parent.get(at)) path.unshift(at);
    lab.solution(path);
    done = true;
    break;
  }
  for (const [t] of next) if (!parent.has(t)) { parent.set(t, s); frontier.push(t); }
}
if (!done) lab.fail();
