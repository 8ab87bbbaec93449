// A program that reads its problem, then never says another word nor stops: the browser's Lab
// ends its worker at the time limit (TLE) and the page draws on meanwhile.
'use strict';
const lab = require('./lab_helper.js');
lab.readProblem();
for (;;) { /* thinking forever */ }
