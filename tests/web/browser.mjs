// The browser test of the web build: serves dist/web on localhost, opens it in headless Chromium
// (WebGL2 from SwiftShader) and plays every mode through the keyboard, reading the game back from
// the page's `#ai-arcade-state` (JSON the game writes). Prints what it measured; exits 1 on the
// first failure, with the game's panic message when there was one.
//
//   node tests/web/browser.mjs [DIST] [--chromium PATH]
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import { inflateSync } from 'node:zlib';
import { existsSync, readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const dist = args.find((a) => !a.startsWith('--')) ?? 'dist/web';
const chromiumPath = args.includes('--chromium') ? args[args.indexOf('--chromium') + 1] : '/usr/bin/chromium';
if (!existsSync(`${dist}/index.html`)) {
  console.error(`no bundle in ${dist}: run tools/web.sh first`);
  process.exit(2);
}

const port = 20000 + Math.floor(Math.random() * 20000);
const server = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', dist], {
  stdio: 'ignore',
});
const base = `http://127.0.0.1:${port}/index.html`;

const problems = [];
const report = [];
let browser;

function fail(message) {
  throw new Error(message);
}

/// The distinct colours of a PNG screenshot (8-bit RGB or RGBA, any filter), sampled.
function colours(png) {
  let at = 8;
  let width = 0, height = 0, channels = 4;
  const data = [];
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString('ascii', at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      channels = body[9] === 6 ? 4 : 3;
    } else if (type === 'IDAT') {
      data.push(body);
    }
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const previous = new Uint8Array(stride);
  const row = new Uint8Array(stride);
  const seen = new Set();
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? row[x - channels] : 0;
      const b = previous[x];
      const c = x >= channels ? previous[x - channels] : 0;
      let value = line[x];
      if (filter === 1) value += a;
      else if (filter === 2) value += b;
      else if (filter === 3) value += (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
        value += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      row[x] = value & 0xff;
    }
    if (y % 4 === 0) {
      for (let x = 0; x < width; x += 4) {
        const i = x * channels;
        seen.add((row[i] << 16) | (row[i + 1] << 8) | row[i + 2]);
      }
    }
    previous.set(row);
  }
  return seen.size;
}

/// Presses a key and lets the game see it: two frames pass before the next key (presses within
/// one frame are one press to the game, as on a desktop).
async function press(page, key) {
  const frame = async () => Number(await page.getAttribute('#ai-arcade-state', 'data-frame'));
  const before = await frame();
  await page.keyboard.press(key);
  const start = Date.now();
  while ((await frame()) < before + 2) {
    if (Date.now() - start > 30000) fail(`the game stopped drawing frames after ${key}`);
    await page.waitForTimeout(10);
  }
}

/// Lets `count` frames pass.
async function waitFrames(page, count) {
  const frame = async () => Number(await page.getAttribute('#ai-arcade-state', 'data-frame'));
  const before = await frame();
  const start = Date.now();
  while ((await frame()) < before + count) {
    if (Date.now() - start > 30000) fail('the game stopped drawing frames');
    await page.waitForTimeout(10);
  }
}

/// Presses a button of the page's pretend gamepad (standard mapping: 0 is A, 13 the d-pad's
/// down, 15 its right) for two of the browser's frames, then lets go for two: one or two of the
/// game's updates see it held, too short for the d-pad's repeat.
async function padPress(page, button) {
  for (const pressed of [true, false]) {
    await page.evaluate(([button, pressed]) => new Promise((done) => {
      const pad = window.__pads[0];
      pad.buttons[button] = { pressed, touched: pressed, value: pressed ? 1 : 0 };
      pad.timestamp = performance.now();
      requestAnimationFrame(() => requestAnimationFrame(done));
    }), [button, pressed]);
  }
}

async function state(page) {
  const text = await page.textContent('#ai-arcade-state');
  return JSON.parse(text);
}

async function until(page, what, test, timeout = 60000) {
  const start = Date.now();
  for (;;) {
    const now = await state(page).catch(() => null);
    if (now && test(now)) return now;
    if (problems.length) fail(problems.join('\n'));
    if (Date.now() - start > timeout) fail(`timed out waiting for ${what}: ${JSON.stringify(now)}`);
    await page.waitForTimeout(50);
  }
}

/// Records the time between animation frames from now on.
async function watchFrames(page) {
  await page.evaluate(() => {
    window.__frames = [];
    let last = performance.now();
    const tick = (t) => {
      window.__frames.push(t - last);
      last = t;
      window.__frameWatch = requestAnimationFrame(tick);
    };
    window.__frameWatch = requestAnimationFrame(tick);
  });
}

