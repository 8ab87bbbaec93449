// Your Minesweeper agent for TASK. Run it with:  ai-arcade lab run --task TASK -- node main.js
'use strict';
const lab = require('./lab_helper.js');
const problem = lab.readProblem();  // problem.rows, problem.cols, problem.mines, problem.lives

// Each turn, return your move: ['open', r, c], ['flag', r, c] or ['chord', r, c].
// turn.rows[r][c] is '#' (hidden), 'F' (your flag), '*' (a mine that went off) or '0'-'8';
// turn.mines_left, turn.lives. The report's robot opens every cell its numbers prove safe
// before it ever guesses: ai-arcade checks that yours does too.
lab.play((turn) => {
  for (let r = 0; r < problem.rows; r++) {
    for (let c = 0; c < problem.cols; c++) {
      if (turn.rows[r][c] === '#') return ['open', r, c];
    }
  }
  return ['open', 0, 0];
});
