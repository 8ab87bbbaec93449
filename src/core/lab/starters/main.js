// Your search for TASK. Run it with:  ai-arcade lab run --task TASK -- node main.js
'use strict';
const lab = require('./lab_helper.js');
const problem = lab.readProblem();

// Write your search here. Call lab.expand(s) each time you take a state s off your frontier:
// it returns s's successors as [state, move, cost], in the task's order. When you are done,
// call lab.solution(path) with the states from problem.start to a goal, or lab.fail().
const frontier = [problem.start];
const closed = new Set();
while (frontier.length) {
  const s = frontier.shift();   // which state comes off the frontier is what the task checks
  if (closed.has(s)) continue;
  closed.add(s);
  for (const [t, move, cost] of lab.expand(s)) {
    // keep the parents, put new states on the frontier ...
  }
  if (problem.isGoal(s)) break;
}
lab.fail();                     // ... and call lab.solution(path) when you reach the goal