async function frameStats(page) {
  const frames = await page.evaluate(() => {
    cancelAnimationFrame(window.__frameWatch);
    return window.__frames.slice(1);
  });
  const sorted = [...frames].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  const longest = sorted[sorted.length - 1] ?? 0;
  return { count: frames.length, median: median.toFixed(1), longest: longest.toFixed(1) };
}

/// Long tasks on the page's thread (over 50 ms: what makes a frame late) from `since` on:
/// how many, and the longest.
async function longTasks(page, since) {
  const tasks = await page.evaluate((since) => window.__longTasks.filter((t) => t.start >= since), since);
  const longest = tasks.reduce((m, t) => Math.max(m, t.duration), 0);
  return { count: tasks.length, longest: Math.round(longest) };
}

async function now(page) {
  return page.evaluate(() => performance.now());
}

/// Clicks a button the game says it drew (`buttons` in the state: page pixels).
/// A panel settles over a frame or two after its content changes (egui sizes it from the last
/// frame), so the button is clicked where it stood still for three frames.
async function clickButton(page, name) {
  const at = async () => JSON.stringify((await until(page, `the ${name} button`, (s) => s.buttons && s.buttons[name])).buttons[name]);
  let before = await at();
  for (let tries = 0; tries < 20; tries++) {
    await waitFrames(page, 3);
    const now = await at();
    if (now === before) break;
    before = now;
  }
  const [x, y, w, h] = JSON.parse(before);
  await page.mouse.click(x + w / 2, y + h / 2);
}

async function open(page, query) {
  const clock = Date.now();
  await page.goto(`${base}${query}`);
  await page.waitForSelector('#loading', { state: 'detached', timeout: 120000 });
  const shown = await until(page, 'the game state', () => true);
  await page.locator('#ai-arcade').focus();
  return { shown, ms: Date.now() - clock };
}

async function picture(page, what) {
  const count = colours(await page.screenshot({ type: 'png' }));
  if (count < 40) fail(`${what}: the canvas shows ${count} colours, not a picture`);
  return count;
}

