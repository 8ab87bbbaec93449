// The browser Lab's pictures for the docs, in English and Chinese: the screen with the Python
// starter, a JavaScript BFS mid-film, a wrong one stopped at its violation, the race, and a
// Minesweeper agent. Run after tools/web.sh (it serves dist/web itself):
//
//   node tests/web/lab-shots.mjs [DIST] [--out docs] [--chromium PATH]
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const dist = args.find((a) => !a.startsWith('--') && args[args.indexOf(a) - 1] !== '--out' && args[args.indexOf(a) - 1] !== '--chromium') ?? 'dist/web';
const out = args.includes('--out') ? args[args.indexOf('--out') + 1] : 'docs';
const chromiumPath = args.includes('--chromium') ? args[args.indexOf('--chromium') + 1] : '/usr/bin/chromium';
const port = 20000 + Math.floor(Math.random() * 20000);
const server = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', dist], { stdio: 'ignore' });
const fixture = (name) => readFileSync(new URL(`../lab/${name}`, import.meta.url));

const state = async (page) => JSON.parse(await page.textContent('#ai-arcade-state'));
async function until(page, what, test, timeout = 120000) {
  const start = Date.now();
  for (;;) {
    const now = await state(page).catch(() => null);
    if (now && test(now)) return now;
    if (Date.now() - start > timeout) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(now)}`);
    await page.waitForTimeout(100);
  }
}
async function press(page, key) {
  const frame = async () => Number(await page.getAttribute('#ai-arcade-state', 'data-frame'));
  const before = await frame();
  await page.keyboard.press(key);
  while ((await frame()) < before + 2) await page.waitForTimeout(10);
}
/// Clicks a button where it stood still for three frames (a panel settles over a frame or two).
async function click(page, name) {
  const at = async () => JSON.stringify((await until(page, name, (s) => s.buttons && s.buttons[name])).buttons[name]);
  let before = await at();
  for (let tries = 0; tries < 20; tries++) {
    const frame = async () => Number(await page.getAttribute('#ai-arcade-state', 'data-frame'));
    const from = await frame();
    while ((await frame()) < from + 3) await page.waitForTimeout(10);
    const now = await at();
    if (now === before) break;
    before = now;
  }
  const [x, y, w, h] = JSON.parse(before);
  await page.mouse.click(x + w / 2, y + h / 2);
}
async function open(page, name) {
  const chooser = page.waitForEvent('filechooser');
  await click(page, 'lab-open');
  await (await chooser).setFiles({ name, mimeType: 'text/plain', buffer: fixture(name) });
  await until(page, name, (s) => s.detail.code === fixture(name).length);
}
async function run(page, what) {
  const before = (await state(page)).detail.runs;
  await click(page, 'lab-run');
  return until(page, what, (s) => s.detail.runs > before && s.detail.verdict && !s.detail.running, 180000);
}
const shot = (page, name) => page.screenshot({ path: `${out}/${name}.png` });

const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-background-networking'],
});
try {
  for (const lang of ['en', 'zh']) {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await page.goto(`http://127.0.0.1:${port}/index.html?lang=${lang}`);
    await page.waitForSelector('#loading', { state: 'detached', timeout: 120000 });
    await until(page, 'the menu', (s) => s.mode === 'menu');
    for (let i = 0; i < 5; i++) await press(page, 'ArrowDown');
    await press(page, 'Enter');
    await until(page, 'the Lab', (s) => s.mode === 'lab');
    const suffix = lang === 'en' ? '' : '-zh';
    // the screen, the Python starter in the editor
    await click(page, 'lab-python');
    await until(page, 'Python', (s) => s.detail.language === 'Python');
    await click(page, 'lab-starter');
    await until(page, 'the starter', (s) => s.detail.code > 0 && s.detail.notice);
    await page.waitForTimeout(1500);
    await shot(page, `web-lab${suffix}`);
    // a JavaScript BFS, mid-film
    await click(page, 'lab-javascript');
    await until(page, 'JavaScript', (s) => s.detail.language === 'JavaScript');
    await open(page, 'bfs.js');
    await run(page, 'the BFS');
    await until(page, 'mid-film', (s) => s.detail.step >= 12);
    await press(page, 'Space');
    await shot(page, `web-lab-run${suffix}`);
    // the race, at its end
    await press(page, 'F2');
    await press(page, 'End').catch(() => {});
    for (let i = 0; i < 8; i++) await press(page, 'Equal');
    await press(page, 'Space');
    await until(page, 'the race to end', (s) => s.detail.step === s.detail.total, 60000);
    await shot(page, `web-lab-race${suffix}`);
    await press(page, 'F2');
    // a wrong one, stopped at its violation
    await open(page, 'wrong_order.js');
    await run(page, 'the wrong one');
    await until(page, 'the violation', (s) => s.detail.step === s.detail.total, 60000);
    await page.waitForTimeout(1000);
    await shot(page, `web-lab-violation${suffix}`);
    // a Minesweeper agent, the robot's probabilities over its field
    for (let i = 0; i < 30 && (await state(page)).detail.task !== 'mines-robot'; i++) await press(page, 'ArrowUp');
    await click(page, 'lab-starter');
    await until(page, 'the agent', (s) => s.detail.task === 'mines-robot' && /starter/.test(s.detail.notice ?? ''));
    await run(page, 'the agent');
    await press(page, 'Space');
    await press(page, 'Home').catch(() => {});
    for (let i = 0; i < 6; i++) await press(page, 'Period');
    await press(page, 'KeyH');
    await page.waitForTimeout(1500);
    await shot(page, `web-lab-mines${suffix}`);
    await page.close();
    console.log(`${lang}: pictures in ${out}`);
  }
} finally {
  await browser.close();
  server.kill();
}
