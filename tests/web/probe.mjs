// A quick look at one page of the web build: frame times for a few seconds and the console.
//   node tests/web/probe.mjs [QUERY] [SECONDS]
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
const query = process.argv[2] ?? '';
const seconds = Number(process.argv[3] ?? 5);
const port = 20000 + Math.floor(Math.random() * 20000);
const server = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', 'dist/web'], { stdio: 'ignore' });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium', headless: true,
  args: ['--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on('console', (m) => console.log(`console ${m.type()}: ${m.text().slice(0, 300)}`));
  page.on('pageerror', (e) => console.log(`page error: ${e.message}`));
  await page.waitForTimeout(300);
  await page.goto(`http://127.0.0.1:${port}/index.html${query}`);
  await page.waitForSelector('#loading', { state: 'detached', timeout: 120000 });
  await page.evaluate(() => { window.__f = []; let l = performance.now(); const t = (x) => { window.__f.push(x - l); l = x; requestAnimationFrame(t); }; requestAnimationFrame(t); });
  await page.waitForTimeout(seconds * 1000);
  const f = (await page.evaluate(() => window.__f)).slice(1).sort((a, b) => a - b);
  console.log(`frames ${f.length}: median ${f[f.length >> 1]?.toFixed(1)} ms, longest ${f[f.length - 1]?.toFixed(1)} ms`);
  console.log(await page.textContent('#ai-arcade-state'));
  await page.screenshot({ path: '/tmp/probe/shot.png' });
} finally {
  await browser.close();
  server.kill();
}