try {
  browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--no-sandbox',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--no-first-run', '--disable-quic',
    ],
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    // a pretend gamepad where the Gamepad API looks for one (none until a test plugs it in)
    window.__pads = [];
    navigator.getGamepads = () => window.__pads;
    window.__longTasks = [];
    // every audio context the page makes, so that the test can suspend them as a browser's
    // autoplay policy does (headless Chromium lets them start running)
    window.__audioContexts = [];
    const Original = window.AudioContext;
    window.AudioContext = class extends Original {
      constructor(...args) {
        super(...args);
        window.__audioContexts.push(this);
      }
    };
    new PerformanceObserver((list) => {
      for (const t of list.getEntries()) window.__longTasks.push({ start: t.startTime, duration: t.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    const text = message.text();
    if (text.includes('panicked')) problems.push(`the game panicked: ${text}`);
    // a worker that failed (the Mines robot then thinks on the page's thread; Slide says so)
    if (/worker failed|the search stopped|pattern databases:/.test(text)) problems.push(`a worker failed: ${text}`);
  });

  // the menu
  const first = await open(page, '');
  report.push(`first frame ${first.ms} ms after navigation`);
  if (first.shown.mode !== 'menu') fail(`the page opened ${first.shown.mode}, not the menu`);
  report.push(`menu: ${await picture(page, 'the menu')} colours`);

  // sound: nothing plays before the first key (browsers keep audio off until then), and the
  // page's audio context is resumed by it; the first key's sound (the menu's move) plays
  const before = await state(page);
  if (before.sound.unlocked || before.sound.played !== 0) {
    fail(`sound before any input: ${JSON.stringify(before.sound)}`);
  }
  const contextsBefore = await page.evaluate(() => window.aiArcadeAudio());
  if (contextsBefore.length === 0) fail('the game made no audio context');
  // as a desktop browser keeps them before the first gesture
  await page.evaluate(() => Promise.all(window.__audioContexts.map((c) => c.suspend())));
  const suspended = await page.evaluate(() => window.aiArcadeAudio());
  if (!suspended.every((c) => c === 'suspended')) fail(`audio not suspended: ${suspended}`);
  await page.keyboard.press('ArrowDown');
  const heard = await until(page, 'the menu move sound', (s) => s.sound.played >= 1);
  if (!heard.sound.unlocked || heard.sound.last !== 'menu_move') {
    fail(`after the first key: ${JSON.stringify(heard.sound)}`);
  }
  const startWaiting = Date.now();
  let contextsAfter = await page.evaluate(() => window.aiArcadeAudio());
  while (!contextsAfter.every((c) => c === 'running') && Date.now() - startWaiting < 5000) {
    await page.waitForTimeout(50);
    contextsAfter = await page.evaluate(() => window.aiArcadeAudio());
  }
  if (!contextsAfter.every((c) => c === 'running')) fail(`audio not resumed: ${contextsAfter}`);
  // M: effects off; the next sound is asked for but not played
  await page.keyboard.press('m');
  await until(page, 'effects off', (s) => s.sound.effects === false);
  await page.keyboard.press('ArrowUp');
  const muted = await until(page, 'the move asked for', (s) => s.sound.requested >= heard.sound.requested + 1);
  if (muted.sound.played !== heard.sound.played) fail(`played while muted: ${JSON.stringify(muted.sound)}`);
  await page.keyboard.press('m');
  await until(page, 'effects on', (s) => s.sound.effects === true);
  // (kept in the page's storage within half a second)
  await page.waitForTimeout(1000);
  report.push(`sound: contexts ${contextsBefore.join(',')} at start (headless), suspended by the test, ${contextsAfter.join(',')} after the first key; ${heard.sound.played} played, muted by M`);

  // Explore by ID: the ball searches, F1 replays
  await open(page, '?id=explore-classic');
  await until(page, 'Explore', (s) => s.mode === 'explore');
  await watchFrames(page);
  await until(page, 'the ball to move', (s) => s.detail.steps > 3);
  report.push(`explore: ${await picture(page, 'Explore')} colours, frames ${JSON.stringify(await frameStats(page))}`);

  // Explore's editor: a maze file imported through the browser's file chooser, then exported
  const maze = ['#########', 'S.....#.#', '#.#####.#', '#.#.....#', '#.#.#.###', '#...#...E', '#########', ''].join('\n');
  await press(page, 'KeyE');
  await until(page, 'the editor', (s) => s.detail.editing);
  const chooser = page.waitForEvent('filechooser', { timeout: 20000 });
  await clickButton(page, 'import');
  await (await chooser).setFiles({ name: 'kruskal.txt', mimeType: 'text/plain', buffer: Buffer.from(maze) });
  await until(page, 'the imported maze', (s) => s.detail.maze === maze);
  const download = page.waitForEvent('download', { timeout: 20000 });
  await clickButton(page, 'export');
  const file = await download;
  const exported = await new Promise(async (resolve, reject) => {
    const stream = await file.createReadStream();
    const parts = [];
    stream.on('data', (d) => parts.push(d)).on('end', () => resolve(Buffer.concat(parts).toString())).on('error', reject);
  });
  if (exported !== maze) fail(`the exported maze differs from the imported one:\n${exported}`);
  report.push(`explore: a maze imported (file chooser) and exported as ${file.suggestedFilename()}`);

  // Runner: a key moves the player one cell
  await open(page, '?id=runner-prim-21x21-7');
  const runner = await until(page, 'Runner', (s) => s.mode === 'runner');
  await press(page, 'ArrowRight');
  await press(page, 'ArrowRight');
  await until(page, 'the player to move', (s) => s.detail.steps >= 1 && s.detail.player[1] > runner.detail.player[1]);
  report.push(`runner: ${await picture(page, 'Runner')} colours`);

  // Learn: L opens A* from the player's cell, `.` steps it, L closes it
  await press(page, 'KeyL');
  const learning = await until(page, 'Learn to open', (s) => s.learn && s.learn.algo === 'maze-astar' && s.learn.step === 0);
  for (let i = 0; i < 3; i++) await press(page, 'Period');
  await until(page, 'Learn to step', (s) => s.learn && s.learn.step === 3);
  await press(page, 'KeyL');
  await until(page, 'Learn to close', (s) => !s.learn);
  report.push(`learn: A* from the player's cell, ${learning.learn.steps} steps, stepped by the keyboard`);

  // Copy ID and Copy link reach the system clipboard
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: `http://127.0.0.1:${port}` });
  await clickButton(page, 'copy_id');
  await page.waitForTimeout(500);
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  if (copied !== 'runner-prim-21x21-7') fail(`Copy ID put ${JSON.stringify(copied)} on the clipboard`);
  await clickButton(page, 'copy_link');
  await page.waitForTimeout(500);
  const link = await page.evaluate(() => navigator.clipboard.readText());
  if (link !== `${base}?id=runner-prim-21x21-7`) fail(`Copy link put ${JSON.stringify(link)} on the clipboard`);
  report.push(`clipboard: Copy ID and Copy link (${link})`);

  // Slide: a 15-puzzle solved by IDA* with pattern databases, frames watched meanwhile
  // Korf's instance 14 (blank first), 59 moves, 154,700 nodes for IDA* with the 6-6-3 databases
  // (98,638 before the children were ordered by both estimates: fewer on most instances, not this)
  await open(page, '?id=slide-7681b5ea349df20c-0123456789abcdef');
  await until(page, 'Slide', (s) => s.mode === 'slide');
  await page.waitForTimeout(2000);
  const quietFrom = await now(page);
  await watchFrames(page);
  await page.waitForTimeout(3000);
  const quiet = { frames: await frameStats(page), tasks: await longTasks(page, quietFrom) };
  report.push(`slide: idle: frames ${JSON.stringify(quiet.frames)}, long tasks ${JSON.stringify(quiet.tasks)}`);
  const solveFrom = await now(page);
  await watchFrames(page);
  const clock = Date.now();
  await press(page, 'Enter');
  const solved = await until(page, 'the solve', (s) => s.detail.last !== null && !s.detail.busy, 300000);
  const during = { frames: await frameStats(page), tasks: await longTasks(page, solveFrom) };
  report.push(`slide: databases built and the 15-puzzle solved in the worker in ${Date.now() - clock} ms (${solved.detail.last}); frames meanwhile ${JSON.stringify(during.frames)}, long tasks ${JSON.stringify(during.tasks)}`);
  if (!solved.detail.last.startsWith('solved')) fail(`the solve ended: ${solved.detail.last}`);
  // the page's thread never waits for the search (inline, the databases alone held it for
  // 14 s): no task longer than a software-drawn frame (the one long task is the 29 MB of
  // tables arriving from the build worker and passed on to the Slide worker)
  if (during.tasks.longest > Math.max(500, 2 * quiet.tasks.longest)) {
    fail(`a task of ${during.tasks.longest} ms on the page's thread while solving (idle: ${quiet.tasks.longest} ms)`);
  }
  await picture(page, 'Slide');

  // Mines: the robot plays a field to its end
  await open(page, '?id=mines-9x9-10-3-safe-5');
  await until(page, 'Mines', (s) => s.mode === 'mines');
  // Learn: the robot's reasoning on the board after a first click, stepped, closed
  await press(page, 'Enter');
  await press(page, 'KeyL');
  const reasoning = await until(page, "the robot's reasoning", (s) => s.learn && s.learn.algo === 'mines-robot' && s.learn.step === 0);
  await press(page, 'Period');
  await until(page, 'the reasoning to step', (s) => s.learn && s.learn.step === 1);
  await press(page, 'KeyL');
  await until(page, 'the reasoning to close', (s) => !s.learn);
  report.push(`mines: Learn, the robot's reasoning in ${reasoning.learn.steps} steps, stepped by the keyboard`);
  await watchFrames(page);
  const robotFrom = await now(page);
  await press(page, 'F2');
  for (let i = 0; i < 8; i++) await press(page, 'Equal');
  const ended = await until(page, 'the robot game', (s) => s.detail.status !== 'Playing' && s.detail.status !== 'Ready', 300000);
  report.push(`mines: robot game ${ended.detail.status}, frames ${JSON.stringify(await frameStats(page))}, long tasks ${JSON.stringify(await longTasks(page, robotFrom))}`);
  await picture(page, 'Mines');

  // the Showcase, from the menu (its entry is the fifth)
  await open(page, '');
  for (let i = 0; i < 4; i++) await press(page, 'ArrowDown');
  await press(page, 'Enter');
  await until(page, 'the Showcase', (s) => s.mode === 'showcase');
  await watchFrames(page);
  await page.waitForTimeout(3000);
  report.push(`showcase: ${await picture(page, 'the Showcase')} colours, frames ${JSON.stringify(await frameStats(page))}`);

  // the Lab, from the menu (its entry is the sixth): programs run in the Lab's own worker
  await open(page, '');
  for (let i = 0; i < 5; i++) await press(page, 'ArrowDown');
  await press(page, 'Enter');
  const entered = await until(page, 'the Lab', (s) => s.mode === 'lab');
  if (entered.detail.task !== 'maze-bfs') fail(`the Lab opened on ${entered.detail.task}, not maze-bfs`);
  const fixture = (name) => readFileSync(new URL(`../lab/${name}`, import.meta.url));
  /// Clicks `button` (Run, or a trace's file chosen by `choose`) and waits for that run's verdict.
  async function judged(what, start, timeout = 60000) {
    const before = (await state(page)).detail.runs;
    await start();
    return until(page, what, (s) => s.detail.runs > before && s.detail.verdict && !s.detail.running, timeout);
  }
  const run = () => clickButton(page, 'lab-run');
  /// Opens `name` (from tests/lab) through the file chooser: `button` is lab-open or lab-trace.
  async function chooseFile(button, name) {
    const chooser = page.waitForEvent('filechooser', { timeout: 20000 });
    await clickButton(page, button);
    await (await chooser).setFiles({ name, mimeType: 'text/plain', buffer: fixture(name) });
  }

  // a JavaScript BFS: accepted, every expansion judged
  await clickButton(page, 'lab-javascript');
  await chooseFile('lab-open', 'bfs.js');
  await until(page, 'bfs.js in the editor', (s) => s.detail.code === fixture('bfs.js').length && s.detail.language === 'JavaScript');
  const bfs = await judged('the JavaScript BFS judged', run);
  if (bfs.detail.verdict !== 'AC' || bfs.detail.expansions !== 26) {
    fail(`the JavaScript BFS got ${bfs.detail.verdict} with ${bfs.detail.expansions} expansions (want AC, 26): ${JSON.stringify(bfs.detail)}`);
  }
  await until(page, 'the film to play', (s) => s.detail.step > 3);
  report.push(`lab: JavaScript BFS ${bfs.detail.verdict}, ${bfs.detail.expansions} expansions; ${await picture(page, 'the Lab, a run')} colours`);

  // a wrong one: stopped at its first wrong expansion, with the sentence (as `lab run` says)
  await chooseFile('lab-open', 'wrong_order.js');
  await until(page, 'wrong_order.js in the editor', (s) => s.detail.code === fixture('wrong_order.js').length);
  const wrong = await judged('the wrong JavaScript judged', run);
  const v = wrong.detail.violation;
  if (wrong.detail.verdict !== 'WRONG_ORDER' || !v || v.step !== 6 || !v.say.includes('breadth-first takes the shallowest')) {
    fail(`the wrong program got ${JSON.stringify(wrong.detail)}`);
  }
  const stoppedAt = await until(page, 'the film to stop on the violation', (s) => s.detail.step === s.detail.total && s.detail.total === 5, 30000);
  report.push(`lab: wrong JavaScript ${wrong.detail.verdict} at step ${v.step} ("${v.say}"), film stopped at ${stoppedAt.detail.step}`);

  // a recorded trace, uploaded and checked
  const traced = await judged('the trace checked', () => chooseFile('lab-trace', 'maze-bfs-case-1.trace'));
  if (traced.detail.verdict !== 'AC' || traced.detail.expansions !== 26) fail(`the trace got ${JSON.stringify(traced.detail)}`);
  report.push(`lab: trace ${traced.detail.verdict}, ${traced.detail.expansions} expansions`);

  // a runaway program: stopped by ending its worker; the page keeps drawing meanwhile
  await chooseFile('lab-open', 'runaway.js');
  await until(page, 'runaway.js in the editor', (s) => s.detail.code === fixture('runaway.js').length);
  await watchFrames(page);
  const runaway = await judged('the runaway program stopped', run);
  if (runaway.detail.verdict !== 'TLE') fail(`the runaway program got ${JSON.stringify(runaway.detail)}`);
  const runawayFrames = await frameStats(page);
  if (runawayFrames.count < 30) fail(`the page drew ${runawayFrames.count} frames while a program ran away`);
  report.push(`lab: runaway JavaScript ${runaway.detail.verdict}, frames meanwhile ${JSON.stringify(runawayFrames)}`);

  // Python: the starter through Pyodide (loaded now, from the bundle), then a BFS
  await clickButton(page, 'lab-python');
  await until(page, 'Python chosen', (s) => s.detail.language === 'Python', 20000);
  await clickButton(page, 'lab-starter');
  await until(page, 'the Python starter in the editor', (s) => s.detail.language === 'Python' && s.detail.code > 0 && /starter/.test(s.detail.notice ?? ''));
  const pyFrom = Date.now();
  const starter = await judged('the Python starter judged', run, 180000);
  const pySeconds = (Date.now() - pyFrom) / 1000;
  // what `lab run` says of the same starter: one expansion, then fail though the exit is reachable
  if (starter.detail.verdict !== 'WA' || starter.detail.expansions !== 1) fail(`the Python starter got ${JSON.stringify(starter.detail)}`);
  await chooseFile('lab-open', 'bfs.py');
  await until(page, 'bfs.py in the editor', (s) => s.detail.code === fixture('bfs.py').length && s.detail.language === 'Python');
  const bfsFrom = Date.now();
  const pyBfs = await judged('the Python BFS judged', run);
  if (pyBfs.detail.verdict !== 'AC' || pyBfs.detail.expansions !== 26) fail(`the Python BFS got ${JSON.stringify(pyBfs.detail)}`);
  report.push(`lab: Python starter ${starter.detail.verdict} (${starter.detail.expansions} expansion) in ${pySeconds.toFixed(1)} s with Pyodide's first load; Python BFS ${pyBfs.detail.verdict} in ${((Date.now() - bfsFrom) / 1000).toFixed(1)} s`);

  // a Minesweeper agent (the JavaScript starter) plays its turns in the worker: judged as
  // `lab run` judges it — its second move a guess while a cell was certainly safe, lost in 25
  await clickButton(page, 'lab-javascript');
  await until(page, 'JavaScript chosen', (s) => s.detail.language === 'JavaScript', 20000);
  for (let i = 0; i < 30 && (await state(page)).detail.task !== 'mines-robot'; i++) await press(page, 'ArrowUp');
  await clickButton(page, 'lab-starter');
  await until(page, 'the agent starter in the editor', (s) => s.detail.task === 'mines-robot' && /starter/.test(s.detail.notice ?? ''));
  const agent = await judged('the JavaScript agent judged', run);
  if (agent.detail.verdict !== 'WRONG_ORDER' || agent.detail.violation?.step !== 2 || agent.detail.total !== 25) {
    fail(`the agent starter got ${JSON.stringify(agent.detail)}`);
  }
  report.push(`lab: JavaScript agent ${agent.detail.verdict} at move ${agent.detail.violation.step}, ${agent.detail.total} moves`);

  // a setting survives a reload: the language, from the menu's Language entry
  await open(page, '');
  for (let i = 0; i < 8; i++) await press(page, 'ArrowDown'); // Language
  await press(page, 'Enter');
  await until(page, 'Chinese', (s) => s.lang === 'zh');
  // the settings reach the page's storage within a few frames (slow ones, in software WebGL)
  const saved = Date.now();
  while (!(await page.evaluate(() => /"language":\s*"zh"/i.test(Object.values(localStorage).join('\n'))))) {
    if (Date.now() - saved > 20000) fail('the chosen language was not saved in localStorage');
    await page.waitForTimeout(100);
  }
  const again = await open(page, '');
  if (again.shown.lang !== 'zh') fail(`after a reload the language is ${again.shown.lang}`);
  report.push('settings: the language survived a reload');

  // a gamepad through the browser's Gamepad API: the d-pad and A choose Runner on the menu
  await open(page, '');
  await page.evaluate(() => {
    const buttons = Array.from({ length: 17 }, () => ({ pressed: false, touched: false, value: 0 }));
    window.__pads.push({ id: 'pretend pad (STANDARD GAMEPAD)', index: 0, mapping: 'standard', connected: true, timestamp: performance.now(), buttons, axes: [0, 0, 0, 0] });
  });
  // the game sees a gamepad on a frame of its own before its buttons count
  await waitFrames(page, 4);
  await padPress(page, 13);
  await padPress(page, 0);
  await until(page, 'Runner from the gamepad', (s) => s.mode === 'runner', 20000);
  await padPress(page, 15); // the d-pad's right and down: one of them is open from the start
  await padPress(page, 13);
  await until(page, 'the player to move by the d-pad', (s) => s.detail.steps >= 1, 20000);
  report.push('gamepad: the d-pad and A chose Runner and moved the player');

  // a bad ID in the address: the menu, and no panic
  const bad = await open(page, '?id=runner-nope-1x1-1');
  if (bad.shown.mode !== 'menu') fail('a bad ID should leave the menu open');

  if (problems.length) fail(problems.join('\n'));
  console.log(report.join('\n'));
  console.log('browser test: passed');
} catch (error) {
  console.log(report.join('\n'));
  console.error(`browser test: FAILED: ${error.message}`);
  process.exitCode = 1;
} finally {
  if (browser) await browser.close();
  server.kill();
}
